// SPDX-License-Identifier: GPL-3.0-or-later

// GLib alone (no GTK): what GettextKit needs to translate messages.
#include <locale.h>
#include <glib.h>
#include <libintl.h>
