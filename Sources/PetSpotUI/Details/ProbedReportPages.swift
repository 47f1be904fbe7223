// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotPresentation

/// The backend's report pages as the pages ask for them, through the client's probe.
public struct ProbedReportPages: ReportPageLinks {
    private let probe: ReportPageProbe

    public init(_ probe: ReportPageProbe) {
        self.probe = probe
    }

    public func pageURL(forReport id: String) async -> URL? {
        await probe.pageURL(forReport: id)
    }
}
