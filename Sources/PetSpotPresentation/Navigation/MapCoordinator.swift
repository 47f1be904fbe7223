/// The Map tab's journeys: a pin's Open Details leads to its details in the
/// Reports tab, which is the app coordinator's business.
@MainActor
public final class MapCoordinator {
    private let app: AppCoordinator

    public init(app: AppCoordinator) { self.app = app }

    /// Open Details in a pin's popover, or a card in "Show as List".
    public func detailsChosen(id: String) { app.openDetails(id: id) }
}
