# SPDX-License-Identifier: GPL-3.0-or-later

"""Waiting on conditions instead of sleeping for fixed times."""
import time


class TimedOut(AssertionError):
    pass


class ProcessDied(AssertionError):
    """The app or server under test exited: waiting longer cannot help."""


def wait_for(condition, timeout=10.0, interval=0.05, message="condition"):
    """Polls `condition` until it returns a truthy value, which is returned.

    Exceptions raised by the condition (AT-SPI nodes vanishing mid-query, say)
    count as "not yet"; the last one is reported if time runs out.
    """
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = condition()
            if value:
                return value
        except (ProcessDied, TimedOut):
            raise
        except Exception as error:  # noqa: BLE001 - any AT-SPI hiccup means "not yet"
            last_error = error
        if time.monotonic() > deadline:
            detail = f" (last error: {last_error!r})" if last_error else ""
            raise TimedOut(f"timed out after {timeout:.1f}s waiting for {message}{detail}")
        time.sleep(interval)


def stays(condition, seconds, interval=0.05, message="condition"):
    """Checks over time that `condition` holds for `seconds`, then returns its
    last value: "nothing else happens" (no second request, say).

    This is an assertion over a period, not a pause before an action. It fails
    as soon as the condition is false. Exceptions raised by the condition count
    as "cannot tell", as in `wait_for`, but at least one check must succeed.
    """
    deadline = time.monotonic() + seconds
    last_error = None
    value = None
    checked = False
    while True:
        try:
            value = condition()
        except (ProcessDied, TimedOut):
            raise
        except Exception as error:  # noqa: BLE001 - an AT-SPI hiccup tells nothing
            last_error = error
        else:
            if not value:
                raise AssertionError(f"{message} stopped holding within {seconds:.1f}s")
            checked = True
        if time.monotonic() > deadline:
            if not checked:
                raise AssertionError(f"could not check {message} for {seconds:.1f}s (last error: {last_error!r})")
            return value
        time.sleep(interval)
