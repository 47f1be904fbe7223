// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// Linked toggle buttons of which at most one is on, like radio buttons
/// ("Lost" / "Found"): a named group for screen readers, each button a push
/// button that reads as pressed when chosen. Clicking the chosen one keeps
/// it; no choice at all is possible only from code (a new form).
///
/// `onSelected` reports the user's choices only: setting `selectedIndex`
/// from code does not call it.
public struct ToggleGroup: Widget {
    public let handle: WidgetHandle
    private let buttons: [ToggleButton]
    private let changes = ChangesFromCode()

    /// `options` are the buttons' labels, in order; `accessibleLabel` names the group.
    public init(options: [String], accessibleLabel: String, selectedIndex: Int? = nil) {
        let box = Box(.horizontal, cssClasses: ["linked"])
        handle = box.handle
        box.makeAccessibleGroup(named: accessibleLabel)
        var buttons: [ToggleButton] = []
        for option in options {
            let button = ToggleButton(label: option, group: buttons.first)
            box.append(button)
            buttons.append(button)
        }
        box.setHomogeneous(true)  // the options read as equals
        box.setAlign(vertical: .center)  // button height, also at the end of a taller row
        self.buttons = buttons
        self.selectedIndex = selectedIndex
    }

    /// The chosen option's index, nil when none is. Setting it does not call
    /// the `onSelected` handlers; an index out of range chooses nothing.
    public var selectedIndex: Int? {
        get { buttons.firstIndex { $0.isActive } }
        nonmutating set {
            guard newValue != selectedIndex else { return }
            changes.perform {
                if let newValue, buttons.indices.contains(newValue) {
                    buttons[newValue].isActive = true  // the group releases the others
                } else {
                    for button in buttons { button.isActive = false }
                }
            }
        }
    }

    /// Called with the index of the option the user chose (a click, Space or
    /// Enter, assistive technology), not when the choice is set from code.
    public func onSelected(_ handler: @escaping @MainActor (Int) -> Void) {
        let changes = changes
        for (index, button) in buttons.enumerated() {
            button.onToggled {
                guard button.isActive, !changes.isChangingFromCode else { return }
                handler(index)
            }
        }
    }

    /// The option buttons, for tests.
    package var optionButtons: [ToggleButton] { buttons }
}
