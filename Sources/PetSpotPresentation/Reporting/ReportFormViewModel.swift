import Foundation
import Logging
import Observation
import PetSpotDomain

/// Backs the "Report a Pet" form (issue 12): a lost or found pet's report as
/// the user types it, checked by the same `ReportRules` the server applies,
/// then published, its password kept in the keyring, and its photo uploaded.
///
/// - Fields hold what the user typed. `problems` has every rule the form
///   breaks now; `message(for:)` shows a field's once the user has edited
///   that field, or after a submit attempt; a field the server refused shows
///   its problem until it is edited. `canSubmit` needs the whole form valid.
/// - Photos are read and checked off the main actor (`ReportPhotoReader`).
/// - `submit()` goes through `State`: editing, submitting (with a progress
///   text), then done, photo failed (the report exists; Retry Photo) or
///   failed (nothing changed; every field kept; Retry). When the request may
///   have arrived without its answer (`PublishError.transport`), the next
///   attempt first looks for the report on the server, so it is never
///   published twice.
/// - Every change is kept in a draft on disk (`ReportDraftFile`), written off
///   the main actor and flushed by `flushDraft()` when the window closes;
///   `start()` restores it, and publishing removes it.
@MainActor
@Observable
public final class ReportFormViewModel {
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
    public static let clockSkewAllowance: TimeInterval = 5 * 60

    public private(set) var state: State = .editing
    /// Lost or Found, chosen first.
    public private(set) var status: AnnouncementStatus = .lost
    public private(set) var petName = ""
    /// nil until the user chooses one.
    public private(set) var species: Species?
    public private(set) var breed = ""
    public private(set) var sex: Sex = .unknown
    /// The age in years, as typed.
    public private(set) var age = ""
    public private(set) var description = ""
    public private(set) var microchipNumber = ""
    /// The day picked, or nil while the form shows today.
    public private(set) var chosenLastSeenDate: CalendarDay?
    public private(set) var location = ReportLocationInput.none
    public private(set) var phone = ""
    public private(set) var email = ""
    public private(set) var reward = ""
    public private(set) var photo = PhotoState.none
    /// Every problem the form has now, by field: the rules' and the server's.
    public private(set) var problems: [ReportField: ReportProblem] = [:]
    /// The form was filled from a draft the last run left: the page says so
    /// ("Your unfinished report was restored") until dismissed.
    public private(set) var restoredDraft = false
    /// The password to show and whether the form's work is over.
    public private(set) var closing = ReportFormClosing()

    private var edited: Set<ReportField> = []
    private var submitAttempted = false
    /// Problems the server named, shown until their field is edited.
    private var serverProblems: [ReportField: ReportProblem] = [:]

    @ObservationIgnored private let publisher: any ReportPublisher
    @ObservationIgnored private let repository: any AnnouncementRepository
    @ObservationIgnored private let passwords: any ReportPasswordKeeping
    @ObservationIgnored private let backend: String
    @ObservationIgnored private let store: AnnouncementStore
    @ObservationIgnored private let draftWriter: ReportDraftWriter?
    @ObservationIgnored private let photoReader: ReportPhotoReader
    @ObservationIgnored private let applicationHold: (any ApplicationHold)?
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let timeZone: TimeZone
    @ObservationIgnored private let logger = Logger(label: "io.github.petspot.report-form")
    @ObservationIgnored private var isStarted = false
    @ObservationIgnored private var submission: Task<Void, Never>?
    @ObservationIgnored private var photoCheck: Task<Void, Never>?
    @ObservationIgnored private var photoGeneration = 0
    /// The photo of a published report, kept for Retry Photo.
    @ObservationIgnored private var unsentPhoto: ReportPhoto?
    /// When the first attempt whose request may have arrived, though no
    /// answer did, started; nil once an answer settled it.
    @ObservationIgnored private var unconfirmed: Unconfirmed?

