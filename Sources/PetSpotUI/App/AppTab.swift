/// The window's three pages, in switcher order.
enum AppTab: String, CaseIterable {
    case home, reports, map

    var title: String {
        switch self {
        case .home: "Home"
        case .reports: "Reports"
        case .map: "Map"
        }
    }

    var iconName: String {
        switch self {
        case .home: "go-home-symbolic"
        case .reports: "view-list-symbolic"
        case .map: "mark-location-symbolic"
        }
    }
}
