// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// A typed view of one signal emission: the instance (index 0), the signal's
/// parameters (from index 1) and, for signals that return a value, its return
/// location. Valid only while the handler runs.
package struct SignalArguments {
    private let values: UnsafePointer<GValue>
    private let returnValue: UnsafeMutablePointer<GValue>?
    /// The instance plus the signal's parameters.
    package let count: Int

    init(values: UnsafePointer<GValue>, count: Int, returnValue: UnsafeMutablePointer<GValue>?) {
        self.values = values
        self.count = count
        self.returnValue = returnValue
    }

    /// The object that emitted the signal.
    package var instance: UnsafeMutableRawPointer { object(at: 0)! }

    /// A parameter of any type `GValueRepresentable` covers; nil when it holds another type.
    package func value<Value: GValueRepresentable>(at index: Int, as _: Value.Type = Value.self) -> Value? {
        Value(gValue: argument(index))
    }

    /// An object (or other pointer-like) parameter; nil when NULL.
    package func object(at index: Int) -> UnsafeMutableRawPointer? { g_value_peek_pointer(argument(index)) }

    package func uint(at index: Int) -> UInt32 { required(index, as: UInt32.self) }
    package func int(at index: Int) -> Int32 { required(index, as: Int32.self) }
    package func bool(at index: Int) -> Bool { required(index, as: Bool.self) }
    package func double(at index: Int) -> Double { required(index, as: Double.self) }
    package func string(at index: Int) -> String? { value(at: index) }

    /// A GVariant parameter holding a string (`GSimpleAction::activate` with an
    /// "s" parameter); nil when NULL or of another type.
    package func variantString(at index: Int) -> String? {
        guard let variant = g_value_peek_pointer(argument(index)).map(OpaquePointer.init),
            g_variant_is_of_type(variant, VariantTypes.string) != 0
        else { return nil }
        return String(cString: g_variant_get_string(variant, nil))
    }

    /// A flags parameter (GdkModifierType…) as its bits.
    package func flags(at index: Int) -> UInt32 {
        let argument = argument(index)
        precondition(g_type_check_value_holds(argument, petspot_type_flags()) != 0, "argument \(index) is not flags")
        return g_value_get_flags(argument)
    }

    /// What the emitter receives, for signals with a return type (`close-request`
    /// and `key-pressed` return a gboolean: true stops other handlers).
    package func setReturnValue(_ value: some GValueRepresentable) {
        guard let returnValue else { return }
        value.store(in: returnValue)
    }

    private func argument(_ index: Int) -> UnsafePointer<GValue> {
        precondition(index >= 0 && index < count, "signal has \(count) values, asked for \(index)")
        return values + index
    }

    // A handler reading a parameter as the wrong type is a bug in the GTK layer.
    private func required<Value: GValueRepresentable>(_ index: Int, as type: Value.Type) -> Value {
        guard let value = value(at: index, as: type) else {
            preconditionFailure("argument \(index) does not hold \(Value.self)")
        }
        return value
    }
}

/// GVariantTypes made once and kept: a Swift string passed where GLib wants a
/// `GVariantType *` is freed as soon as the conversion's call returns.
private enum VariantTypes {
    nonisolated(unsafe) static let string = g_variant_type_new("s")
}
