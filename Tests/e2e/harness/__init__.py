# SPDX-License-Identifier: GPL-3.0-or-later

"""End-to-end harness: the real petspot app under Xvfb, driven through AT-SPI."""
