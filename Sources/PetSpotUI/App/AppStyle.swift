import GtkKit

/// PetSpot's few additions to Adwaita, in its named colours so that the light
/// and dark styles both work.
enum AppStyle {
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
        .demo-badge {
          border-radius: 999px;
          padding: 1px 8px;
          font-size: 0.8em;
          background-color: alpha(@accent_bg_color, 0.15);
          color: @accent_color;
        }
        """
}
