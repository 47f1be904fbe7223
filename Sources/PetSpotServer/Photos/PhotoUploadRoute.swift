// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import PetSpotDomain

/// `POST /api/v1/announcements/{id}/photos`: the report's photo, as the
/// `photo` file of a `multipart/form-data` body, authorised by HTTP Basic
/// with the report's management password (any user name). Answers `201 {}`;
/// the report's `photoUrl` then names the new file under `/images/`.
struct PhotoUploadRoute: Sendable {
    let database: AnnouncementDatabase
    /// Shared with `UpdateReportRoute`: one guess limit per report.
    let passwordCheck: ReportPasswordCheck
    let imagesDirectory: URL
    let maximumPhotoBytes: Int
    let photoCheck: PhotoCheck

    /// Below `APIRouter.announcementsPath`.
    static let path: RouterPath = "{id}/photos"

    /// - Parameter group: `APIRouter.announcementsPath`.
    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.post(Self.path) { request, context in
            try await upload(request: request, context: context)
        }
    }

    private func upload(request: Request, context: BasicRequestContext) async throws -> Response {
        if let length = RequestBodyReader.declaredLength(of: request),
            length > PhotoUpload.maximumBodyBytes(forPhotosUpTo: maximumPhotoBytes)
        {
            throw APIError.payloadTooLarge(
                "The photo must be at most \(maximumPhotoBytes) bytes.", field: PhotoUpload.fieldName)
        }
        let id = try await passwordCheck.authorize(request, context: context, action: "a photo")

        guard let boundary = PhotoUpload.boundary(contentType: request.headers[.contentType]) else {
            throw APIError.invalidBody("The body must be multipart/form-data with a boundary.")
        }
        guard
            let photo = try await PhotoUpload.read(
                request.body, boundary: boundary, maximumPhotoBytes: maximumPhotoBytes), photo.readableBytes > 0
        else {
            throw APIError(
                status: .badRequest, code: .missingFile, message: "The body has no photo file.",
                field: PhotoUpload.fieldName)
        }
        guard let kind = PhotoKind(sniffing: photo.readableBytesView) else {
            throw APIError(
                status: .badRequest, code: .notAnImage, message: "The photo must be a JPEG, PNG, GIF or WebP image.",
                field: PhotoUpload.fieldName)
        }
        try await photoCheck.verify(photo)

        let name = "\(UUID().uuidString.lowercased()).\(kind.fileExtension)"
        try await write(photo, named: name, context: context)
        let previous: String?
        do {
            previous = try await database.setPhoto(ofReport: id, to: "/images/\(name)")
        } catch {
            // No report names the file: it must not stay behind.
            try? await remove(name)
            if case ReportWriteError.noSuchReport = error { throw APIError.notFound("No announcement with this id.") }
            throw error
        }
        // The photo it replaces was an earlier upload for this same report.
        if let previous, let old = ImageFileName(photoURL: previous), Self.isUploadName(old.name) {
            try? await remove(old.name)
        }
        context.logger.info("Stored photo \(name) (\(photo.readableBytes) bytes) for report \(id)")
        return JSONResponse.make(body: ByteBuffer(string: "{}"), status: .created)
    }

    /// Written whole under a hidden name (never served: `ImageFileName`
    /// refuses names starting with a dot), then renamed into place. The
    /// buffer the body was read into is written as it is, never copied.
    private func write(_ photo: ByteBuffer, named name: String, context: BasicRequestContext) async throws {
        let temporary = imagesDirectory.appendingPathComponent(".upload-\(name)", isDirectory: false)
        let destination = imagesDirectory.appendingPathComponent(name, isDirectory: false)
        let directory = imagesDirectory
        try await NIOThreadPool.singleton.runIfActive {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        do {
            try await FileIO(threadPool: .singleton).writeFile(buffer: photo, path: temporary.path, context: context)
            try await NIOThreadPool.singleton.runIfActive {
                try FileManager.default.moveItem(at: temporary, to: destination)
            }
        } catch {
            try? await NIOThreadPool.singleton.runIfActive { try FileManager.default.removeItem(at: temporary) }
            throw error
        }
    }

    private func remove(_ name: String) async throws {
        let url = imagesDirectory.appendingPathComponent(name, isDirectory: false)
        try await NIOThreadPool.singleton.runIfActive { try FileManager.default.removeItem(at: url) }
    }

    /// `<lowercase UUID>.<extension>`, the names uploads get.
    static func isUploadName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        let stem = String(name[..<dot])
        return stem.count == 36 && UUID(uuidString: stem) != nil && stem == stem.lowercased()
    }
}
