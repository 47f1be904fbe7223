// SPDX-License-Identifier: GPL-3.0-or-later

// libqrencode: QR codes for the printed poster.
#include <qrencode.h>
