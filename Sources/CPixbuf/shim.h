// SPDX-License-Identifier: GPL-3.0-or-later

// gdk-pixbuf alone (no GTK): decoding and encoding photos, for the server as
// well as the app.
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
