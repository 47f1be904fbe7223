// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import PetSpotDomain

/// `GET /images/{file}`: photos from one directory, with their image content
/// type, a strong `ETag` and `Cache-Control` (`PhotoValidator`); `If-None-Match`
/// answers `304`, one `Range` of bytes `206` (or `416` when none of them exist).
/// Hummingbird's `FileIO` reads the bytes, whole or in part; its `FileMiddleware`
/// is not used, as its ETag is weak and its ranges unchecked.
struct ImageRoutes: Sendable {
    let directory: URL
    private let fileIO = FileIO()

    init(directory: URL) {
        self.directory = directory
    }

    /// - Parameter group: `APIRouter.imagesPath`.
    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.get("{file}") { request, context in
            try await photo(request: request, context: context)
        }
    }

    private func photo(request: Request, context: BasicRequestContext) async throws -> Response {
        let raw = context.parameters.get("file") ?? ""
        // Reject anything odd with the same 404 as a missing file: nothing to learn.
        guard let decoded = raw.removingPercentEncoding, let file = ImageFileName(decoded) else {
            throw APIError.notFound("No such image.")
        }
        let path = directory.appendingPathComponent(file.name, isDirectory: false).path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue,
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
            let modified = attributes[.modificationDate] as? Date
        else {
            throw APIError.notFound("No such image.")
        }
        let validator = PhotoValidator(name: file.name, inode: inode, size: size, modified: modified)
        var headers: HTTPFields = [
            .contentType: file.contentType, .eTag: validator.eTag, .cacheControl: validator.cacheControl,
            .acceptRanges: "bytes",
        ]
        if let ifNoneMatch = request.headers[.ifNoneMatch], validator.isMatched(byIfNoneMatch: ifNoneMatch) {
            return Response(status: .notModified, headers: headers)
        }
        if let rangeHeader = request.headers[.range], let range = ByteRange(header: rangeHeader),
            validator.allowsRange(ifRange: request.headers[.ifRange])
        {
            guard let bytes = range.bytes(inFileOf: size) else {
                return Response(
                    status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)", .contentLength: "0"])
            }
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(size)"
            headers[.contentLength] = String(bytes.count)
            let body = try await fileIO.loadFile(path: path, range: bytes, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        }
        headers[.contentLength] = String(size)
        let body = try await fileIO.loadFile(path: path, context: context)
        return Response(status: .ok, headers: headers, body: body)
    }
}
