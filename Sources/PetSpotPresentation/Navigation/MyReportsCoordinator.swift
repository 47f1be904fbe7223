/// My Reports' journeys: a report's card opens its details in the Reports
/// tab, which is the app coordinator's business.
@MainActor
public final class MyReportsCoordinator {
    private let app: AppCoordinator

    public init(app: AppCoordinator) { self.app = app }

    public func reportChosen(id: String) { app.openDetails(id: id) }
}