    private struct Unconfirmed {
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
    public init(
        publisher: any ReportPublisher, repository: any AnnouncementRepository,
        passwords: any ReportPasswordKeeping, backend: String, store: AnnouncementStore,
        draftFile: ReportDraftFile?, photoReader: ReportPhotoReader = ReportPhotoReader(),
        applicationHold: (any ApplicationHold)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current
    ) {
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
    public var lastSeenDate: CalendarDay { chosenLastSeenDate ?? today }

    /// Fields take changes: not while sending, nor once published.
    public var isEditable: Bool {
        switch state {
        case .editing, .failed: true
        case .submitting, .done, .photoFailed: false
        }
    }

    /// The whole form is valid, its photo (if any) ready, and nothing is being sent.
    public var canSubmit: Bool {
        guard isEditable, submission == nil, problems.isEmpty else { return false }
        switch photo {
        case .none, .ready: return true
        case .checking, .problem: return false
        }
    }

    /// "Use My Location" is offered once the user's location is known.
    public var canUseMyLocation: Bool { myLocation != nil }

    /// The user's location, when known: where the form's map starts.
    public var myLocation: Coordinate? { store.location.coordinate }

    /// Retry Photo is possible: the photo failed and the password is known.
    public var canRetryPhoto: Bool { photoCanFollow && submission == nil }

    /// The report or its photo is on its way.
    public var isSending: Bool { if case .submitting = state { true } else { false } }

    /// The photo failed, and the password and photo to try again are kept.
    private var photoCanFollow: Bool {
        guard case .photoFailed(let report, _) = state else { return false }
        return report.password != nil && unsentPhoto != nil
    }

    /// The message to show on `field`, if it has a problem the user should see now.
    public func message(for field: ReportField) -> String? {
        guard let problem = problems[field],
              serverProblems[field] != nil || submitAttempted || edited.contains(field)
        else { return nil }
        return problem.message(on: field)
    }

    /// The place's message: the latitude's, else the longitude's.
    public var locationMessage: String? {
        message(for: .locationLatitude) ?? message(for: .locationLongitude)
    }

    // MARK: Opening and closing

    /// The form opens: the first time, the draft a previous run left is restored.
    /// The file is a few kilobytes, read on the main actor.
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        guard let draft = draftWriter?.file.load() else { return }
        restore(draft)
        restoredDraft = true
    }

    public func dismissRestoredDraftNotice() {
        restoredDraft = false
    }

    /// The window closes or the app quits: the draft is written now, on this thread.
    public func flushDraft() {
        draftWriter?.flush(draft)
    }

    /// The user closed the dialog that showed the report's password.
    public func passwordSeen() {
        closing.passwordSeen(in: state, photoCanFollow: photoCanFollow)
    }

    /// The user asks to quit. Returns whether the app may quit now; while a
    /// report or photo is on its way it may not: the form finishes once the
    /// answer is in (and its password kept or shown), and then the app quits.
    public func requestQuit() -> Bool {
        flushDraft()
        guard isSending else { return true }
        closing.requestQuit()
        return false
    }

    // MARK: Editing

    public func setStatus(_ status: AnnouncementStatus) {
        guard Self.statusChoices.contains(status), status != self.status else { return }
        edit(.status) { self.status = status }
    }

    public func setPetName(_ text: String) {
        guard text != petName else { return }
        edit(.petName) { petName = text }
    }

    public func setSpecies(_ species: Species?) {
        guard species != self.species else { return }
        edit(.species) { self.species = species }
    }

    public func setBreed(_ text: String) {
        guard text != breed else { return }
        edit(.breed) { breed = text }
    }

    public func setSex(_ sex: Sex) {
        guard sex != self.sex else { return }
        edit(.sex) { self.sex = sex }
    }

    public func setAge(_ text: String) {
        guard text != age else { return }
        edit(.age) { age = text }
    }

    public func setDescription(_ text: String) {
        guard text != description else { return }
        edit(.description) { description = text }
    }

    public func setMicrochipNumber(_ text: String) {
        guard text != microchipNumber else { return }
        edit(.microchipNumber) { microchipNumber = text }
    }

    public func setLastSeenDate(_ day: CalendarDay) {
        guard day != chosenLastSeenDate else { return }
        edit(.lastSeenDate) { chosenLastSeenDate = day }
    }

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
        guard text != location.latitudeText else { return }
        var typed = location
        typed.latitudeText = text
        typed.source = .typed
        setLocation(typed)
    }

    public func setLongitudeText(_ text: String) {
        guard text != location.longitudeText else { return }
        var typed = location
        typed.longitudeText = text
        typed.source = .typed
        setLocation(typed)
    }

