import Foundation
import Logging
import PetSpotDomain

/// The main window's size, remembered between runs.
public struct WindowGeometry: Codable, Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var isMaximized: Bool

    public static let standard = WindowGeometry(width: 960, height: 720, isMaximized: false)
    /// Narrowest usable window: the HIG's mobile width.
    static let minimumWidth = 360, minimumHeight = 294

    public init(width: Int, height: Int, isMaximized: Bool) {
        self.width = width
        self.height = height
        self.isMaximized = isMaximized
    }

    /// Nonsense from a damaged file never makes an unusable window.
    func clamped() -> WindowGeometry {
        WindowGeometry(
            width: min(max(width, Self.minimumWidth), 16_384),
            height: min(max(height, Self.minimumHeight), 16_384),
            isMaximized: isMaximized)
    }
}

/// Reads and writes `WindowGeometry` as a small JSON file. A missing or damaged
/// file means "use the standard size", never an error for the user.
public struct WindowGeometryStore: Sendable {
    public let fileURL: URL
    private let logger = Logger(label: "io.github.petspot.settings")

    public init(fileURL: URL) { self.fileURL = fileURL }

    public init(directories: XDGDirectories = XDGDirectories()) {
        self.init(fileURL: directories.appConfig.appendingPathComponent("window-state.json"))
    }

    public func load() -> WindowGeometry {
        guard let data = try? Data(contentsOf: fileURL) else { return .standard }
        do {
            return try JSONDecoder().decode(WindowGeometry.self, from: data).clamped()
        } catch {
            logger.warning("Ignoring unreadable window state", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
            return .standard
        }
    }

    public func save(_ geometry: WindowGeometry) {
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(geometry).write(to: fileURL, options: .atomic)
        } catch {
            logger.warning("Could not save window state", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
        }
    }
}
