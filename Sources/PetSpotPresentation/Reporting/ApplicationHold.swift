// SPDX-License-Identifier: GPL-3.0-or-later

/// Keeps the application running while work the user must not lose is under
/// way, whatever windows close meanwhile (GApplication's hold and release).
/// Calls are balanced: one `release` for each `hold`.
@MainActor
public protocol ApplicationHold: AnyObject {
    func hold()
    func release()
}
