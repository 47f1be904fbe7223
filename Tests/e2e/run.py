#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Entry point: `run-e2e.sh` starts this inside dbus-run-session and Xvfb."""
import os
import sys

# dogtail must not insist on GNOME's accessibility setting: GTK 4 always exports.
from dogtail.config import config

config.checkForA11y = False
config.logDebugToFile = False
config.logDebugToStdOut = False
config.actionDelay = 0.05
config.defaultDelay = 0.05
config.typingDelay = 0.02

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import runner  # noqa: E402

sys.exit(runner.main())
