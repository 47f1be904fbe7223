// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import XCTest

/// The one generic marshaller: parameters of each type reach the handler, a
/// return value reaches the emitter, and every closure box is released.
final class SignalMarshallerTests: XCTestCase {
    func testVoidSignalRunsWithOurMarshallerNotTheSignalsOwn() {
        MainActor.assumeIsolated {
            let emitter = TestEmitter.make()
            defer { g_object_unref(emitter) }
            var pings = 0
            Signals.connect(emitter, "ping") { pings += 1 }
            let brokenBefore = TestEmitter.brokenMarshallerCalls
            Signals.emit("ping", on: emitter)
            Signals.emit("ping", on: emitter)
            XCTAssertEqual(pings, 2)
            XCTAssertEqual(TestEmitter.brokenMarshallerCalls, brokenBefore, "the class marshaller is bypassed")
        }
    }

    func testUnsignedAndIntegerParametersReachTheHandler() {
        MainActor.assumeIsolated {
            let emitter = TestEmitter.make()
            defer { g_object_unref(emitter) }
            var received: (UInt32, Int32)?
            var instance: UnsafeMutableRawPointer?
            Signals.connect(
                emitter, "numbers",
                arguments: { arguments in
                    instance = arguments.instance
                    received = (arguments.uint(at: 1), arguments.int(at: 2))
                })
            Signals.emit("numbers", on: emitter, [UInt32(4_000_000_000), Int32(-7)])
            XCTAssertEqual(received?.0, 4_000_000_000)
            XCTAssertEqual(received?.1, -7)
            XCTAssertEqual(instance, emitter)
        }
    }

    func testUnsignedConvenienceReadsTheFirstParameter() {
        MainActor.assumeIsolated {
            let emitter = TestEmitter.make()
            defer { g_object_unref(emitter) }
            var position: UInt32?
            Signals.connect(emitter, "numbers", unsigned: { position = $0 })
            Signals.emit("numbers", on: emitter, [UInt32(12), Int32(0)])
            XCTAssertEqual(position, 12)
        }
    }

    func testStringDoubleAndBoolParametersReachTheHandler() {
        MainActor.assumeIsolated {
            let emitter = TestEmitter.make()
            defer { g_object_unref(emitter) }
            var received: (String?, Double, Bool)?
            Signals.connect(
                emitter, "details",
                arguments: { arguments in
                    received = (arguments.string(at: 1), arguments.double(at: 2), arguments.bool(at: 3))
                    XCTAssertNil(arguments.value(at: 1, as: Int32.self), "a string is not read as another type")
                })
            Signals.emit("details", on: emitter, ["Tom & Jerry", 2.5, true])
            XCTAssertEqual(received?.0, "Tom & Jerry")
            XCTAssertEqual(received?.1, 2.5)
            XCTAssertEqual(received?.2, true)
        }
    }

    func testBooleanReturnValueReachesTheEmitter() {
        MainActor.assumeIsolated {
            let emitter = TestEmitter.make()
            defer { g_object_unref(emitter) }
            XCTAssertEqual(Signals.emit("ask", on: emitter, returning: Bool.self), false, "no handler: FALSE")
            let yes = Signals.connect(emitter, "ask", returning: { true })
            XCTAssertEqual(Signals.emit("ask", on: emitter, returning: Bool.self), true)
            yes.disconnect()
            Signals.connect(emitter, "ask", returning: { false })
            XCTAssertEqual(Signals.emit("ask", on: emitter, returning: Bool.self), false)
        }
    }

    func testDetailedSignalRunsOnlyForItsDetail() {
        MainActor.assumeIsolated {
            let action = UnsafeMutableRawPointer(g_simple_action_new_stateful("choice", nil, g_variant_new_int32(0))!)
            defer { g_object_unref(action) }
            var changed: [String] = []
            Signals.connect(
                action, "notify::enabled",
                object: { spec in
                    changed.append(
                        String(cString: g_param_spec_get_name(spec.assumingMemoryBound(to: GParamSpec.self))))
                })
            g_simple_action_set_state(OpaquePointer(action), g_variant_new_int32(1))
            g_simple_action_set_enabled(OpaquePointer(action), 0)
            XCTAssertEqual(changed, ["enabled"])
        }
    }

    func testBoxIsReleasedOnDisconnectAndWhenTheObjectIsFinalized() {
        MainActor.assumeIsolated {
            let census = BoxCensus()
            let emitter = TestEmitter.make()
            var pings = 0
            let connection = census.counting {
                let connection = Signals.connect(emitter, "ping") { pings += 1 }
                Signals.connect(emitter, "ask", returning: { true })
                return connection
            }
            XCTAssertEqual(census.liveCount, 2)
            connection.disconnect()
            XCTAssertEqual(census.liveCount, 1)
            Signals.emit("ping", on: emitter)
            XCTAssertEqual(pings, 0)
            g_object_unref(emitter)
            XCTAssertEqual(census.liveCount, 0)
        }
    }
}
