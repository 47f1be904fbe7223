// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// Nothing the user typed is lost: the draft on disk.
@MainActor
@Suite struct ReportDraftTests {
    let fixture = ReportFormFixture()
    var file: ReportDraftFile { fixture.draftFile }

    @Test func theDraftLivesInTheXDGDataFolder() {
        let directories = XDGDirectories(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/data"])
        #expect(ReportDraftFile(directories: directories).fileURL.path == "/data/petspot/report-draft.json")
    }

    @Test func everyChangeIsSaved() async throws {
        let form = fixture.makeForm()
        form.start()
        fixture.fill(form)
        form.setStatus(.found)
        form.setLastSeenDate(CalendarDay(year: 2027, month: 1, day: 10)!)
        form.setPhone("555-PETS")
        let photo = fixture.folder.jpeg()
        form.choosePhoto(path: photo)

        await form.waitForDraftWrites()

        let draft = try #require(file.load())
        #expect(draft.fields.status == .found)
        #expect(draft.fields.petName == "Luna")
        #expect(draft.fields.species == .cat)
        #expect(draft.fields.breed == "Tabby")
        #expect(draft.fields.sex == .female)
        #expect(draft.fields.age == "3")
        #expect(draft.fields.description == "Grey tabby with a white patch.")
        #expect(draft.fields.microchipNumber == "616093900012345")
        #expect(draft.fields.lastSeenDate == CalendarDay(year: 2027, month: 1, day: 10))
        #expect(
            draft.fields.location
                == ReportLocationInput(latitudeText: "52.2297", longitudeText: "21.0122", source: .map))
        #expect(draft.fields.phone == "555-PETS")
        #expect(draft.fields.email == "owner@example.org")
        #expect(draft.fields.reward == "500 PLN")
        #expect(draft.photoPath == photo)
        await form.waitForPhotoCheck()
    }

    @Test func theDraftIsRestoredWhenTheFormNextOpens() async throws {
        let first = fixture.makeForm()
        first.start()
        first.setPetName("Luna")
        first.setEmail("not-an-address")
        first.setLatitudeText("52,1")
        let photo = fixture.folder.png()
        first.choosePhoto(path: photo)
        await first.waitForDraftWrites()
        await first.waitForPhotoCheck()

        let second = fixture.makeForm()
        #expect(!second.restoredDraft)
        second.start()

        #expect(second.restoredDraft, "the page says the report was restored")
        #expect(second.fields.petName == "Luna")
        #expect(second.fields.email == "not-an-address")
        #expect(second.fields.location == ReportLocationInput(latitudeText: "52,1", longitudeText: "", source: .typed))
        #expect(
            second.message(for: .email) == "Enter an email address like name@example.org",
            "restored fields count as edited")
        #expect(second.message(for: .species) == nil, "the species was never touched")
        #expect(second.photo == .checking(path: photo), "the photo is checked again")
        await second.waitForPhotoCheck()
        if case .ready = second.photo {} else { Issue.record("photo not ready: \(second.photo)") }

        second.dismissRestoredDraftNotice()
        #expect(!second.restoredDraft)
        second.start()
        #expect(second.fields.petName == "Luna", "a second start restores nothing again")
    }

    @Test func flushingWritesAtOnceOnTheCallersThread() async throws {
        let form = fixture.makeForm()
        form.setPetName("L")
        form.setPetName("Lu")
        form.setPetName("Luna")

        form.flushDraft()

        #expect(file.load()?.fields.petName == "Luna", "on disk before anything is awaited")
        await form.waitForDraftWrites()
        #expect(file.load()?.fields.petName == "Luna", "and no older write lands after it")
    }

    @Test func quickChangesEndWithTheLastOnDisk() async {
        let form = fixture.makeForm()
        let name = "Luna the very patient tabby cat"
        for length in 1...name.count {
            form.setPetName(String(name.prefix(length)))
        }
        await form.waitForDraftWrites()
        #expect(file.load()?.fields.petName == name)
    }

    @Test func publishingRemovesTheDraft() async {
        let form = fixture.filledForm()
        await form.waitForDraftWrites()
        #expect(file.exists)

        await fixture.submit(form)
        await form.waitForDraftWrites()
        form.flushDraft()  // the window closing on the last page

        #expect(!file.exists)
        let next = fixture.makeForm()
        next.start()
        #expect(!next.restoredDraft)
    }

    @Test func aFailedSubmitKeepsTheDraft() async {
        fixture.publisher.answerPublishes(.failure(.transport(.unreachable)))
        let form = fixture.filledForm()
        await fixture.submit(form)
        await form.waitForDraftWrites()
        #expect(file.load()?.fields.petName == "Luna")
    }

    @Test func anEmptyFormLeavesNoDraft() async {
        let form = fixture.makeForm()
        form.start()
        form.flushDraft()
        #expect(!file.exists)

        form.setPetName("  ")
        form.setPhone("5")
        await form.waitForDraftWrites()
        #expect(file.exists)
        form.setPhone("")
        await form.waitForDraftWrites()
        #expect(!file.exists, "spaces are not worth keeping")
    }

    @Test func aDamagedDraftIsIgnoredAndLogged() throws {
        try FileManager.default.createDirectory(
            at: file.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"petName\": \"Lu".utf8).write(to: file.fileURL)

        let form = fixture.makeForm()
        form.start()

        #expect(!form.restoredDraft)
        #expect(form.fields.petName == "")
        #expect(fixture.log.entries.map(\.message) == ["Ignoring an unreadable report draft"])

        try Data("[1, 2, 3]".utf8).write(to: file.fileURL)
        #expect(file.load() == nil)
        try Data(#"{"petName": 42}"#.utf8).write(to: file.fileURL)
        #expect(file.load() == nil, "a wrong type is damage too")
    }

    @Test func aDraftFromAnotherVersionRestoresWhatItCan() throws {
        try FileManager.default.createDirectory(
            at: file.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(
            #"{"petName": "Rex", "species": "DRAGON", "sex": "MALE", "status": "closed", "colour": "red", "lastSeenDate": "2027-02-30"}"#
                .utf8
        ).write(to: file.fileURL)

        let draft = try #require(file.load())
        #expect(draft.fields.petName == "Rex")
        #expect(draft.fields.species == nil)
        #expect(draft.fields.sex == .male)
        #expect(draft.fields.status == .lost)
        #expect(draft.fields.lastSeenDate == nil)
    }

    @Test func aDraftRoundTripsThroughJSON() throws {
        var draft = ReportDraft()
        draft.fields.status = .found
        draft.fields.species = .rabbit
        draft.fields.location = .picked(ReportFormFixture.warsaw, from: .myLocation)
        draft.photoPath = "/home/ann/Pictures/rex.webp"
        draft.fields.lastSeenDate = ReportFormFixture.today
        let decoded = try JSONDecoder().decode(ReportDraft.self, from: JSONEncoder().encode(draft))
        #expect(decoded == draft)
        #expect(!draft.isEmpty)
        #expect(ReportDraft().isEmpty)
    }
}
