// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Requests written out by hand for a `RawConnection`: for sending many at
/// once, from chosen addresses, or with headers an HTTP client would not send.
enum RawRequest {
    /// A POST whose body is counted into its `Content-Length`; `headers` are
    /// further header lines, each ending in CRLF.
    static func post(
        _ target: String, contentType: String = "application/json", headers: String = "", body: String
    ) -> String {
        "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Content-Type: \(contentType)\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// A new report, valid by default.
    static func createReport(_ body: ReportBody = .valid.without("microchipNumber"), headers: String = "") -> String {
        post("/api/v1/announcements", headers: headers, body: String(decoding: body.data, as: UTF8.self))
    }
}
