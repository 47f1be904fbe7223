// SPDX-License-Identifier: GPL-3.0-or-later

import CLibFuzzer
import Foundation

/// A libFuzzer target: `testOneInput` is its `LLVMFuzzerTestOneInput`.
public typealias FuzzTestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Runs libFuzzer's driver on `testOneInput` with the process's arguments
/// (corpus folders, `-runs=`, `-max_total_time=`…) and exits with its status.
public func runLibFuzzer(_ testOneInput: FuzzTestOneInput) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}

/// The bytes libFuzzer hands a target, copied out of its buffer; everything
/// after the copy is safe Swift.
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run with a message when a property fails: libFuzzer reports the
/// trap as a crash and saves the input that caused it.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("Fuzz property failed: \(message())") }
}
