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
