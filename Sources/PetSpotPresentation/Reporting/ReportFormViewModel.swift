// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import Observation
import PetSpotDomain

/// Backs the "Report a Pet" form: a lost or found pet's report as
/// the user types it, checked by the same `ReportRules` the server applies,
/// then published, its password kept in the keyring, and its photo uploaded.
///
/// - Fields hold what the user typed. `problems` has every rule the form
///   breaks now; `message(for:)` shows a field's once the user has edited
///   that field, or after a submit attempt; a field the server refused shows
///   its problem until it is edited. `canSubmit` needs the whole form valid.
/// - Photos are read and checked off the main actor (`ReportPhotoReader`;
///   `ReportFormViewModel+Photo`).
/// - `submit()` goes through `State`: editing, submitting (with a progress
///   text), then done, photo failed (the report exists; Retry Photo) or
///   failed (nothing changed; every field kept; Retry). When the request may
///   have arrived without its answer (`PublishError.transport`), the next
///   attempt first looks for the report on the server, so it is never
///   published twice (`ReportFormViewModel+Submission`).
/// - Every change is kept in a draft on disk (`ReportDraftFile`), written off
///   the main actor and flushed by `flushDraft()` when the window closes;
///   `start()` restores it, and publishing removes it (`ReportFormViewModel+Draft`).
@MainActor
@Observable
public final class ReportFormViewModel: PlaceInputModel {
    public enum State: Equatable, Sendable {
        /// The user fills in the form (also after a refused submit attempt).
        case editing
        /// Sending; the text says which step ("Sending report…", "Uploading photo…").
        case submitting(progress: String)
        /// Published (with its photo, if one was chosen).
        case done(SubmittedReport)
        /// Published, but the photo could not be added: `retryPhoto()`.
        case photoFailed(SubmittedReport, message: String)
        /// Not published; every field is kept: `retry()`.
        case failed(message: String)
        /// Editing a report: the changes were saved; the report as stored now.
        case saved(Announcement)
    }

    /// What the form does with its values.
    public enum Mode: Equatable, Sendable {
        /// Publishes a new report.
        case create
        /// Changes `original`, sending only what differs from it (`ReportFormViewModel+Editing`).
        case edit(original: Announcement)
    }

    /// The photo the report will carry.
    public enum PhotoState: Equatable, Sendable {
        case none
        /// Being read and checked.
        case checking(path: String)
        /// Ready to upload; `path` for the preview.
        case ready(ReportPhoto, path: String)
        /// This file cannot be sent; the message says why.
        case problem(message: String, path: String)

        /// The file chosen, if any.
        public var path: String? {
            switch self {
            case .none: nil
            case .checking(let path), .ready(_, let path), .problem(_, let path): path
            }
        }
    }

    /// The statuses a new report can have, in the order the form offers them.
    public static let statusChoices: [AnnouncementStatus] = [.lost, .found]
    public static let speciesChoices = Species.allCases
    public static let sexChoices = Sex.allCases
    /// How much earlier than the first attempt the server's clock may date a
    /// report that attempt created.
    public static let clockSkewAllowance = CreatedReportLookup.clockSkewAllowance

    public internal(set) var state: State = .editing
    /// What the user has typed and chosen; each reads as the form's own
    /// (`petName`, `location`…), and `lastSeenDate` is the day shown.
    public internal(set) var fields = ReportFormValues()
    public internal(set) var photo = PhotoState.none
    /// Every problem the form has now, by field: the rules' and the server's.
    public internal(set) var problems: [ReportField: ReportProblem] = [:]
    /// The form was filled from a draft the last run left: the page says so
    /// ("Your unfinished report was restored") until dismissed.
    public internal(set) var restoredDraft = false
    /// The password to show and whether the form's work is over.
    public internal(set) var closing = ReportFormClosing()
    /// New report or changes to one.
    public let mode: Mode
    /// Editing: the management password, as the keyring keeps it or the user types it.
    public internal(set) var password = ReportPasswordInput.reading
    /// The last failure is one Retry cannot help (a backend that cannot
    /// change reports, a report gone or closed): the way out is closing.
    public internal(set) var failureIsFinal = false
    /// The report was put in the outbox (Send When Online): the page says it
    /// will be sent when online, until dismissed.
    public internal(set) var queuedForLater = false
    /// The last attempt could not connect to the backend at all.
    var backendUnreachable = false
    /// Reports submitted offline, sent when the backend answers; nil sends
    /// nothing later (a failure then only offers Retry).
    @ObservationIgnored public let outbox: Outbox?
    /// Editing: called once the changes are saved, with the report as stored now.
    @ObservationIgnored public var onChangesSaved: (@MainActor (Announcement) -> Void)?

