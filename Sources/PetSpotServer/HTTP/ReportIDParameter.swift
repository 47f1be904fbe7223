// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird

/// The report id in a route's `{id}` path parameter.
enum ReportIDParameter {
    /// The id, percent-decoded (ids are any non-empty string, so clients
    /// percent-encode them in the path); nil when the path gives none, which
    /// each route answers with its own 404.
    static func id(in context: BasicRequestContext) -> String? {
        let raw = context.parameters.get("id") ?? ""
        let id = raw.removingPercentEncoding ?? raw
        return id.isEmpty ? nil : id
    }
}
