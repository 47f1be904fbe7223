// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

/// ShumateSimpleMap showing OpenStreetMap's Mapnik tiles, with the source's
/// attribution (the license overlay) and a scale in its corners.
///
/// Its built-in zoom buttons are hidden: AT-SPI names them only "GtkButton"
/// (labelled ones come with the map page). The map itself is named by
/// `accessibleLabel`; libshumate's other widgets (the inner map, its layers,
/// the license, scale and compass) get the generic role, so a screen reader
/// meets no filler named after a type ("ShumateMap", "ShumateLicense").
///
/// The other jobs live in their own files: viewport settling, the visible
/// area, fitting, keyboard navigation, markers and the tile probe.
public struct SimpleMap: Widget {
    public let handle: WidgetHandle
    /// The ShumateSimpleMap.
    var simpleMap: OpaquePointer { OpaquePointer(widgetPointer) }
    /// The viewport is also a ShumateLocation (the centre); both import as
    /// OpaquePointer, so no SHUMATE_LOCATION() cast (a macro) is needed.
    var viewport: OpaquePointer { shumate_simple_map_get_viewport(simpleMap) }
    /// The inner ShumateMap: it draws the layers, runs go-to animations, and its
    /// coordinates are the ones the viewport converts.
    var innerMap: OpaquePointer { shumate_simple_map_get_map(simpleMap) }
    var innerMapWidget: UnsafeMutablePointer<GtkWidget> { UnsafeMutablePointer(innerMap) }

    public init(accessibleLabel: String) {
        handle = WidgetHandle(gcast(shumate_simple_map_new()!))
        let registry = shumate_map_source_registry_new_with_defaults()
        // The map keeps its own reference to the source, so the registry can go.
        defer { g_object_unref(UnsafeMutableRawPointer(registry)) }
        let source = shumate_map_source_registry_get_by_id(registry, SHUMATE_MAP_SOURCE_OSM_MAPNIK)
        // libshumate 1.0.3 still carries OSM's old licence wording; the tile
        // policy asks for this line, which also fits beside the scale when narrow.
        shumate_map_source_set_license(source, Self.openStreetMapAttribution)
        shumate_map_source_set_license_uri(source, "https://www.openstreetmap.org/copyright")
        shumate_simple_map_set_map_source(simpleMap, source)
        shumate_simple_map_set_show_zoom_buttons(simpleMap, 0)
        // OSM's tile policy asks for visible attribution: shown by default in
        // 1.0.3, and kept so whatever the default becomes.
        gtk_widget_set_visible(licenseWidget, 1)
        setAccessibleLabel(accessibleLabel)
        hideLibraryWidgetsFromAssistiveTechnology()
    }

    /// The location at the centre of the view; set without animation, clamped.
    public var centre: MapLocation {
        get {
            MapLocation(
                latitude: shumate_location_get_latitude(viewport),
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

    /// The zoom levels the viewport allows (those of the tile source).
    public var zoomRange: ClosedRange<Double> {
        let lower = Double(shumate_viewport_get_min_zoom_level(viewport))
        return lower...max(lower, Double(shumate_viewport_get_max_zoom_level(viewport)))
    }

    /// Moves the view to a location and zoom level: animated (libshumate picks
    /// the duration) when the map is on screen, at once otherwise. (libshumate
    /// would keep an unmapped go-to and play it from the world view on first show.)
    public func goTo(latitude: Double, longitude: Double, zoom: Double) {
        let location = MapLocation(latitude: latitude, longitude: longitude).clamped
        guard isMapped else {
            shumate_map_stop_go_to(innerMap)
            zoomLevel = zoom
            centre = location
            return
        }
        shumate_map_go_to_full(innerMap, location.latitude, location.longitude, zoom)
    }

    /// The attribution OpenStreetMap's tile usage policy asks for.
    public static let openStreetMapAttribution = "© OpenStreetMap contributors"

    /// The tile source's attribution, as the license overlay in the map's
    /// corner shows it, for an About dialog or a report.
    public var attribution: String? {
        shumate_simple_map_get_map_source(simpleMap).flatMap { shumate_map_source_get_license($0) }
            .map { String(cString: $0) }
    }

    /// The User-Agent of tile requests (OSM's tile policy asks apps to name themselves).
    public static func setUserAgent(_ userAgent: String) { shumate_set_user_agent(userAgent) }

    /// Replaces the tile source by raster tiles from `urlTemplate` (`{z}/{x}/{y}`,
    /// over http(s): libshumate refuses `file://`). For tests and local tile servers.
    package func useTiles(urlTemplate: String, id: String, license: String = "") {
        let source = shumate_raster_renderer_new_full_from_url(
            id, id, license, nil, 0, 19, 256, SHUMATE_MAP_PROJECTION_MERCATOR, urlTemplate)!
        defer { g_object_unref(UnsafeMutableRawPointer(source)) }
        shumate_simple_map_set_map_source(simpleMap, UnsafeMutablePointer(source))
    }

    /// The id of the tile source shown ("osm-mapnik"), for tests.
    package var mapSourceID: String? {
        shumate_simple_map_get_map_source(simpleMap).flatMap { shumate_map_source_get_id($0) }.map {
            String(cString: $0)
        }
    }

    /// The license overlay (ShumateLicense), for tests.
    package var licenseWidget: UnsafeMutablePointer<GtkWidget> {
        UnsafeMutablePointer(shumate_simple_map_get_license(simpleMap))
    }

    /// The inner ShumateMap widget, for tests.
    package var innerMapPointer: UnsafeMutablePointer<GtkWidget> { innerMapWidget }

    /// libshumate's widgets have no accessible role of their own, so AT-SPI
    /// shows each as a filler named after its type. The generic role drops the
    /// type name while keeping the children (the `presentation` and `none`
    /// roles would hide the marker buttons inside, too). Roles can only change
    /// before the accessible is realized, which a new widget is not yet.
    private func hideLibraryWidgetsFromAssistiveTechnology() {
        var widgets = [innerMapWidget, licenseWidget]
        widgets.append(UnsafeMutablePointer(shumate_simple_map_get_scale(simpleMap)))
        widgets.append(UnsafeMutablePointer(shumate_simple_map_get_compass(simpleMap)))
        var layer = gtk_widget_get_first_child(innerMapWidget)  // the tile layer
        while let current = layer {
            widgets.append(current)
            layer = gtk_widget_get_next_sibling(current)
        }
        for widget in widgets { Accessibility.setRole(widget, GTK_ACCESSIBLE_ROLE_GENERIC) }
    }
}
