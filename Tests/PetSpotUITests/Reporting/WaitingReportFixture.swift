// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotPresentation

/// An outbox file in a new temporary folder holding one report of a lost cat,
/// Fig, waiting to be sent to `backend`: what the outbox tests start from.
func waitingReportFile(backend: String) -> (file: PendingReportFile, folder: URL) {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("petspot-outbox-\(UUID().uuidString)", isDirectory: true)
    let file = PendingReportFile(fileURL: folder.appendingPathComponent("pending-reports.json"))
    var fields = ReportFormValues()
    fields.petName = "Fig"
    fields.species = .cat
    fields.location = .picked(Coordinate(latitude: 52.2297, longitude: 21.0122)!, from: .map)
    fields.email = "owner@example.org"
    fields.lastSeenDate = CalendarDay(date: Date(), timeZone: .current)
    file.save([PendingReport(backend: backend, fields: fields, queuedAt: Date())])
    return (file, folder)
}
