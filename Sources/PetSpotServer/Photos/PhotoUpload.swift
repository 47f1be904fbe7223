// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import MultipartKit
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// Reads the `photo` file part out of a streamed `multipart/form-data` body
/// with multipart-kit's parser, keeping at most `maximumPhotoBytes` of it
/// (`ReportPhoto.maximumBytes` but in tests) and reading little more in all:
/// a larger body is refused as soon as it is seen to be larger, never buffered.
struct PhotoUpload {
    static let fieldName = "photo"

    /// What a body may bring besides the photo's bytes: room for the part
    /// headers and any small form fields.
    static let formOverheadBytes = 64 * 1024
    /// The longest multipart boundary (RFC 2046: 1 to 70 characters).
    static let maximumBoundaryLength = 70

    /// The largest body read for a photo of at most `maximumPhotoBytes`.
    static func maximumBodyBytes(forPhotosUpTo maximumPhotoBytes: Int) -> Int {
        maximumPhotoBytes + formOverheadBytes
    }

    /// The boundary of a `multipart/form-data` content type, or nil.
    static func boundary(contentType: String?) -> String? {
        guard let contentType else { return nil }
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parameters.dropFirst() {
            guard let equals = parameter.firstIndex(of: "="),
                parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "boundary"
            else { continue }
            var value = parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return (1...maximumBoundaryLength).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// The photo's bytes (possibly empty), or nil when the body has no `photo` part.
    static func read(
        _ body: RequestBody, boundary: String, maximumPhotoBytes: Int
    ) async throws(APIError) -> ByteBuffer? {
        let parser = MultipartParser(boundary: boundary)
        var headerNames = MultipartHeaderNameCheck(boundary: boundary)
        let collector = PartCollector(maximumPhotoBytes: maximumPhotoBytes)
        let maximumBodyBytes = maximumBodyBytes(forPhotosUpTo: maximumPhotoBytes)
        parser.onHeader = { name, value in collector.header(name, value) }
        parser.onBody = { chunk in collector.body(&chunk) }
        parser.onPartComplete = { collector.partComplete() }
        var received = 0
        do {
            for try await chunk in body {
                received += chunk.readableBytes
                if received > maximumBodyBytes { throw PhotoTooLarge() }
                guard headerNames.accepts(chunk) else { throw NotMultipart() }
                try parser.execute(chunk)
                if collector.photoTooLarge { throw PhotoTooLarge() }
            }
        } catch is PhotoTooLarge {
            throw .payloadTooLarge(
                "The photo must be at most \(maximumPhotoBytes) bytes.", field: fieldName)
        } catch {
            throw .invalidBody("The body is not multipart/form-data.")
        }
        // The body ended inside a part (its headers or its bytes).
        if collector.isInsidePart { throw .invalidBody("The multipart body ends inside a part.") }
        switch collector.photo {
        case .none: return nil
        case .partial: throw .invalidBody("The multipart body ends inside the photo.")
        case .complete(let bytes): return bytes
        }
    }

    private struct PhotoTooLarge: Error {}
    /// A header name the parser cannot read (`MultipartHeaderNameCheck`).
    private struct NotMultipart: Error {}

    /// The first `photo` part, as far as it has been read.
    private enum PhotoState {
        case none
        /// Its bytes so far; the part's boundary has not come yet.
        case partial(ByteBuffer)
        /// Whole: the boundary after it has been read.
        case complete(ByteBuffer)
    }

    /// Collects the parser's callbacks: the first `photo` part's bytes only.
    private final class PartCollector {
        let maximumPhotoBytes: Int
        private var headers = HTTPHeaders()
        /// A part has begun (headers or bytes) and its boundary has not come yet.
        private(set) var isInsidePart = false

        init(maximumPhotoBytes: Int) {
            self.maximumPhotoBytes = maximumPhotoBytes
        }
        /// Whether the part being read is the photo; nil until its headers end.
        private var isPhotoPart: Bool?
        private(set) var photo = PhotoState.none
        private(set) var photoTooLarge = false

        func header(_ name: String, _ value: String) {
            isInsidePart = true
            headers.add(name: name, value: value)
        }

        func body(_ chunk: inout ByteBuffer) {
            isInsidePart = true
            startPartIfNeeded()
            guard isPhotoPart == true, case .partial(var bytes) = photo else { return }
            guard bytes.readableBytes + chunk.readableBytes <= maximumPhotoBytes else {
                photoTooLarge = true
                photo = .none
                return
            }
            photo = .none  // keeps `bytes` uniquely referenced: appended in place
            bytes.writeBuffer(&chunk)
            photo = .partial(bytes)
        }

        func partComplete() {
            // A part with no bytes at all (an empty file) never called `body`.
            startPartIfNeeded()
            if isPhotoPart == true, case .partial(let bytes) = photo { photo = .complete(bytes) }
            headers = HTTPHeaders()
            isPhotoPart = nil
            isInsidePart = false
        }

        /// Headers end where the body begins: decide once per part.
        private func startPartIfNeeded() {
            guard isPhotoPart == nil else { return }
            let isPhoto: Bool
            if case .none = photo {
                isPhoto = MultipartPart(headers: headers, body: ByteBuffer()).name == fieldName
            } else {
                isPhoto = false
            }
            isPhotoPart = isPhoto
            if isPhoto { photo = .partial(ByteBuffer()) }
        }
    }
}
