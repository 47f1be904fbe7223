// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import Synchronization

/// A GObject type of the tests' own, with one signal per signature the
/// marshaller must handle. `ping` has a class marshaller that never calls
/// handlers, as `ShumateMap::animation-completed` has in libshumate 1.0.3.
enum TestEmitter {
    /// Creates an instance (+1 reference, to be unreffed).
    static func make() -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil))
    }

    /// How often the broken class marshaller was called instead of ours.
    static var brokenMarshallerCalls: Int { brokenCalls.load(ordering: .relaxed) }

    private static let type: GType = {
        let type = g_type_register_static_simple(
            petspot_type_object(), "PetSpotTestEmitter", guint(MemoryLayout<GObjectClass>.size), nil,
            guint(MemoryLayout<GObject>.size), nil, GTypeFlags(0))
        addSignal("ping", on: type, marshaller: brokenMarshaller)
        addSignal("numbers", on: type, parameters: [petspot_type_uint(), petspot_type_int()])
        addSignal(
            "details", on: type, parameters: [petspot_type_string(), petspot_type_double(), petspot_type_boolean()])
        addSignal("ask", on: type, returning: petspot_type_boolean())
        return type
    }()

    private static func addSignal(
        _ name: String, on type: GType, parameters: [GType] = [], returning returnType: GType = petspot_type_none(),
        marshaller: GSignalCMarshaller? = nil
    ) {
        var parameters = parameters
        // No marshaller: GLib's generic one, as for signals from introspected libraries.
        g_signal_newv(
            name, type, G_SIGNAL_RUN_LAST, nil, nil, nil, marshaller, returnType,
            guint(parameters.count), &parameters)
    }
}

private let brokenCalls = Atomic<Int>(0)

private let brokenMarshaller: GSignalCMarshaller = { _, _, _, _, _, _ in
    brokenCalls.add(1, ordering: .relaxed)
}
