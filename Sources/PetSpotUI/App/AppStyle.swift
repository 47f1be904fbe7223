// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit

/// PetSpot's few additions to Adwaita, in its named colours so that the light
/// and dark styles both work. Public so that `make bench` draws what users see.
public enum AppStyle {
    /// Adds the style sheet to the default display (once the display is open).
    @MainActor public static func install() { Styles.install(css: css) }

    static let css = """
        .status-badge {
          border-radius: 999px;
          padding: 1px 8px;
          font-size: 0.8em;
          font-weight: bold;
        }
        .status-badge.lost { background-color: @error_bg_color; color: @error_fg_color; }
        .status-badge.found { background-color: @success_bg_color; color: @success_fg_color; }
        .status-badge.closed { background-color: alpha(@view_fg_color, 0.15); color: @view_fg_color; }
        .reward-badge {
          border-radius: 999px;
          padding: 1px 8px;
          font-size: 0.8em;
          font-weight: bold;
          background-color: @warning_bg_color;
          color: @warning_fg_color;
        }
        .thumbnail { border-radius: 8px; }
        .photo-placeholder {
          background-color: alpha(@view_fg_color, 0.08);
          color: alpha(@view_fg_color, 0.5);
        }
        .details-photo { border-radius: 12px; }
        .announcement-card { padding: 0; }
        .reports-list { background: none; }
        .hero-panel { padding: 0; }
        /* A marker is two filled circles: the white button and its coloured
           content. No border and no shadow: the software renderer draws a
           round border as a stroked path and blurs shadows again every frame,
           and together they tripled a pan frame's work (make bench). */
        .map-pin, .map-cluster {
          border-radius: 999px;
          padding: 2px;
          min-width: 0;
          min-height: 0;
          border: none;
          box-shadow: none;
          background: white;
        }
        .map-pin > image, .map-cluster > label {
          border-radius: 999px;
          color: white;
        }
        .map-pin > image { min-width: 24px; min-height: 24px; }
        .map-pin.lost > image { background: #e01b24; }
        .map-pin.found > image { background: #1c71d8; }
        .map-pin.closed > image { background: #77767b; }
        .map-cluster > label {
          min-width: 32px;
          min-height: 32px;
          background: #3d3846;
          font-weight: bold;
        }
        .map-pin:focus-visible, .map-cluster:focus-visible { outline: 3px solid @accent_color; }
        .sighting-mark, .sighting-number {
          min-width: 20px;
          min-height: 20px;
          border-radius: 999px;
          background: #f5c211;
          color: #241f31;
          font-size: 0.75em;
          font-weight: bold;
        }
        .sighting-mark { border: 2px solid white; box-shadow: 0 1px 3px alpha(black, 0.5); }
        .map-legend-mark { border-radius: 999px; padding: 2px; color: white; }
        .map-legend-mark.lost { background: #e01b24; }
        .map-legend-mark.found { background: #1c71d8; }
        .map-legend-mark.closed { background: #77767b; }
        .map-banner, .map-note {
          border-radius: 12px;
          background-color: alpha(@window_bg_color, 0.92);
          color: @window_fg_color;
          box-shadow: 0 1px 4px alpha(black, 0.3);
        }
        .map-banner { padding: 6px 6px 6px 14px; }
        .offline-banner { padding: 6px 6px 6px 14px; }
        .map-note { padding: 2px 8px; }
        .demo-badge {
          border-radius: 999px;
          padding: 1px 8px;
          font-size: 0.8em;
          background-color: alpha(@accent_bg_color, 0.15);
          color: @accent_color;
        }
        """
}