    var edited: Set<ReportField> = []
    var submitAttempted = false
    /// Problems the server named, shown until their field is edited.
    var serverProblems: [ReportField: ReportProblem] = [:]

    @ObservationIgnored let publisher: any ReportPublisher
    @ObservationIgnored let repository: any AnnouncementRepository
    @ObservationIgnored let passwords: any ReportPasswordKeeping
    @ObservationIgnored let backend: String
    @ObservationIgnored let store: AnnouncementStore
    @ObservationIgnored let draftWriter: ReportDraftWriter?
    @ObservationIgnored let photoReader: ReportPhotoReader
    @ObservationIgnored let applicationHold: (any ApplicationHold)?
    @ObservationIgnored let now: @Sendable () -> Date
    @ObservationIgnored private let timeZone: TimeZone
    @ObservationIgnored let logger = Logger(label: "io.github.petspot.report-form")
    @ObservationIgnored var isStarted = false
    @ObservationIgnored var submission: Task<Void, Never>?
    @ObservationIgnored var photoCheck: Task<Void, Never>?
    @ObservationIgnored var passwordRead: Task<Void, Never>?
    @ObservationIgnored var photoGeneration = 0
    /// The photo of a published report, kept for Retry Photo.
    @ObservationIgnored var unsentPhoto: ReportPhoto?
    /// When the first attempt whose request may have arrived, though no
    /// answer did, started; nil once an answer settled it.
    @ObservationIgnored var unconfirmed: Unconfirmed?

    struct Unconfirmed {
        var since: Date
    }

    /// - Parameters:
    ///   - backend: the API base URL, naming the backend in the keyring.
    ///   - store: the announcements Home and Reports show (a new report joins
    ///     them) and the user's location ("Use My Location").
    ///   - draftFile: where the draft is kept; nil keeps none.
    ///   - applicationHold: keeps the app running while a report or its
    ///     photo is on its way, so quitting never loses the answer and its password.
    ///   - now, timeZone: today, the latest last-seen day and its default.
    ///   - outbox: where Send When Online puts a report the backend could not be reached for.
    public init(
        publisher: any ReportPublisher, repository: any AnnouncementRepository,
        passwords: any ReportPasswordKeeping, backend: String, store: AnnouncementStore,
        draftFile: ReportDraftFile?, photoReader: ReportPhotoReader = ReportPhotoReader(),
        applicationHold: (any ApplicationHold)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current, mode: Mode = .create,
        outbox: Outbox? = nil
    ) {
        self.mode = mode
        self.outbox = outbox
        self.publisher = publisher
        self.repository = repository
        self.passwords = passwords
        self.backend = backend
        self.store = store
        self.draftWriter = draftFile.map(ReportDraftWriter.init(file:))
        self.photoReader = photoReader
        self.applicationHold = applicationHold
        self.now = now
        self.timeZone = timeZone
        problems = currentProblems()
    }

    // MARK: What the page shows

    /// Today in the user's time zone: the default and the latest last-seen day.
    public var today: CalendarDay { CalendarDay(date: now(), timeZone: timeZone) }

    /// The last-seen day: the one picked, else today.
    public var lastSeenDate: CalendarDay { fields.lastSeenDate ?? today }

    /// Fields take changes: not while sending, nor once published.
    public var isEditable: Bool {
        switch state {
        case .editing, .failed: true
        case .submitting, .done, .photoFailed, .saved: false
        }
    }

    /// The whole form is valid, its photo (if any) ready, and nothing is being sent.
    public var canSubmit: Bool {
        guard isEditable, submission == nil, problems.isEmpty else { return false }
        if case .edit = mode { return canSaveChanges }
        switch photo {
        case .none, .ready: return true
        case .checking, .problem: return false
        }
    }

