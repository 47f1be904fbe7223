import PetSpotDomain

/// The Home tab's actions; where they lead is the app coordinator's business.
@MainActor
public final class HomeCoordinator {
    private let app: AppCoordinator

    public init(app: AppCoordinator) { self.app = app }

    public func lostPetChosen() { app.showReports(filter: .lost) }
    public func foundPetChosen() { app.showReports(filter: .found) }
    public func viewAllChosen() { app.showReports(filter: .all) }
    public func cardActivated(id: String) { app.openDetails(id: id) }
}
