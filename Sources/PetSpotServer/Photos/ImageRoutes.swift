// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import PetSpotDomain

/// `GET /images/{file}`: the photos the database keeps, with their image
/// content type, a strong `ETag` and `Cache-Control` (`PhotoValidator`);
/// `If-None-Match` answers `304`, one `Range` of bytes `206` (or `416` when
/// none of them exist). A photo the database keeps as a file is read by
/// Hummingbird's `FileIO`, whole or in part; its `FileMiddleware` is not used,
/// as its ETag is weak and its ranges unchecked.
struct ImageRoutes: Sendable {
    let database: any ReportDatabase
    private let fileIO = FileIO()

    init(database: any ReportDatabase) {
        self.database = database
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
        guard let photo = try await database.photo(named: file.name) else {
            throw APIError.notFound("No such image.")
        }
        let size = photo.size
        let validator = PhotoValidator(name: file.name, version: photo.version)
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
            let body = try await photoBody(of: photo, range: bytes, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        }
        headers[.contentLength] = String(size)
        let body = try await photoBody(of: photo, range: nil, context: context)
        return Response(status: .ok, headers: headers, body: body)
    }

    /// The photo's bytes, or those in `range` (within its size).
    private func photoBody(
        of photo: StoredPhoto, range: ClosedRange<Int>?, context: BasicRequestContext
    ) async throws -> ResponseBody {
        switch photo.bytes {
        case .file(let path):
            if let range { return try await fileIO.loadFile(path: path, range: range, context: context) }
            return try await fileIO.loadFile(path: path, context: context)
        case .inMemory(let buffer):
            guard let range else { return ResponseBody(byteBuffer: buffer) }
            return ResponseBody(
                byteBuffer: buffer.getSlice(at: buffer.readerIndex + range.lowerBound, length: range.count) ?? buffer)
        }
    }
}