    public func clearLocation() {
        setLocation(.none)
    }

    public func setPhone(_ text: String) {
        guard text != phone else { return }
        edit(.phone, .contact) { phone = text }
    }

    public func setEmail(_ text: String) {
        guard text != email else { return }
        edit(.email, .contact) { email = text }
    }

    public func setReward(_ text: String) {
        guard text != reward else { return }
        edit(.reward) { reward = text }
    }

    /// The file the user picked: read and checked off the main actor.
    public func choosePhoto(path: String) {
        guard isEditable, path != photo.path else { return }
        checkPhoto(path)
        changed()
    }

    public func removePhoto() {
        guard isEditable, photo != .none else { return }
        photoGeneration += 1
        photoCheck?.cancel()
        photo = .none
        changed()
    }

    private func setLocation(_ newLocation: ReportLocationInput) {
        guard newLocation != location else { return }
        edit(.locationLatitude, .locationLongitude) { location = newLocation }
    }

    private func edit(_ fields: ReportField..., change: () -> Void) {
        guard isEditable else { return }
        change()
        for field in fields {
            edited.insert(field)
            serverProblems[field] = nil
        }
        changed()
    }

    private func changed() {
        problems = currentProblems()
        draftWriter?.enqueue(draft)
    }

    // MARK: Submitting

    /// Sends the report when the form is valid; otherwise every field's
    /// problem shows. Ignored while a submission is under way.
    public func submit() {
        guard isEditable, submission == nil else { return }
        submitAttempted = true
        problems = currentProblems()
        guard canSubmit, case .success(let report) = validated() else {
            state = .editing
            return
        }
        let photo: ReportPhoto? = if case .ready(let photo, _) = self.photo { photo } else { nil }
        state = .submitting(progress: tr("Sending report…"))
        startSubmission { await self.send(report, photo: photo) }
    }

    /// After a failure: the same as Submit.
    public func retry() {
        guard case .failed = state else { return }
        submit()
    }

    /// After the photo failed: uploads it again with the report's password.
    public func retryPhoto() {
        guard canRetryPhoto, case .photoFailed(let report, _) = state, let photo = unsentPhoto else { return }
        state = .submitting(progress: tr("Uploading photo…"))
        startSubmission { await self.upload(photo, for: report) }
    }

    /// Runs `work` as the one submission, holding the app meanwhile.
    private func startSubmission(_ work: @escaping @MainActor () async -> Void) {
        applicationHold?.hold()
        submission = Task {
            await work()
            self.submission = nil
            if case .failed = self.state { self.closing.sendFailed() }
            self.applicationHold?.release()
        }
    }

    /// The report was published, with its photo or without: what the form
    /// shows, and whether its work is over.
    private func settle(_ outcome: State) {
        state = outcome
        closing.reached(outcome, photoCanFollow: photoCanFollow)
    }

    /// After publishing: an empty form for another report (not before the
    /// password has been shown).
    public func startNewReport() {
        switch state {
        case .done, .photoFailed:
            guard submission == nil, closing.passwordToShow == nil else { return }
            unsentPhoto = nil
            closing.reset()
            state = .editing
        case .editing, .submitting, .failed:
            return
        }
    }

    /// Completes when the submission under way (if any) has ended.
    public func waitForSubmission() async {
        await submission?.value
    }

    /// Completes when the photo being checked (if any) is ready or refused.
    public func waitForPhotoCheck() async {
        await photoCheck?.value
    }

    /// Completes when every change so far is written to the draft file.
    public func waitForDraftWrites() async {
        await draftWriter?.waitUntilWritten()
    }

    private func send(_ report: NewReport, photo: ReportPhoto?) async {
        let startedAt = now()
        if let unconfirmed {
            // Only this very report counts: one the user has corrected since is
            // sent again rather than taken for the uncorrected one.
            switch await findCreated([report], since: unconfirmed.since) {
            case .success(let created?):
                logger.info("A report sent without an answer was created after all", metadata: ["id": "\(created.id)"])
                self.unconfirmed = nil
                await published(created, password: nil, photo: photo)
                return
            case .success(nil):
                break
            case .failure(let error):
                state = .failed(message: Self.notSentMessage(error.userMessage))
                return
            }
        }
        // Until a definite answer, this report may be created: the draft says
        // so before the request leaves, so that quitting meanwhile still
        // makes the next run look for it rather than send it twice.
        let previous = unconfirmed
        unconfirmed = Unconfirmed(since: previous?.since ?? startedAt)
        draftWriter?.enqueue(draft)
        do throws(PublishError) {
            let result = try await publisher.publish(report)
            unconfirmed = nil
            await published(result.announcement, password: result.managementPassword, photo: photo)
        } catch {
            // A refusal is an answer: this attempt created nothing.
            if case .transport = error {} else { unconfirmed = previous }
            handleFailure(error)
        }
    }

