// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PixbufKit

/// Why a photo file the user picked cannot be sent.
public enum PhotoFileProblem: Error, Sendable, Hashable {
    /// Not a JPEG, PNG, GIF or WebP image (judged by its first bytes, not its name).
    case notAnImage
    /// Larger than the backend takes (`ReportPhoto.maximumBytes`).
    case tooLarge
    /// More pixels than any client decodes (`PhotoLimits`), even scaled down.
    case tooManyPixels
    /// Missing, a folder, not allowed, or failed while being read.
    case unreadable

    /// A short sentence for the photo row.
    public var message: String {
        switch self {
        case .notAnImage:
            return tr("This file is not a JPEG, PNG, GIF or WebP image")
        case .tooLarge:
            let size = (ReportPhoto.maximumBytes / (1024 * 1024)).formatted(.number.locale(Localization.locale))
            // TRANSLATORS: {size} is a number of megabytes, such as "20".
            return tr("Choose a photo smaller than {size} MB", ["size": size])
        case .tooManyPixels:
            let count = (PhotoLimits.maximumPixels / 1_000_000).formatted(.number.locale(Localization.locale))
            // TRANSLATORS: {count} is a number of megapixels, such as "40".
            return tr("Choose a photo of at most {count} megapixels", ["count": count])
        case .unreadable:
            return tr("The file could not be read")
        }
    }
}

/// Reads and checks a photo file for a report, off the main actor: its size
/// first (a 4 GB video is never read into memory), then its bytes, then its
/// kind by its first bytes; a large photo is then scaled down for upload
/// (`UploadPhotoScaler`), so the server gets one every client can show. The
/// form and My Reports read photos the same way.
public struct ReportPhotoReader: Sendable {
    /// Larger files are refused before they are read.
    public var maximumBytes: Int
    private let scaler = UploadPhotoScaler()

    public init(maximumBytes: Int = PhotoLimits.maximumBytes) {
        self.maximumBytes = maximumBytes
    }

    /// The photo at `path`, ready to upload, or why it cannot be.
    @concurrent
    public func read(path: String) async -> Result<ReportPhoto, PhotoFileProblem> {
        readNow(path: path)
    }

    /// `read(path:)` on the caller's thread: it blocks on the file system.
    public func readNow(path: String) -> Result<ReportPhoto, PhotoFileProblem> {
        let url = URL(fileURLWithPath: path)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return .failure(.unreadable) }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            guard try handle.seekToEnd() <= UInt64(maximumBytes) else { return .failure(.tooLarge) }
            try handle.seek(toOffset: 0)
            // One byte more than allowed tells a file that grew since it was measured.
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            return .failure(.unreadable)
        }
        guard data.count <= maximumBytes else { return .failure(.tooLarge) }
        guard let kind = PhotoKind(sniffing: data) else { return .failure(.notAnImage) }
        switch scaler.prepare(data) {
        case .asGiven:
            return .success(ReportPhoto(data: data, fileName: url.lastPathComponent, mimeType: kind.mimeType))
        case .scaled(let scaled, let scaledKind):
            // A GIF or WebP scaled down is a PNG now: its name says so.
            let name =
                scaledKind == kind
                ? url.lastPathComponent
                : url.deletingPathExtension().lastPathComponent + "." + scaledKind.fileExtension
            return .success(ReportPhoto(data: scaled, fileName: name, mimeType: scaledKind.mimeType))
        case .tooLarge:
            return .failure(.tooManyPixels)
        case .notAnImage:
            return .failure(.notAnImage)
        }
    }
}
