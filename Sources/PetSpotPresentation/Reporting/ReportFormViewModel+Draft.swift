import PetSpotDomain

/// The draft on disk: restored when the form first opens, written on every
/// change and flushed when the window closes.
extension ReportFormViewModel {
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

    /// Completes when every change so far is written to the draft file.
    public func waitForDraftWrites() async {
        await draftWriter?.waitUntilWritten()
    }

    var draft: ReportDraft {
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
    func clearFields() {
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
}
