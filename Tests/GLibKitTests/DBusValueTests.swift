// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Testing

@testable import GLibKit

/// D-Bus values survive the trip through GVariant both ways, as GDBus would
/// send and receive them.
@Suite struct DBusValueTests {
    private func roundTrip(_ value: DBusValue) -> DBusValue {
        let variant = g_variant_ref_sink(value.makeVariant())!
        defer { g_variant_unref(variant) }
        return DBusValue(reading: variant)
    }

    @Test func portalOptionsRoundTrip() {
        let options = DBusValue.tuple([
            .objectPath("/org/freedesktop/portal/desktop/session/1_42/petspot_7"),
            .string(""),
            .dictionary(["handle_token": .string("petspot_8"), "accuracy": .uint32(4), "flag": .boolean(true)]),
        ])
        #expect(roundTrip(options) == options)
    }

    @Test func variantsNestAndUnwrap() {
        let location = DBusValue.dictionary(["Latitude": .double(52.2297), "Longitude": .double(21.0122)])
        let read = roundTrip(.tuple([.variant(location), .strings(["a", "b"]), .int32(-3)]))
        guard case .tuple(let members) = read else {
            Issue.record("not a tuple: \(read)")
            return
        }
        #expect(members[0].dictionaryValue?["Latitude"]?.doubleValue == 52.2297)
        #expect(members[1] == .strings(["a", "b"]))
        #expect(members[2] == .int32(-3))
    }

    @Test func listsOfDictionariesRoundTripAsGnomeShellsResultMetas() {
        let metas = DBusValue.dictionaries([
            ["id": .string("luna"), "name": .string("Lost · Luna · Dog")], [:],
        ])
        #expect(roundTrip(metas) == metas)
        let variant = g_variant_ref_sink(metas.makeVariant())!
        defer { g_variant_unref(variant) }
        #expect(String(cString: g_variant_get_type_string(variant)) == "aa{sv}")
    }

    @Test func bytesRoundTripAsASerializedIcon() {
        let icon = DBusValue.tuple([.string("bytes"), .variant(.bytes([0x89, 0x50, 0x4E, 0x47, 0, 255]))])
        #expect(roundTrip(icon) == icon)
        #expect(roundTrip(.bytes([])) == .bytes([]))
    }

    @Test func anInvalidObjectPathIsSentAsTheRoot() {
        #expect(roundTrip(.objectPath("not a path")) == .objectPath("/"))
    }

    @Test func otherTypesAreReadAsUnsupported() {
        let bytes = g_variant_ref_sink(g_variant_new_byte(7))!
        defer { g_variant_unref(bytes) }
        #expect(DBusValue(reading: bytes) == .unsupported(signature: "y"))
        #expect(DBusValue.members(of: nil).isEmpty)
    }
}
