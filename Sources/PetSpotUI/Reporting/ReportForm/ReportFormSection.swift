// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// One group of the report form's rows. A section builds its rows and wires
/// them to the view model when made; `fill` gives the rows the view model's
/// values once, at opening (a restored draft), after which the text rows hold
/// what the user types; `render` shows what the view model says about them
/// (problems, subtitles, and the coordinates of a place picked on the map),
/// run whenever it changes.
@MainActor
protocol ReportFormSection: AnyObject {
    var group: PreferencesGroup { get }
    func fill()
    func render()
}

extension PreferencesGroup {
    /// A group of the report form: `rows` in order, under `title` (none when nil).
    @MainActor
    static func reportForm(_ title: String?, _ rows: [any Widget], description: String? = nil) -> PreferencesGroup {
        let group = PreferencesGroup(title: title ?? "", description: description)
        for row in rows { group.add(row) }
        return group
    }
}

extension ReportFormSection {
    /// The longest text `field` takes, for its row (0: no limit).
    static func limit(_ field: ReportField) -> Int { ReportRules.maximumLength(of: field) ?? 0 }
}
