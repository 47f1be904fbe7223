import CGtk
import CShumate
import GLibKit
import GtkKit

/// ShumateSimpleMap showing OpenStreetMap's Mapnik tiles. Its built-in zoom
/// buttons are hidden: AT-SPI names them only "GtkButton" (labelled ones come
/// with the map page), and the map itself is named by `accessibleLabel`.
public struct SimpleMap: Widget {
    public let handle: WidgetHandle
    private var map: OpaquePointer { OpaquePointer(widgetPointer) }  // ShumateSimpleMap *
    // The viewport is also a ShumateLocation (the centre); both import as OpaquePointer,
    // so no SHUMATE_LOCATION() cast (a macro) is needed.
    private var viewport: OpaquePointer { shumate_simple_map_get_viewport(map) }

    public init(accessibleLabel: String) {
        handle = WidgetHandle(gcast(shumate_simple_map_new()!))
        let registry = shumate_map_source_registry_new_with_defaults()
        // The map keeps its own reference to the source, so the registry can go.
        defer { g_object_unref(UnsafeMutableRawPointer(registry)) }
        let source = shumate_map_source_registry_get_by_id(registry, SHUMATE_MAP_SOURCE_OSM_MAPNIK)
        shumate_simple_map_set_map_source(map, source)
        shumate_simple_map_set_show_zoom_buttons(map, 0)
        setAccessibleLabel(accessibleLabel)
    }

    /// The location at the centre of the view; set without animation, clamped.
    public var centre: MapLocation {
        get {
            MapLocation(latitude: shumate_location_get_latitude(viewport),
                        longitude: shumate_location_get_longitude(viewport))
        }
        nonmutating set {
            let location = newValue.clamped
            shumate_location_set_location(viewport, location.latitude, location.longitude)
        }
    }

    /// The zoom level (0 = whole world); the viewport keeps it within the source's range.
    public var zoomLevel: Double {
        get { shumate_viewport_get_zoom_level(viewport) }
        nonmutating set { shumate_viewport_set_zoom_level(viewport, newValue) }
    }

    /// Moves the view to a location and zoom level, animated when the map is shown.
    public func goTo(latitude: Double, longitude: Double, zoom: Double) {
        let location = MapLocation(latitude: latitude, longitude: longitude).clamped
        shumate_map_go_to_full(shumate_simple_map_get_map(map), location.latitude, location.longitude, zoom)
    }

    /// The User-Agent of tile requests (OSM's tile policy asks apps to name themselves).
    public static func setUserAgent(_ userAgent: String) { shumate_set_user_agent(userAgent) }

    /// The id of the tile source shown ("osm-mapnik"), for tests.
    package var mapSourceID: String? {
        shumate_simple_map_get_map_source(map).flatMap { shumate_map_source_get_id($0) }.map { String(cString: $0) }
    }
}
