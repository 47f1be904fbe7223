// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// Each rule of a new report as the form shows it: when its message appears,
/// and what it says.
@MainActor
@Suite struct ReportFormValidationTests {
    let fixture = ReportFormFixture()

    /// `field`'s message once `change` is made to an otherwise valid form.
    private func message(on field: ReportField, after change: (ReportFormViewModel) -> Void) -> String? {
        let form = fixture.filledForm()
        #expect(form.canSubmit, "the filled form is valid to begin with")
        change(form)
        if form.message(for: field) != nil { #expect(!form.canSubmit) }
        return form.message(for: field)
    }

    @Test func aNewFormShowsNoMessageButCannotBeSent() {
        let form = fixture.makeForm()
        #expect(form.state == .editing)
        #expect(form.fields.status == .lost, "Lost is chosen first")
        #expect(form.fields.sex == .unknown)
        #expect(form.fields.species == nil)
        #expect(form.lastSeenDate == ReportFormFixture.today)
        #expect(form.problems[.species] == .missing)
        #expect(form.problems[.locationLatitude] == .missing)
        #expect(form.problems[.contact] == .noContact)
        #expect(ReportField.allCases.allSatisfy { form.message(for: $0) == nil }, "nothing edited yet")
        #expect(!form.canSubmit)
    }

    @Test func aFilledFormCanBeSent() {
        let form = fixture.filledForm()
        #expect(form.problems.isEmpty)
        #expect(form.canSubmit)
    }

    @Test func aMessageAppearsOnlyOnTheFieldTheUserEdited() {
        let form = fixture.makeForm()
        form.setEmail("ann")
        #expect(form.message(for: .email) == "Enter an email address like name@example.org")
        #expect(form.message(for: .species) == nil, "not edited, not shown")
        #expect(form.locationMessage == nil)
        #expect(!form.canSubmit)

        form.setEmail("ann@example.org")
        #expect(form.message(for: .email) == nil)
        #expect(form.message(for: .contact) == nil)
    }

    @Test func aSubmitAttemptShowsEveryProblemAndSendsNothing() async {
        let form = fixture.makeForm()
        form.setPetName("Luna")
        await fixture.submit(form)

        #expect(form.state == .editing)
        #expect(fixture.publisher.publishedReports.isEmpty)
        #expect(form.message(for: .species) == "Choose the kind of animal")
        #expect(form.locationMessage == "Pick the place on the map, or enter its coordinates")
        #expect(form.message(for: .contact) == "Give a phone number or an email address")
        #expect(form.message(for: .petName) == nil, "a name is fine")
    }

    @Test func textsTooLongSayTheLimit() {
        let long81 = String(repeating: "a", count: 81)
        #expect(message(on: .petName) { $0.setPetName(long81) } == "Use at most 80 characters")
        #expect(message(on: .breed) { $0.setBreed(long81) } == "Use at most 80 characters")
        #expect(message(on: .reward) { $0.setReward(long81) } == "Use at most 80 characters")
        #expect(
            message(on: .description) { $0.setDescription(String(repeating: "b", count: 2001)) }
                == "Use at most 2,000 characters")
        #expect(
            message(on: .microchipNumber) { $0.setMicrochipNumber(String(repeating: "1", count: 21)) }
                == "Use at most 20 characters")
        #expect(message(on: .phone) { $0.setPhone(String(repeating: "5", count: 33)) } == "Use at most 32 characters")
        #expect(message(on: .petName) { $0.setPetName(String(repeating: "a", count: 80)) } == nil, "80 is allowed")
    }

    @Test func theAgeIsAWholeNumberOfYearsAboveZero() {
        for typed in ["abc", "0", "-2", "2.5", "3 years"] {
            #expect(message(on: .age) { $0.setAge(typed) } == "Enter the age in whole years, like 3", "\(typed)")
        }
        #expect(message(on: .age) { $0.setAge(" 12 ") } == nil)
        #expect(message(on: .age) { $0.setAge("") } == nil, "the age may be left out")
    }

    @Test func theMicrochipNumberIsDigitsOnly() {
        #expect(
            message(on: .microchipNumber) { $0.setMicrochipNumber("6160-9390") }
                == "Enter the microchip number with digits only")
        #expect(message(on: .microchipNumber) { $0.setMicrochipNumber("") } == nil, "it may be left out")
    }

    @Test func coordinatesMustBeNumbersInRange() {
        #expect(message(on: .locationLatitude) { $0.setLatitudeText("91") } == "Enter a latitude between -90 and 90")
        #expect(message(on: .locationLatitude) { $0.setLatitudeText("north") } == "Enter a latitude between -90 and 90")
        #expect(
            message(on: .locationLongitude) { $0.setLongitudeText("-180.5") }
                == "Enter a longitude between -180 and 180")
        #expect(
            message(on: .locationLongitude) { $0.setLongitudeText("inf") } == "Enter a longitude between -180 and 180")
        #expect(
            message(on: .locationLatitude) { $0.setLatitudeText("") }
                == "Pick the place on the map, or enter its coordinates")
        #expect(
            message(on: .locationLatitude) { $0.clearLocation() }
                == "Pick the place on the map, or enter its coordinates")
    }

    @Test func typedCoordinatesTakeAPointOrAComma() {
        let form = fixture.filledForm()
        form.setLatitudeText("52,25")
        form.setLongitudeText("\u{2212}0.5")
        #expect(form.fields.location.source == .typed)
        #expect(form.fields.location.coordinate == Coordinate(latitude: 52.25, longitude: -0.5))
        #expect(form.canSubmit)
    }

    @Test func theLastSeenDayIsNotInTheFuture() {
        let tomorrow = CalendarDay(year: 2027, month: 1, day: 16)!
        #expect(message(on: .lastSeenDate) { $0.setLastSeenDate(tomorrow) } == "Enter a date that is not in the future")
        #expect(message(on: .lastSeenDate) { $0.setLastSeenDate(ReportFormFixture.today) } == nil)
        #expect(message(on: .lastSeenDate) { $0.setLastSeenDate(CalendarDay(year: 2026, month: 12, day: 24)!) } == nil)
    }

    @Test func todayIsTheUsersDay() {
        // 23:30 UTC is already the next day in Warsaw, not yet in New York.
        fixture.now.set(Date(timeIntervalSince1970: 1_800_000_000 + 15.5 * 3600))
        #expect(fixture.makeForm().today == CalendarDay(year: 2027, month: 1, day: 16))
        #expect(
            fixture.makeForm(timeZone: TimeZone(identifier: "America/New_York")!).today
                == CalendarDay(year: 2027, month: 1, day: 15))
    }

    @Test func emailAndPhoneAreCheckedAndOneOfThemIsNeeded() {
        #expect(message(on: .email) { $0.setEmail("name@example") } == "Enter an email address like name@example.org")
        #expect(
            message(on: .email) { $0.setEmail("name @example.org") } == "Enter an email address like name@example.org")
        #expect(message(on: .phone) { $0.setPhone("call me") } == "Enter a phone number with at least one digit")
        #expect(message(on: .phone) { $0.setPhone("555-PETS") } == nil)
        #expect(message(on: .contact) { $0.setEmail("") } == "Give a phone number or an email address")
        #expect(
            message(on: .contact) { form in
                form.setEmail("")
                form.setPhone("+48 600 100 200")
            } == nil)
    }

    @Test func theSpeciesMustBeChosen() {
        #expect(message(on: .species) { $0.setSpecies(nil) } == "Choose the kind of animal")
    }

    @Test func onlyLostAndFoundCanBeChosen() {
        let form = fixture.makeForm()
        form.setStatus(.closed)
        #expect(form.fields.status == .lost)
        form.setStatus(.found)
        #expect(form.fields.status == .found)
        #expect(ReportFormViewModel.statusChoices == [.lost, .found])
        #expect(ReportFormViewModel.speciesChoices == Species.allCases)
    }

    @Test func settingTheSameTextIsNotAnEdit() {
        let form = fixture.makeForm()
        form.setPetName("")
        form.setLatitudeText("")
        #expect(form.message(for: .locationLatitude) == nil, "a widget repeating the value is not the user typing")
    }

    @Test func myLocationIsOfferedOnceKnownAndTypingMakesThePlaceTyped() {
        let without = fixture.makeForm()
        #expect(!without.canUseMyLocation)
        without.useMyLocation()
        #expect(without.fields.location == .none)

        let located = ReportFormFixture(userLocation: ReportFormFixture.warsaw).makeForm()
        #expect(located.canUseMyLocation)
        located.useMyLocation()
        #expect(
            located.fields.location
                == ReportLocationInput(latitudeText: "52.2297", longitudeText: "21.0122", source: .myLocation))
        #expect(located.fields.location.coordinate == ReportFormFixture.warsaw)

        located.pickLocation(Coordinate(latitude: -33.8688197, longitude: 151.2092961)!)
        #expect(located.fields.location.source == .map)
        #expect(located.fields.location.latitudeText == "-33.86882")
        #expect(
            located.fields.location.longitudeText == "151.209296", "six decimals at most, a point whatever the locale")

        located.setLongitudeText("151.2")
        #expect(located.fields.location.source == .typed)
        #expect(located.fields.location.latitudeText == "-33.86882", "the other coordinate stays")
    }

    @Test func problemTextsCoverEveryRule() {
        // The values the form itself never produces still read as sentences (a server may name them).
        #expect(ReportProblem.notAllowed.message(on: .sex) == "Choose one of the listed values")
        #expect(ReportProblem.missing.message(on: .status) == "Choose whether the pet is lost or found")
        #expect(ReportProblem.notADate.message(on: .lastSeenDate) == "Enter a real date")
        #expect(ReportProblem.refusedByServer.message(on: .breed) == "The server did not accept this value")
        #expect(ReportProblem.missing.message(on: .petName) == "Fill in this field")
        #expect(ReportProblem.tooLong(limit: 1).message(on: .petName) == "Use at most 1 character")
    }
}
