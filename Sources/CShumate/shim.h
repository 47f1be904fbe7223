// SPDX-License-Identifier: GPL-3.0-or-later

#ifndef PETSPOT_CSHUMATE_SHIM_H
#define PETSPOT_CSHUMATE_SHIM_H

#include <shumate/shumate.h>

#endif
