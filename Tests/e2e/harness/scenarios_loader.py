# SPDX-License-Identifier: GPL-3.0-or-later

"""Imports every module in ../scenarios so their @scenario functions register."""
import importlib
import os
import sys


def load_all():
    here = os.path.dirname(os.path.abspath(__file__))
    scenarios_dir = os.path.join(os.path.dirname(here), "scenarios")
    sys.path.insert(0, os.path.dirname(here))
    for file_name in sorted(os.listdir(scenarios_dir)):
        if file_name.startswith("test_") and file_name.endswith(".py"):
            importlib.import_module(f"scenarios.{file_name[:-3]}")
