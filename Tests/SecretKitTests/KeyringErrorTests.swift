// SPDX-License-Identifier: GPL-3.0-or-later

import CSecret
import Foundation
import Testing

@testable import SecretKit

/// GErrors as libsecret hands them over, built the way GDBus builds them from a
/// D-Bus error reply (by its error name), then converted and freed by SecretKit.
@Suite("GError to KeyringError")
struct KeyringErrorTests {
    private func converted(
        dbusError name: String, message: String = "the message", cancelled: Bool = false
    ) -> any Error {
        _ = petspot_secret_error_quark()  // registers libsecret's D-Bus error names with GDBus
        let cancellable = Cancellable()
        if cancelled { cancellable.cancel() }
        return GErrorConversion.take(g_dbus_error_new_for_dbus_error(name, message), cancellable: cancellable)
    }

    private func converted(domain: GQuark, code: Int32, cancelled: Bool = false) -> any Error {
        let cancellable = Cancellable()
        if cancelled { cancellable.cancel() }
        return GErrorConversion.take(g_error_new_literal(domain, code, "the message"), cancellable: cancellable)
    }

    @Test(
        "no owner and no activation, or activation failing, is noSecretService",
        arguments: [
            "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
            "org.freedesktop.DBus.Error.Spawn.ChildExited", "org.freedesktop.DBus.Error.Spawn.ExecFailed",
        ])
    func noService(name: String) {
        let error = converted(dbusError: name)
        guard case .noSecretService(let detail)? = error as? KeyringError else {
            Issue.record("\(name) became \(error)")
            return
        }
        #expect(detail.contains("the message"))
    }

    @Test("the service's IsLocked is locked")
    func locked() {
        let error = converted(dbusError: "org.freedesktop.Secret.Error.IsLocked")
        guard case .locked(let detail)? = error as? KeyringError else {
            Issue.record("IsLocked became \(error)")
            return
        }
        #expect(detail.contains("the message"))
        let local = converted(domain: petspot_secret_error_quark(), code: Int32(SECRET_ERROR_IS_LOCKED.rawValue))
        #expect(local as? KeyringError == .locked(detail: "the message"))
    }

    @Test("cancelled by our task is CancellationError; otherwise a dismissed prompt, locked")
    func cancelled() {
        let code = Int32(G_IO_ERROR_CANCELLED.rawValue)
        #expect(converted(domain: petspot_io_error_quark(), code: code, cancelled: true) is CancellationError)
        #expect(
            converted(domain: petspot_io_error_quark(), code: code) as? KeyringError == .locked(detail: "the message"))
    }

    @Test("other errors are failed, with the service's message")
    func others() {
        let noSuchObject = converted(
            dbusError: "org.freedesktop.Secret.Error.NoSuchObject", message: "no login keyring")
        guard case .failed(let detail)? = noSuchObject as? KeyringError else {
            Issue.record("NoSuchObject became \(noSuchObject)")
            return
        }
        #expect(detail.contains("no login keyring"))
        let unknown = converted(dbusError: "org.example.Whatever", message: "odd")
        #expect((unknown as? KeyringError).map { if case .failed = $0 { true } else { false } } == true)
        let accessDenied = converted(dbusError: "org.freedesktop.DBus.Error.AccessDenied")
        #expect((accessDenied as? KeyringError).map { if case .failed = $0 { true } else { false } } == true)
    }

    @Test("the error's description names the reason and keeps the detail")
    func description() {
        #expect(KeyringError.noSecretService(detail: "d").description == "no secret service on the session bus: d")
        #expect(KeyringError.locked(detail: "d").detail == "d")
    }

    @Test("the schema C declares is the one Swift names")
    func schema() {
        let declared = ReportPasswordSchema.declared
        #expect(declared.name == KeyringReportPasswords.schemaName)
        #expect(declared.name == "io.github.petspot.PetSpot.Report")
        #expect(declared.attributes == [ReportPasswordSchema.backend, ReportPasswordSchema.reportID])
        #expect(declared.attributes == ["backend", "report-id"])
    }

    @Test(
        "the backend attribute is the URL without trailing slashes",
        arguments: [
            ("http://127.0.0.1:3000", "http://127.0.0.1:3000"),
            ("http://127.0.0.1:3000/", "http://127.0.0.1:3000"),
            ("https://pets.example.org/api//", "https://pets.example.org/api"),
            ("https://pets.example.org/a%20b/?q=1", "https://pets.example.org/a%20b/?q=1"),
        ])
    func backendAttribute(url: String, attribute: String) throws {
        let backend = try #require(URL(string: url))
        #expect(ReportPasswordKey.backendAttribute(backend) == attribute)
        #expect(
            ReportPasswordKey(backend: backend, reportID: "1")
                == ReportPasswordKey(backend: URL(string: attribute)!, reportID: "1"))
    }
}
