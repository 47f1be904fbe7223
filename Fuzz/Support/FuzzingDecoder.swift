// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging

@testable import PetSpotClient

extension AnnouncementDecoder {
    /// A decoder for one input: it logs every skip (to nowhere; printing would
    /// run at the speed of stderr) into a log-once registry of its own, so the
    /// process-wide one does not grow from input to input. libFuzzer reads
    /// memory that outlives an input as a possible leak and checks again.
    public static var fuzzing: AnnouncementDecoder {
        AnnouncementDecoder(
            baseURL: URL(string: "https://petspot.example/api/v1")!,
            logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }),
            logOnce: LogOnceRegistry()
        )
    }
}
