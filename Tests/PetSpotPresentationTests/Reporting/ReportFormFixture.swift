// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotLocking
import PetSpotTestSupport

@testable import PetSpotPresentation

/// A clock the test sets: what the form calls now.
final class TestNow: Sendable {
    private let date: Locked<Date>

    init(_ date: Date) { self.date = Locked(date) }

    var value: Date { date.withLock { $0 } }
    func set(_ newDate: Date) { date.withLock { $0 = newDate } }
    func advance(by seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Files in a folder of the test's own, removed by nobody (the system's temporary folder).
struct TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("petspot-report-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// A file holding `bytes`.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) -> String {
        let file = file(name)
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
        return file.path
    }

    /// A JPEG's first bytes and some more: enough for the form's checks.
    @discardableResult
    func jpeg(_ name: String = "luna.jpg") -> String {
        write([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [UInt8](repeating: 7, count: 64), to: name)
    }

    /// A real 4 × 3 PNG (its header's size is checked).
    @discardableResult
    func png(_ name: String = "luna.png") -> String {
        write(TestPNG.image(width: 4, height: 3), to: name)
    }

    /// A file of `size` bytes that takes no space (nothing is written).
    func sparse(_ name: String, size: Int) throws -> String {
        let file = file(name)
        _ = FileManager.default.createFile(atPath: file.path, contents: Data([0xFF, 0xD8, 0xFF]))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return file.path
    }
}

/// The form with fakes all round: a publisher, a repository (for the lists
/// and the search after a lost answer), a keyring, a draft in a folder of its own.
@MainActor
struct ReportFormFixture {
    static let backend = "http://127.0.0.1:3000"
    /// 2027-01-15 08:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let today = CalendarDay(year: 2027, month: 1, day: 15)!
    static let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)!

    let publisher = FakeReportPublisher()
    let repository = FakeAnnouncementRepository()
    let passwords = FakeReportPasswordKeeping()
    let now = TestNow(Self.start)
    let folder = TemporaryFolder()
    let log = RecordingLog()
    let store: AnnouncementStore
    let draftFile: ReportDraftFile

    init(userLocation: Coordinate? = nil) {
        store = AnnouncementStore(
            repository: repository, userLocation: userLocation, locale: Locale(identifier: "en_GB"))
        draftFile = ReportDraftFile(fileURL: folder.file("data/petspot/report-draft.json"), logger: log.logger)
    }

    func makeForm(
        timeZone: TimeZone = TimeZone(identifier: "Europe/Warsaw")!,
        applicationHold: (any ApplicationHold)? = nil
    ) -> ReportFormViewModel {
        let now = self.now
        return ReportFormViewModel(
            publisher: publisher, repository: repository, passwords: passwords, backend: Self.backend, store: store,
            draftFile: draftFile, applicationHold: applicationHold, now: { now.value }, timeZone: timeZone)
    }

    /// A form that can be sent: a lost cat named Luna, seen in Warsaw, with an email address.
    func filledForm() -> ReportFormViewModel {
        let form = makeForm()
        fill(form)
        return form
    }

    func fill(_ form: ReportFormViewModel) {
        form.setPetName("Luna")
        form.setSpecies(.cat)
        form.setBreed("Tabby")
        form.setSex(.female)
        form.setAge("3")
        form.setDescription("Grey tabby with a white patch.")
        form.setMicrochipNumber("616093900012345")
        form.pickLocation(Self.warsaw)
        form.setEmail("owner@example.org")
        form.setReward("500 PLN")
    }

    /// Submits and waits for the outcome.
    func submit(_ form: ReportFormViewModel) async {
        form.submit()
        await form.waitForSubmission()
    }
}

extension ReportFormViewModel.State {
    var submitted: SubmittedReport? {
        switch self {
        case .done(let report), .photoFailed(let report, _): report
        case .editing, .submitting, .failed, .saved: nil
        }
    }
}
