# SPDX-License-Identifier: GPL-3.0-or-later

"""Stopping the processes a scenario started."""
import signal
import subprocess


def stop_process(process, grace=5):
    """SIGTERM, then SIGKILL if it has not exited within `grace` seconds."""
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=grace)
