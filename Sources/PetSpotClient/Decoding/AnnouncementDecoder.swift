import Foundation
import Logging
import PetSpotDomain

/// Decodes PetSpot response bodies into validated announcements.
///
/// Accepts the contract's `{"data": [...]}` list, the variant
/// `{"announcements": [...]}` list (nested `location`, `Lost`/`Found`), and
/// the bare object of the details endpoint. Bad items are skipped and logged
/// once per (id, reason) per process; only a body that is unusable as a whole
/// is an error. Never traps, whatever the input.
///
/// Synchronous and CPU-bound: call it from a nonisolated async context (the
/// HTTP repository does), never on the main thread.
public struct AnnouncementDecoder: Sendable {
    /// The API base URL relative photo paths are resolved against.
    public let baseURL: URL
    private let logger: Logger
    private let logOnce: LogOnceRegistry

    public init(baseURL: URL, logger: Logger = .petSpotClient) {
        self.init(baseURL: baseURL, logger: logger, logOnce: .shared)
    }

    init(baseURL: URL, logger: Logger, logOnce: LogOnceRegistry) {
        self.baseURL = baseURL
        self.logger = logger
        self.logOnce = logOnce
    }

    /// A list body: every usable announcement in the order received, plus
    /// what was skipped and why.
    public func decodeList(from body: Data) throws(AnnouncementDecodingError) -> AnnouncementListDecoding {
        let envelope: ListEnvelope
        do {
            envelope = try JSONDecoder().decode(ListEnvelope.self, from: body)
        } catch {
            throw .malformedBody(Self.explain(error))
        }

        let validator = AnnouncementValidator(photoResolver: PhotoURLResolver(baseURL: baseURL))
        var announcements: [Announcement] = []
        announcements.reserveCapacity(envelope.items.count)
        var skipped: [SkippedAnnouncement] = []
        for (index, item) in envelope.items.enumerated() {
            switch validator.validate(item) {
            case .valid(let announcement, let updatedBeforeCreated):
                if updatedBeforeCreated { noteUpdatedBeforeCreated(announcement) }
                announcements.append(announcement)
            case .skipped(let id, let reason):
                let skip = SkippedAnnouncement(id: id ?? item.id, index: index, reason: reason)
                logSkip(skip)
                skipped.append(skip)
            }
        }
        return AnnouncementListDecoding(announcements: announcements, skipped: skipped)
    }

    /// A details body: one bare announcement object.
    public func decodeDetail(from body: Data) throws(AnnouncementDecodingError) -> Announcement {
        let item: LenientWireItem
        do {
            item = try JSONDecoder().decode(LenientWireItem.self, from: body)
        } catch {
            throw .malformedBody(Self.explain(error))
        }
        let validator = AnnouncementValidator(photoResolver: PhotoURLResolver(baseURL: baseURL))
        switch validator.validate(item) {
        case .valid(let announcement, let updatedBeforeCreated):
            if updatedBeforeCreated { noteUpdatedBeforeCreated(announcement) }
            return announcement
        case .skipped(_, .notAnObject):
            throw .malformedBody("top level is not a JSON object")
        case .skipped(let id, let reason):
            logSkip(SkippedAnnouncement(id: id ?? item.id, index: 0, reason: reason))
            throw .invalidAnnouncement(id: id ?? item.id, reason: reason)
        }
    }

    // MARK: - Logging

    private func logSkip(_ skip: SkippedAnnouncement) {
        let who = skip.id.map { "id \($0)" } ?? "item #\(skip.index) (no id)"
        guard logOnce.isFirstOccurrence(of: "skip|\(skip.id ?? "#\(skip.index)")|\(skip.reason.rawValue)") else {
            return
        }
        logger.warning(
            "Skipping announcement \(who): \(skip.reason)",
            metadata: ["id": "\(skip.id ?? "")", "reason": "\(skip.reason.rawValue)"]
        )
    }

    private func noteUpdatedBeforeCreated(_ announcement: Announcement) {
        guard logOnce.isFirstOccurrence(of: "updatedBeforeCreated|\(announcement.id)") else { return }
        logger.debug("Announcement id \(announcement.id) has updatedAt before createdAt; kept as is")
    }

    /// A short reason for the log, without echoing the (possibly huge) body.
    private static func explain(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            "not valid JSON (\(context.debugDescription.prefix(200)))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "unexpected JSON type at \(Self.path(context.codingPath)): \(context.debugDescription.prefix(200))"
        case DecodingError.keyNotFound(let key, _):
            "missing key \(key.stringValue)"
        case let envelopeError as ListEnvelope.ShapeError:
            envelopeError.message
        default:
            String(describing: error).prefix(200).description
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "top level" : codingPath.map(\.stringValue).joined(separator: ".")
    }
}

/// The top level of a list body: `{"data": [...]}` or `{"announcements": [...]}`.
struct ListEnvelope: Decodable {
    struct ShapeError: Error { let message: String }

    let items: [LenientWireItem]

    private enum Key: String, CodingKey { case data, announcements }

    init(from decoder: any Decoder) throws {
        let container: KeyedDecodingContainer<Key>
        do {
            container = try decoder.container(keyedBy: Key.self)
        } catch {
            throw ShapeError(message: "top level is not a JSON object")
        }
        if let items = try container.decodeIfPresent([LenientWireItem].self, forKey: .data) {
            self.items = items
        } else if let items = try container.decodeIfPresent([LenientWireItem].self, forKey: .announcements) {
            self.items = items
        } else {
            throw ShapeError(message: "no \"data\" or \"announcements\" array")
        }
    }
}