    private func handleFailure(_ error: PublishError) {
        switch error {
        case .transport(let cause):
            // The request may have arrived: the next attempt looks for it first
            // (`unconfirmed`, kept in the draft for a later run too).
            draftWriter?.enqueue(draft)
            state = .failed(message: Self.notSentMessage(cause.userMessage))
        case .rejected(let field?, let problem):
            serverProblems[field] = problem
            problems = currentProblems()
            state = .failed(message: tr("The server did not accept the report. Check the marked field."))
        case .rejected(nil, _), .unauthorized, .notFound:
            state = .failed(message: tr("The server did not accept the report."))
        }
    }

    private static func notSentMessage(_ reason: String) -> String {
        // TRANSLATORS: {reason} is a whole sentence, such as "Can't reach the PetSpot server."
        tr("Your report was not sent. {reason}", ["reason": reason])
    }

    /// The newest report on the server that is one of `reports` and was
    /// created since the first attempt. Each attempt's place is asked for
    /// (the server filters by distance), not the whole list.
    private func findCreated(_ reports: [NewReport], since: Date) async -> Result<Announcement?, RepositoryError> {
        let earliest = since.addingTimeInterval(-Self.clockSkewAllowance)
        var places: [Coordinate] = []
        for report in reports where !places.contains(report.coordinate) { places.append(report.coordinate) }
        var created: [Announcement] = []
        for place in places {
            do throws(RepositoryError) {
                let nearby = try await repository.announcements(in: SearchRegion(centre: place, rangeKilometers: 1))
                created += nearby.filter { announcement in
                    announcement.createdAt >= earliest && reports.contains { $0.matches(announcement) }
                }
            } catch {
                return .failure(error)
            }
        }
        return .success(created.max { $0.createdAt < $1.createdAt })
    }

    /// The report exists: keep its password, empty the form and its draft,
    /// show it on Home and Reports, then upload the photo.
    private func published(_ announcement: Announcement, password: String?, photo: ReportPhoto?) async {
        var outcome = SubmittedReport.PasswordOutcome.missing
        if let password {
            do {
                try await passwords.store(password: password, reportID: announcement.id, backend: backend)
                outcome = .saved
            } catch {
                logger.warning("Could not keep the report's password", metadata: ["id": "\(announcement.id)", "error": "\(error)"])
                outcome = .notSaved
            }
        }
        let report = SubmittedReport(announcement: announcement, password: password, passwordOutcome: outcome)
        clearFields()
        await store.insert(announcement)
        guard let photo else {
            settle(.done(report))
            return
        }
        unsentPhoto = photo
        await upload(photo, for: report)
    }

    private func upload(_ photo: ReportPhoto, for report: SubmittedReport) async {
        guard let password = report.password else {
            settle(.photoFailed(report, message: tr("The photo was not added: adding it needs the report's password.")))
            return
        }
        state = .submitting(progress: tr("Uploading photo…"))
        do throws(PublishError) {
            try await publisher.addPhoto(photo, toReport: report.announcement.id, password: password)
        } catch {
            settle(.photoFailed(
                report,
                // TRANSLATORS: {reason} is a whole sentence, such as "The stored password was not accepted."
                message: tr("The report was published, but its photo could not be added. {reason}",
                            ["reason": error.photoMessage])))
            return
        }
        unsentPhoto = nil
        // The report as stored now, with its photo's address, for every list.
        var shown = report
        if let fresh = await store.refetch(id: report.announcement.id) {
            shown = SubmittedReport(announcement: fresh, password: report.password, passwordOutcome: report.passwordOutcome)
        }
        settle(.done(shown))
    }

    // MARK: Rules and drafts

