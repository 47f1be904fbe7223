// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import Logging
import NIOCore
import PetSpotDomain

/// `POST /api/v1/announcements/{id}/photos`: the report's photo, as the
/// `photo` file of a `multipart/form-data` body, authorised by HTTP Basic
/// with the report's management password (any user name). Answers `201 {}`;
/// the report's `photoUrl` then names the new file under `/images/`.
struct PhotoUploadRoute: Sendable {
    let database: any ReportDatabase
    /// Shared with `UpdateReportRoute`: one guess limit per report.
    let passwordCheck: ReportPasswordCheck
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
        try await database.storePhoto(photo, named: name)
        let previous: String?
        do {
            previous = try await database.setPhoto(ofReport: id, to: "/images/\(name)")
        } catch {
            // No report names the photo: it must not stay behind.
            try? await database.deletePhoto(named: name)
            if case ReportWriteError.noSuchReport = error { throw APIError.notFound("No announcement with this id.") }
            throw error
        }
        // The photo it replaces was an earlier upload for this same report.
        if let previous, let old = ImageFileName(photoURL: previous), Self.isUploadName(old.name) {
            try? await database.deletePhoto(named: old.name)
        }
        context.logger.info("Stored photo \(name) (\(photo.readableBytes) bytes) for report \(id)")
        return JSONResponse.make(body: ByteBuffer(string: "{}"), status: .created)
    }

    /// `<lowercase UUID>.<extension>`, the names uploads get.
    static func isUploadName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        let stem = String(name[..<dot])
        return stem.count == 36 && UUID(uuidString: stem) != nil && stem == stem.lowercased()
    }
}
