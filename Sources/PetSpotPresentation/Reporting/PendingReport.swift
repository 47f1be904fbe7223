// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// A report submitted while the backend could not be reached: kept on disk
/// (`PendingReportFile`) until `Outbox` sends it, once, when the backend
/// answers again.
public struct PendingReport: Sendable, Hashable, Identifiable {
    /// The photo that goes with it: its bytes are kept in a file of their own
    /// (`PendingReportFile.photoURL(for:)`), so the picked file may move.
    public struct Photo: Sendable, Hashable, Codable {
        public var fileName: String
        public var mimeType: String

        public init(fileName: String, mimeType: String) {
            self.fileName = fileName
            self.mimeType = mimeType
        }
    }

    /// Made on this computer when the report is queued; names the entry and
    /// its photo file, whatever the server later calls the report.
    public let id: String
    /// The backend it was written for (its API URL, as the keyring names it):
    /// it is sent there and nowhere else.
    public let backend: String
    /// What the user filled in, with the last-seen day fixed to the day it was
    /// submitted (the form's default, today, would move).
    public var fields: ReportFormValues
    public var photo: Photo?
    public let queuedAt: Date
    /// When the first attempt began whose answer never came: the request may
    /// have arrived, so the next attempt first looks for the report on the
    /// server (the lost-answer rule, as the form's Retry does).
    public var unconfirmedSince: Date?
    /// The server refused it (an answer: nothing was created). It is not sent
    /// again; the user can only discard it.
    public var refusal: String?
    /// The photo chosen with it could not be saved on this computer: it is
    /// sent without one, and its status says so.
    public var photoNotKept: Bool

    public init(
        id: String = UUID().uuidString.lowercased(), backend: String, fields: ReportFormValues, photo: Photo? = nil,
        queuedAt: Date, unconfirmedSince: Date? = nil, refusal: String? = nil, photoNotKept: Bool = false
    ) {
        self.id = id
        self.backend = backend
        self.fields = fields
        self.photo = photo
        self.queuedAt = queuedAt
        self.unconfirmedSince = unconfirmedSince
        self.refusal = refusal
        self.photoNotKept = photoNotKept
    }

    /// The pet's name, or "Unnamed cat" / "Unnamed pet".
    public var title: String {
        fields.petName.trimmedNonEmpty ?? (fields.species ?? .other).unnamedPetName
    }

    /// "Lost · Cat": what kind of report it is, under its title.
    public var subtitle: String {
        [fields.status.displayName, fields.species?.displayName].compactMap { $0 }.joined(separator: " · ")
    }

    /// Where it stands: waiting for the backend, or refused by it.
    public var statusText: String {
        if let refusal {
            // TRANSLATORS: {reason} is a whole sentence, such as "The server did not accept the report."
            return tr("Not sent. {reason}", ["reason": refusal])
        }
        if photoNotKept {
            return tr("Will be sent when online, without its photo: it could not be saved on this computer")
        }
        return tr("Will be sent when online")
    }

    /// What Discard asks before deleting it: a report with a request whose
    /// answer never came may be on the server already, and would stay there.
    public var discardQuestion: String {
        if unconfirmedSince != nil {
            return tr(
                "This report may already have reached the server, where it would stay. Discarding it deletes it from this computer only."
            )
        }
        return tr("This report has not been sent. Discarding it deletes it from this computer.")
    }
}

/// On disk as one JSON object per report; the fields as a draft keeps them.
extension PendingReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, backend, fields, photo, queuedAt, unconfirmedSince, refusal, photoNotKept
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            id: container.decode(String.self, forKey: .id),
            backend: container.decode(String.self, forKey: .backend),
            fields: container.decode(ReportDraft.self, forKey: .fields).fields,
            photo: container.decodeIfPresent(Photo.self, forKey: .photo),
            queuedAt: Date(timeIntervalSince1970: container.decode(Double.self, forKey: .queuedAt)),
            unconfirmedSince: container.decodeIfPresent(Double.self, forKey: .unconfirmedSince)
                .map(Date.init(timeIntervalSince1970:)),
            refusal: container.decodeIfPresent(String.self, forKey: .refusal),
            photoNotKept: container.decodeIfPresent(Bool.self, forKey: .photoNotKept) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(backend, forKey: .backend)
        try container.encode(ReportDraft(fields: fields), forKey: .fields)
        try container.encodeIfPresent(photo, forKey: .photo)
        try container.encode(queuedAt.timeIntervalSince1970, forKey: .queuedAt)
        try container.encodeIfPresent(unconfirmedSince?.timeIntervalSince1970, forKey: .unconfirmedSince)
        try container.encodeIfPresent(refusal, forKey: .refusal)
        if photoNotKept { try container.encode(true, forKey: .photoNotKept) }
    }
}
