// SPDX-License-Identifier: GPL-3.0-or-later

import Glibc

/// Calls `body` with a NULL-terminated array of C strings, as GTK's
/// `const char * const *` parameters want; the strings live for the call only.
package func withCStringArray<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    var array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
