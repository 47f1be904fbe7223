/// The report form's journeys: once published, the new report's details
/// open in the Reports tab, which is the app coordinator's business.
@MainActor
public final class ReportFormCoordinator {
    private let app: AppCoordinator

    public init(app: AppCoordinator) { self.app = app }

    /// "View Report" on the form's last page.
    public func publishedReportChosen(id: String) { app.openDetails(id: id) }
}
