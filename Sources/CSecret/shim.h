// SPDX-License-Identifier: GPL-3.0-or-later

#ifndef PETSPOT_CSECRET_SHIM_H
#define PETSPOT_CSECRET_SHIM_H

// libsecret (the Secret Service client) for SecretKit, the only code that calls it.
#include <libsecret/secret.h>

// The schema of a report's management password: written as libsecret's own
// schemas are (a static const SecretSchema), because its 32-entry attribute
// array imports into Swift as a tuple. Keep in step with ReportPasswordSchema.
static inline const SecretSchema *petspot_report_password_schema(void) {
    static const SecretSchema schema = {
        "io.github.petspot.PetSpot.Report",
        SECRET_SCHEMA_NONE,
        {
            { "backend", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "report-id", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        },
    };
    return &schema;
}

// GLib macros Swift cannot import as written.
static inline GQuark petspot_secret_error_quark(void) { return SECRET_ERROR; }
static inline GQuark petspot_dbus_error_quark(void) { return G_DBUS_ERROR; }
static inline GQuark petspot_io_error_quark(void) { return G_IO_ERROR; }
static inline GType petspot_secret_service_type(void) { return SECRET_TYPE_SERVICE; }

#endif
