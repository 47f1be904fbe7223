import CGtk
import Foundation
import GLibKit
import GtkKit
import ShumateKit
import XCTest

/// The form widgets together, as a "Report a Pet" window could use them, for
/// a person to look at: with `PETSPOT_GALLERY=<folder>` set, the test saves
/// screenshots of the X screen there (`import -window root`, ImageMagick).
/// `ADW_DEBUG_COLOR_SCHEME=prefer-dark` shows the dark style;
/// `PETSPOT_GALLERY_NAME` names the files. Skipped without the variable.
final class FormGalleryTests: XCTestCase {
    func testScreenshotsOfTheFormWidgets() throws {
        guard let folder = ProcessInfo.processInfo.environment["PETSPOT_GALLERY"] else {
            throw XCTSkip("set PETSPOT_GALLERY to a folder to save screenshots of the form widgets")
        }
        let name = ProcessInfo.processInfo.environment["PETSPOT_GALLERY_NAME"] ?? "form"
        try MainActor.assumeIsolated {
            try requireDisplay()
            let gallery = Gallery()
            defer { gallery.window.destroy() }
            XCTAssertTrue(runMainLoop(until: { gallery.picker.map.visibleCorners != nil }))
            gallery.picker.map.zoomLevel = 13
            gallery.picker.map.centre = MapLocation(latitude: 52.2297, longitude: 21.0122)
            gallery.picker.setPicked(MapLocation(latitude: 52.2330, longitude: 21.0000), centring: false)
            _ = conditionBecomesTrue(within: 1.5) { false }  // animations and frames settle
            try screenshot(to: "\(folder)/\(name)-top.png")
            gallery.page.verticalOffset = 10_000
            gallery.picker.map.grabFocus()  // the crosshair shows where Enter picks
            _ = conditionBecomesTrue(within: 1) { false }
            try screenshot(to: "\(folder)/\(name)-bottom.png")
            gallery.calendar.popup()
            _ = conditionBecomesTrue(within: 1) { false }
            try screenshot(to: "\(folder)/\(name)-calendar.png")
            gallery.calendar.popdown()
            let dialog = MessageDialog(transientFor: gallery.window, heading: "Discard This Report?",
                                       body: "What you entered about Luna will be lost.")
            dialog.addResponse("cancel", label: "_Keep Editing")
            dialog.addResponse("discard", label: "_Discard", appearance: .destructive)
            dialog.present()
            _ = conditionBecomesTrue(within: 1) { false }
            try screenshot(to: "\(folder)/\(name)-dialog.png")
            dialog.respond("cancel")
        }
    }
}

/// Saves the whole X screen to `path`.
@MainActor
private func screenshot(to path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/import")
    process.arguments = ["-window", "root", path]
    try process.run()
    // The X server draws while `import` reads it: keep the loop turning.
    XCTAssertTrue(runMainLoop(until: { !process.isRunning }, timeout: 30))
    XCTAssertEqual(process.terminationStatus, 0)
}

/// A "Report a Pet" window built from the form widgets, valid and invalid.
@MainActor
private struct Gallery {
    let window = Window(title: "Report a Pet", isModal: false, width: 520, height: 1000, showsWindowButtons: false)
    let page = PreferencesPage()
    let picker = LocationPicker(accessibleLabel: "Where the pet was last seen")
    let calendar = CalendarPopoverButton(
        accessibleLabel: "Choose the day", calendarLabel: "Last seen",
        selectedDay: CalendarDay(year: 2025, month: 11, day: 15)!)

    init() {
        window.headerBar.packStart(Button(label: "Cancel"))
        let send = Button(label: "Send Report", cssClasses: ["suggested-action"])
        window.headerBar.packEnd(send)

        let status = PreferencesGroup(title: "Status", description: "Did you lose a pet, or find one?")
        let statusRow = ActionRow(title: "This pet is")
        statusRow.addSuffix(ToggleGroup(options: ["Lost", "Found"], accessibleLabel: "Status", selectedIndex: 0))
        status.add(statusRow)

        let pet = PreferencesGroup(title: "Pet")
        let name = EntryRow(title: "Name")
        name.text = "Luna"
        pet.add(name)
        pet.add(ComboRow(title: "Species", items: ["Dog", "Cat", "Bird", "Rabbit", "Other"], selectedIndex: 1))
        let sex = ComboRow(title: "Sex", items: ["Male", "Female", "Unknown"])
        sex.errorMessage = "Choose one"
        pet.add(sex)
        pet.add(EntryRow(title: "Breed"))
        let chip = EntryRow(title: "Microchip number", purpose: .digits, maxLength: 15)
        chip.text = "98100012345"
        chip.errorMessage = "A microchip number has 15 digits"
        pet.add(chip)
        let description = TextViewRow(title: "Description")
        description.text = "Grey tabby, white paws, red collar with a bell. Shy with strangers."
        pet.add(description)
        let emptyDescription = TextViewRow(title: "Distinctive marks")
        emptyDescription.errorMessage = "Describe at least one mark"
        pet.add(emptyDescription)

        let when = PreferencesGroup(title: "Last Seen")
        let day = ActionRow(title: "Day", subtitle: "15 November 2025")
        day.addSuffix(calendar)
        day.setActivatableWidget(calendar)
        when.add(day)
        let place = ActionRow(title: "Place", subtitle: "Click the map, or press Enter on it")
        when.add(place)
        picker.setSizeRequest(height: 240)
        picker.setMargins(top: 12)
        when.add(picker)

        let contact = PreferencesGroup(title: "Contact")
        let phone = EntryRow(title: "Phone", purpose: .phone)
        phone.text = "555-PETS"
        contact.add(phone)
        let email = EntryRow(title: "E-mail", purpose: .email)
        email.text = "luna@"
        email.errorMessage = "Enter an address like name@example.com"
        contact.add(email)
        let photo = ActionRow(title: "Photo", subtitle: "No photo chosen")
        let choose = Button(label: "Choose…")
        choose.setAlign(vertical: .center)
        photo.addSuffix(choose)
        photo.setActivatableWidget(choose)
        contact.add(photo)
        let sending = Button(label: "Send Report", cssClasses: ["pill", "suggested-action"])
        sending.setAlign(horizontal: .center)
        sending.setMargins(top: 18)
        contact.add(sending)

        [status, pet, when, contact].forEach(page.add)
        window.setContent(page)
        window.present()
        sending.setBusy(true, label: "Sending…")
    }
}
