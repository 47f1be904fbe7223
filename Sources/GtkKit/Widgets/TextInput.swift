// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// What a text field is for: input methods and on-screen keyboards adapt
/// (digits pad, "@" key). Nothing is filtered: the form still validates.
public enum InputPurpose: Sendable {
    case freeForm, name, email, phone, digits, number, url

    var gtk: GtkInputPurpose {
        switch self {
        case .freeForm: GTK_INPUT_PURPOSE_FREE_FORM
        case .name: GTK_INPUT_PURPOSE_NAME
        case .email: GTK_INPUT_PURPOSE_EMAIL
        case .phone: GTK_INPUT_PURPOSE_PHONE
        case .digits: GTK_INPUT_PURPOSE_DIGITS
        case .number: GTK_INPUT_PURPOSE_NUMBER
        case .url: GTK_INPUT_PURPOSE_URL
        }
    }

    init(_ purpose: GtkInputPurpose) {
        switch purpose {
        case GTK_INPUT_PURPOSE_NAME: self = .name
        case GTK_INPUT_PURPOSE_EMAIL: self = .email
        case GTK_INPUT_PURPOSE_PHONE: self = .phone
        case GTK_INPUT_PURPOSE_DIGITS: self = .digits
        case GTK_INPUT_PURPOSE_NUMBER: self = .number
        case GTK_INPUT_PURPOSE_URL: self = .url
        default: self = .freeForm
        }
    }
}

/// Further hints to input methods (GtkInputHints).
public struct InputHints: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let spellcheck = InputHints(rawValue: GTK_INPUT_HINT_SPELLCHECK.rawValue)
    public static let noSpellcheck = InputHints(rawValue: GTK_INPUT_HINT_NO_SPELLCHECK.rawValue)
    public static let wordCompletion = InputHints(rawValue: GTK_INPUT_HINT_WORD_COMPLETION.rawValue)
    public static let lowercase = InputHints(rawValue: GTK_INPUT_HINT_LOWERCASE.rawValue)
    public static let uppercaseWords = InputHints(rawValue: GTK_INPUT_HINT_UPPERCASE_WORDS.rawValue)
    public static let uppercaseSentences = InputHints(rawValue: GTK_INPUT_HINT_UPPERCASE_SENTENCES.rawValue)
    public static let noEmoji = InputHints(rawValue: GTK_INPUT_HINT_NO_EMOJI.rawValue)

    var gtk: GtkInputHints { GtkInputHints(rawValue: rawValue) }
}

/// Counts changes made from code, so a field's change handlers hear only
/// the user's edits: a form that puts its model's value into a field does
/// not get that value back as if the user had typed it.
@MainActor
final class ChangesFromCode {
    private var depth = 0

    /// Whether the change being reported was made by `perform`.
    var isChangingFromCode: Bool { depth > 0 }

    func perform(_ change: () -> Void) {
        depth += 1
        defer { depth -= 1 }
        change()
    }
}