    private func validated() -> Result<NewReport, ReportProblems> {
        var input = ReportInput(
            status: status.wireValue, petName: petName, species: species?.rawValue, breed: breed,
            sex: sex.rawValue, description: description, microchipNumber: microchipNumber,
            latitude: ReportLocationInput.ruleValue(location.latitudeText),
            longitude: ReportLocationInput.ruleValue(location.longitudeText),
            lastSeenDate: lastSeenDate.isoString, email: email, phone: phone, reward: reward)
        var ageProblem: ReportProblem?
        switch ReportRules.age(fromText: age) {
        case .success(let years): input.age = years
        case .failure(let problem): ageProblem = problem
        }
        switch ReportRules.validate(input, today: today) {
        case .success(let report):
            guard let ageProblem else { return .success(report) }
            return .failure(ReportProblems(byField: [.age: ageProblem]))
        case .failure(var found):
            if let ageProblem { found.byField[.age] = ageProblem }
            return .failure(found)
        }
    }

    private func currentProblems() -> [ReportField: ReportProblem] {
        var found: [ReportField: ReportProblem] = [:]
        if case .failure(let problems) = validated() { found = problems.byField }
        return found.merging(serverProblems) { _, server in server }
    }

    private var draft: ReportDraft {
        var draft = ReportDraft()
        draft.status = status
        draft.petName = petName
        draft.species = species
        draft.breed = breed
        draft.sex = sex
        draft.age = age
        draft.description = description
        draft.microchipNumber = microchipNumber
        draft.lastSeenDate = chosenLastSeenDate
        draft.location = location
        draft.phone = phone
        draft.email = email
        draft.reward = reward
        draft.photoPath = photo.path
        draft.unconfirmedSince = unconfirmed?.since
        return draft
    }

    /// Fills the form from `draft`; the fields it filled count as edited, so
    /// their problems show at once.
    private func restore(_ draft: ReportDraft) {
        status = draft.status
        petName = draft.petName
        species = draft.species
        breed = draft.breed
        sex = draft.sex
        age = draft.age
        description = draft.description
        microchipNumber = draft.microchipNumber
        chosenLastSeenDate = draft.lastSeenDate
        location = draft.location
        phone = draft.phone
        email = draft.email
        reward = draft.reward
        let filled: [(ReportField, Bool)] = [
            (.status, draft.status != .lost), (.petName, !draft.petName.isEmpty), (.species, draft.species != nil),
            (.breed, !draft.breed.isEmpty), (.sex, draft.sex != .unknown), (.age, !draft.age.isEmpty),
            (.description, !draft.description.isEmpty), (.microchipNumber, !draft.microchipNumber.isEmpty),
            (.lastSeenDate, draft.lastSeenDate != nil), (.locationLatitude, !draft.location.isEmpty),
            (.locationLongitude, !draft.location.isEmpty), (.phone, !draft.phone.isEmpty),
            (.email, !draft.email.isEmpty), (.contact, !draft.phone.isEmpty || !draft.email.isEmpty),
            (.reward, !draft.reward.isEmpty),
        ]
        edited = Set(filled.filter(\.1).map(\.0))
        if let path = draft.photoPath { checkPhoto(path) }
        // An attempt of an earlier run may have arrived: the next submit looks for the report as it is now.
        unconfirmed = draft.unconfirmedSince.map { Unconfirmed(since: $0) }
        problems = currentProblems()
    }

    /// After publishing: the form as it opens, and no draft.
    private func clearFields() {
        restore(ReportDraft())
        photoGeneration += 1
        photoCheck?.cancel()
        photo = .none
        edited = []
        submitAttempted = false
        serverProblems = [:]
        problems = currentProblems()
        restoredDraft = false
        draftWriter?.enqueue(ReportDraft())
    }

    private func checkPhoto(_ path: String) {
        photoCheck?.cancel()
        photoGeneration += 1
        let generation = photoGeneration
        photo = .checking(path: path)
        photoCheck = Task { [photoReader] in
            let result = await photoReader.read(path: path)
            guard generation == self.photoGeneration else { return }
            switch result {
            case .success(let checked): self.photo = .ready(checked, path: path)
            case .failure(let problem): self.photo = .problem(message: problem.message, path: path)
            }
        }
    }
}
