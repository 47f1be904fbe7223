// SPDX-License-Identifier: GPL-3.0-or-later

#ifndef PETSPOT_CGTK_SHIM_H
#define PETSPOT_CGTK_SHIM_H

#include <adwaita.h>
// PDF files drawn without a window (GtkKit's PDFDocument).
#include <cairo-pdf.h>
#include <glib-unix.h>
// GSettings backends by name (memory, key file) and the default one, for
// GLibKit's Settings: only declared when this is defined.
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

// libdispatch's hooks for driving the main queue from a foreign run loop (the
// pair CoreFoundation uses). On Linux the handle is an eventfd that becomes
// readable when work is queued; the callback drains the main queue.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *_Nullable message);

// GType macros expand to expressions Swift cannot import; these make them callable.
static inline GType petspot_type_string(void) { return G_TYPE_STRING; }
static inline GType petspot_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType petspot_type_int(void) { return G_TYPE_INT; }
static inline GType petspot_type_object(void) { return G_TYPE_OBJECT; }
static inline GType petspot_type_uint(void) { return G_TYPE_UINT; }
static inline GType petspot_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType petspot_type_enum(void) { return G_TYPE_ENUM; }
static inline GType petspot_type_flags(void) { return G_TYPE_FLAGS; }
static inline GType petspot_type_none(void) { return G_TYPE_NONE; }

// GTK 4.8 has no getter for accessible properties and states, and the test
// helpers that read them are variadic, which Swift cannot call. These fix the
// one value's type. Each returns NULL when the accessible holds `expected`,
// else what it holds, written as a string (free it with g_free). Ask only for
// what `gtk_test_accessible_has_property`/`_has_state` says is set.
static inline char *petspot_accessible_check_string_property(
    GtkAccessible *accessible, GtkAccessibleProperty property, const char *expected) {
    return gtk_test_accessible_check_property(accessible, property, expected);
}
static inline char *petspot_accessible_check_int_state(
    GtkAccessible *accessible, GtkAccessibleState state, int expected) {
    return gtk_test_accessible_check_state(accessible, state, expected);
}

#endif
