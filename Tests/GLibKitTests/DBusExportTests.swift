// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation
import GLibKit
import XCTest

/// An object exported on the session bus answers calls through its Swift
/// handler: now, later, with an error, or with one when it dropped the call.
/// The unit tests run on a private session bus (Tests/keyring/with-test-keyring.sh).
final class DBusExportTests: XCTestCase {
    static let xml = """
        <node>
          <interface name="io.github.petspot.Test">
            <method name="Echo">
              <arg type="as" name="words" direction="in"/>
              <arg type="aa{sv}" name="answer" direction="out"/>
            </method>
            <method name="Drop"/>
          </interface>
        </node>
        """
    static let path = "/io/github/petspot/Test"

    override func setUpWithError() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil, "no session bus")
        MainActor.assumeIsolated { MainLoop.attachSwiftConcurrency() }
    }

    /// Calls `method` on our own unique name, spinning the loop until it answers.
    @MainActor
    private static func call(_ method: String, _ arguments: [DBusValue] = []) -> Result<[DBusValue], DBusError>? {
        var result: Result<[DBusValue], DBusError>?
        Task { @MainActor in
            do throws(DBusError) {
                let connection = try await DBusConnection.connect(to: .session)
                result = .success(
                    try await connection.call(
                        connection.uniqueName, path: Self.path, interface: "io.github.petspot.Test", method: method,
                        arguments: arguments, timeout: .seconds(5)))
            } catch {
                result = .failure(error)
            }
        }
        _ = runMainLoop(until: { result != nil }, timeout: 10)
        return result
    }

    func testACallReachesTheHandlerAndItsLaterReplyTheCaller() throws {
        try MainActor.assumeIsolated {
            let export = try DBusExport(interfaceXML: Self.xml, path: Self.path) { call in
                let words = if case .strings(let words) = call.arguments.first { words } else { [String]() }
                // Answered from a later turn of the loop, as the provider answers.
                Task { @MainActor in
                    call.reply([.dictionaries(words.map { ["word": .string($0)] })])
                }
            }
            defer { export.unexport() }
            let answer = try XCTUnwrap(Self.call("Echo", [.strings(["luna", "zażółć"])])).get()
            XCTAssertEqual(answer, [.dictionaries([["word": .string("luna")], ["word": .string("zażółć")]])])
        }
    }

    func testADroppedCallAnswersWithAnErrorAndAnUnexportedObjectIsGone() throws {
        try MainActor.assumeIsolated {
            let export = try DBusExport(interfaceXML: Self.xml, path: Self.path) { _ in }
            guard case .failure(let dropped) = try XCTUnwrap(Self.call("Drop")) else { return XCTFail("answered") }
            XCTAssertEqual(dropped.name, "org.freedesktop.DBus.Error.Failed")
            export.unexport()
            guard case .failure(let gone) = try XCTUnwrap(Self.call("Drop")) else { return XCTFail("still there") }
            XCTAssertEqual(gone.name, "org.freedesktop.DBus.Error.UnknownMethod")
        }
    }

    func testArgumentsOverTheLimitAreRefusedBeforeTheHandler() throws {
        try MainActor.assumeIsolated {
            var handled = 0
            let export = try DBusExport(interfaceXML: Self.xml, path: Self.path) { call in
                handled += 1
                call.reply([.dictionaries([])])
            }
            defer { export.unexport() }
            let huge = Array(repeating: String(repeating: "ż", count: 1000), count: 20)
            guard case .failure(let refused) = try XCTUnwrap(Self.call("Echo", [.strings(huge)])) else {
                return XCTFail("answered")
            }
            XCTAssertEqual(refused.name, "org.freedesktop.DBus.Error.InvalidArgs")
            XCTAssertEqual(handled, 0)
            XCTAssertNoThrow(try XCTUnwrap(Self.call("Echo", [.strings(["luna"])])).get())
            XCTAssertEqual(handled, 1)
        }
    }

    func testBadIntrospectionOrPathIsAnError() throws {
        try MainActor.assumeIsolated {
            XCTAssertThrowsError(try DBusExport(interfaceXML: "<node>", path: Self.path) { _ in })
            XCTAssertThrowsError(try DBusExport(interfaceXML: Self.xml, path: "not a path") { _ in })
        }
    }
}
