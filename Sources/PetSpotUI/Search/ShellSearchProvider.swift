// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import Logging
import PetSpotPresentation

/// GNOME Shell's search provider (`org.gnome.Shell.SearchProvider2`): the
/// Shell asks for the reports matching what the user types, shows their
/// metas, and activates one (its details) or the search itself (Reports
/// with those terms). Answers come from `ReportSearch`, never the network.
///
/// Each call holds the application while it is answered, so a start by
/// D-Bus activation stays up while the Shell asks, then ends after its
/// inactivity timeout.
@MainActor
final class ShellSearchProvider {
    static let objectPath = "/io/github/petspot/PetSpot/SearchProvider"

    static let interfaceXML = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet">
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetSubsearchResultSet">
              <arg type="as" name="previous_results" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetResultMetas">
              <arg type="as" name="identifiers" direction="in"/>
              <arg type="aa{sv}" name="metas" direction="out"/>
            </method>
            <method name="ActivateResult">
              <arg type="s" name="identifier" direction="in"/>
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="LaunchSearch">
              <arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
          </interface>
        </node>
        """

    private let search: ReportSearch
    private let hold: any ApplicationHold
    private let showReport: @MainActor (String) -> Void
    private let searchReports: @MainActor (String) -> Void
    private var exported: DBusExport?
    private let logger = Logger(label: "io.github.petspot.search-provider")

    /// - Parameters:
    ///   - showReport: `app.show-report`: the window with that report's details.
    ///   - searchReports: `app.search-reports`: the window's Reports with these terms.
    init(
        search: ReportSearch, hold: any ApplicationHold, showReport: @escaping @MainActor (String) -> Void,
        searchReports: @escaping @MainActor (String) -> Void
    ) {
        self.search = search
        self.hold = hold
        self.showReport = showReport
        self.searchReports = searchReports
    }

    /// Offers the provider on the session bus; without one (a bare test
    /// environment) the app runs on without it.
    func export() {
        guard exported == nil else { return }
        do {
            exported = try DBusExport(interfaceXML: Self.interfaceXML, path: Self.objectPath) { [weak self] call in
                self?.answer(call)
            }
        } catch {
            logger.info("GNOME Shell search is not offered: \(error)")
        }
    }

    func unexport() {
        exported?.unexport()
        exported = nil
    }

    private func answer(_ call: DBusMethodCall) {
        let arguments = call.arguments
        switch call.method {
        case "GetInitialResultSet":
            answer(call) { [search] in .strings(await search.resultIDs(for: Self.strings(arguments, 0))) }
        case "GetSubsearchResultSet":
            // Searching the whole list again costs milliseconds, and finds what
            // the first answer's limit left out.
            answer(call) { [search] in .strings(await search.resultIDs(for: Self.strings(arguments, 1))) }
        case "GetResultMetas":
            answer(call) { [search] in
                .dictionaries(
                    await search.results(for: Self.strings(arguments, 0)).map { result in
                        var meta: [String: DBusValue] = [
                            "id": .string(result.id), "name": .string(result.name),
                            "description": .string(result.description),
                        ]
                        // A serialized GBytesIcon, as g_icon_serialize writes it.
                        if let thumbnail = result.thumbnail {
                            meta["icon"] = .tuple([.string("bytes"), .variant(.bytes(Array(thumbnail)))])
                        }
                        return meta
                    })
            }
        case "ActivateResult":
            if case .string(let id) = arguments.first { showReport(id) }
            call.reply([])
        case "LaunchSearch":
            searchReports(Self.strings(arguments, 0).joined(separator: " "))
            call.reply([])
        default:
            call.fail(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "No method \(call.method)")
        }
    }

    /// Replies with what `work` finds, holding the application meanwhile.
    private func answer(_ call: DBusMethodCall, _ work: @escaping @MainActor () async -> DBusValue) {
        hold.hold()
        Task { [hold] in
            call.reply([await work()])
            hold.release()
        }
    }

    private static func strings(_ arguments: [DBusValue], _ index: Int) -> [String] {
        guard index < arguments.count, case .strings(let strings) = arguments[index] else { return [] }
        return strings
    }
}
