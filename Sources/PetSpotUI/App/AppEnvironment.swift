import PetSpotDomain
import PetSpotClient
import PetSpotDomain
import PetSpotPresentation


/// What the UI needs from the outside world, decided at launch.
public struct AppEnvironment: Sendable {
    public var repository: any AnnouncementRepository
    public var photoFetcher: any PhotoFetching
    /// From `--location`; nil means unknown (no distances, no Nearest sort).
    public var userLocation: Coordinate?
    /// The built-in demo server is the source: the window says so, discreetly.
    public var isDemoData: Bool

    public init(
        repository: any AnnouncementRepository, photoFetcher: any PhotoFetching,
        userLocation: Coordinate?, isDemoData: Bool
    ) {
        self.repository = repository
        self.photoFetcher = photoFetcher
        self.userLocation = userLocation
        self.isDemoData = isDemoData
    }
}
