// SPDX-License-Identifier: GPL-3.0-or-later

import Dispatch
import Foundation
import Logging
import PetSpotClient
import PetSpotDomain
import PetSpotPresentation
import PetSpotUI

/// `petspot --poster ID --output FILE`: the report's poster as a PDF, with no
/// window (and no display needed): fetched from the backend, its photo and
/// public page looked up, drawn by the same code as the print dialog's.
enum PosterCommand {
    /// Exit statuses besides 0 (README.md, "Printing a poster").
    enum Failure: Int32, Error {
        case reportNotFound = 1
        case backendUnavailable = 2
        case notWritten = 3
    }

    static func run(reportID: String, output: String, backend: Backend) -> Int32 {
        let outputURL = URL(fileURLWithPath: output)
        let folder = outputURL.deletingLastPathComponent().path
        guard FileManager.default.isWritableFile(atPath: folder) else {
            fail("Cannot write \(output): \(folder) is not a folder PetSpot may write to.")
            return Failure.notWritten.rawValue
        }
        let fetched = Completion<Result<(Announcement, URL?, Data?), Failure>>()
        Task.detached {
            fetched.finish(await fetch(reportID: reportID, backend: backend))
        }
        let (announcement, pageURL, photo): (Announcement, URL?, Data?)
        switch fetched.wait() {
        case .success(let values): (announcement, pageURL, photo) = values
        case .failure(let failure): return failure.rawValue
        }
        let poster = PosterContent(announcement, pageURL: pageURL)
        do {
            try MainActor.assumeIsolated {
                try PosterExport.writePDF(poster, photo: photo, to: outputURL.path)
            }
        } catch {
            fail("Cannot write \(output): \(error)")
            return Failure.notWritten.rawValue
        }
        return 0
    }

    private static func fetch(reportID: String, backend: Backend) async -> Result<
        (Announcement, URL?, Data?), Failure
    > {
        let announcement: Announcement
        do {
            announcement = try await backend.repository.announcement(id: reportID)
        } catch .notFound {
            fail("There is no report “\(reportID)” on the PetSpot backend.")
            return .failure(.reportNotFound)
        } catch {
            fail("The PetSpot backend could not be asked for report “\(reportID)”: \(error.userMessage)")
            return .failure(.backendUnavailable)
        }
        let probe = ReportPageProbe { try? await backend.baseURL() }
        async let pageURL = probe.pageURL(forReport: announcement.id)
        var photo: Data?
        if let url = announcement.photoURL,
            case .data(let data) = await HTTPPhotoFetcher(deadline: PosterExport.photoDeadline).photo(at: url)
        {
            photo = data
        }
        return .success((announcement, await pageURL, photo))
    }

    private static func fail(_ message: String) {
        FileHandle.standardError.write(Data("petspot: \(message)\n".utf8))
    }
}

/// One value handed from a task to the thread waiting for it.
private final class Completion<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is written once before `signal` and read after `wait`.
    private var value: Value?
    private let done = DispatchSemaphore(value: 0)

    func finish(_ value: Value) {
        self.value = value
        done.signal()
    }

    func wait() -> Value {
        done.wait()
        return value!
    }
}