    /// "Use My Location" is offered once the user's location is known.
    public var canUseMyLocation: Bool { myLocation != nil }

    /// The user's location, when known: where the form's map starts.
    public var myLocation: Coordinate? { store.location.coordinate }

    /// The report or its photo is on its way.
    public var isSending: Bool { if case .submitting = state { true } else { false } }

    /// The message to show on `field`, if it has a problem the user should see now.
    public func message(for field: ReportField) -> String? {
        guard let problem = problems[field],
            serverProblems[field] != nil || submitAttempted || edited.contains(field)
        else { return nil }
        return problem.message(on: field)
    }

    /// The place as given: `PlaceInputModel`'s name for `fields.location`.
    public var location: ReportLocationInput { fields.location }
    public var latitudeMessage: String? { message(for: .locationLatitude) }
    public var longitudeMessage: String? { message(for: .locationLongitude) }

    /// The place's message: the latitude's, else the longitude's.
    public var locationMessage: String? {
        message(for: .locationLatitude) ?? message(for: .locationLongitude)
    }

    // MARK: Editing

    public func setStatus(_ status: AnnouncementStatus) {
        guard Self.statusChoices.contains(status) else { return }
        set(\.status, to: status, editing: .status)
    }

    public func setPetName(_ text: String) { set(\.petName, to: text, editing: .petName) }
    public func setSpecies(_ species: Species?) { set(\.species, to: species, editing: .species) }
    public func setBreed(_ text: String) { set(\.breed, to: text, editing: .breed) }
    public func setSex(_ sex: Sex) { set(\.sex, to: sex, editing: .sex) }
    public func setAge(_ text: String) { set(\.age, to: text, editing: .age) }
    public func setDescription(_ text: String) { set(\.description, to: text, editing: .description) }
    public func setMicrochipNumber(_ text: String) { set(\.microchipNumber, to: text, editing: .microchipNumber) }
    public func setLastSeenDate(_ day: CalendarDay) { set(\.lastSeenDate, to: day, editing: .lastSeenDate) }

    /// A place picked on the map.
    public func pickLocation(_ coordinate: Coordinate) {
        setLocation(.picked(coordinate, from: .map))
    }

    /// "Use My Location": the user's location, when known.
    public func useMyLocation() {
        guard let coordinate = store.location.coordinate else { return }
        setLocation(.picked(coordinate, from: .myLocation))
    }

    public func setLatitudeText(_ text: String) {
        if let typed = fields.location.typing(latitude: text) { setLocation(typed) }
    }

    public func setLongitudeText(_ text: String) {
        if let typed = fields.location.typing(longitude: text) { setLocation(typed) }
    }

    public func clearLocation() {
        setLocation(.none)
    }

    public func setPhone(_ text: String) { set(\.phone, to: text, editing: .phone, .contact) }
    public func setEmail(_ text: String) { set(\.email, to: text, editing: .email, .contact) }
    public func setReward(_ text: String) { set(\.reward, to: text, editing: .reward) }

    private func setLocation(_ location: ReportLocationInput) {
        set(\.location, to: location, editing: .locationLatitude, .locationLongitude)
    }

    /// Changes one field's value, unless it is the same; `edited` are the
    /// fields whose problems show from now on.
    private func set<Value: Equatable>(
        _ keyPath: WritableKeyPath<ReportFormValues, Value>, to value: Value, editing edited: ReportField...
    ) {
        guard value != fields[keyPath: keyPath], isEditable else { return }
        fields[keyPath: keyPath] = value
        for field in edited {
            self.edited.insert(field)
            serverProblems[field] = nil
        }
        changed()
    }

    func changed() {
        problems = currentProblems()
        draftWriter?.enqueue(draft)
    }

    // MARK: Rules

    func validated() -> Result<NewReport, ReportProblems> {
        fields.validated(today: today)
    }

    func currentProblems() -> [ReportField: ReportProblem] {
        var found: [ReportField: ReportProblem] = [:]
        if case .failure(let problems) = validated() { found = problems.byField }
        return found.merging(serverProblems) { _, server in server }
    }
}
