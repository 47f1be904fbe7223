#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Slow clients must not starve petspot-server (docs/BEHAVIOUR.md §4.6).

Starts the built server with its open-file limit lowered (1 024 by default),
opens 2 000 loopback connections that each send half a request and then go
quiet, and checks that a normal GET is still answered within a second, a few
times over, and that the server never runs out of files meanwhile. The slow
connections come from many loopback addresses (127.0.1.x), few enough from each
that the server's per-client cap does not push them out before its total cap
does; the normal requests come from 127.0.0.1, a client of its own, as a user
beside a flood would be (a client that floods pushes out its own oldest
connections by design: docs/BEHAVIOUR.md §4.6). Then the
same with 520 photo uploads that send their head and a few bytes of a large
body: each is refused (401, no password) before its body is read, and must not
hold its connection for the upload's deadline.

Bounded: every wait has a deadline and the whole run takes a few seconds.
Exit status 0 on success, 1 with the reason on failure.
"""

import argparse
import os
import resource
import selectors
import socket
import subprocess
import sys
import tempfile
import time

LISTENING_PREFIX = "petspot-server listening on "
# Slow connections per source address: under the server's per-client cap (64).
CONNECTIONS_PER_FLOOD_ADDRESS = 50
HALF_REQUEST = b"GET /api/v1/announcements HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
REFUSED_UPLOAD = (b"POST /api/v1/announcements/no-such-report/photos HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  b"Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 10000000\r\n\r\n--b\r\n")


def fail(message):
    print(f"server-load: FAIL: {message}", flush=True)
    sys.exit(1)


def start_server(binary, directory, open_files):
    def lower_open_files():
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    server = subprocess.Popen(
        [binary, "--port", "0", "--db", os.path.join(directory, "load.sqlite"), "--demo",
         "--log-level", "error"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, preexec_fn=lower_open_files, text=True)
    selector = selectors.DefaultSelector()
    selector.register(server.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if not selector.select(timeout=deadline - time.monotonic()):
            break
        line = server.stdout.readline()
        if not line:
            fail("the server exited before it listened")
        if line.startswith(LISTENING_PREFIX):
            return server, int(line.rsplit(":", 1)[1])
    server.kill()
    fail("the server did not print its listening line within 60 s")


def open_slow_connections(port, count, settle_seconds, payload=HALF_REQUEST):
    """Starts `count` non-blocking connects; each sends `payload` (half a
    request) once connected. Returns the sockets once every connect has finished or the
    settle time is over (connects beyond the server's backlog stay pending)."""
    selector = selectors.DefaultSelector()
    sockets = []
    for index in range(count):
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.setblocking(False)
        connection.bind((flood_address(index), 0))
        connection.connect_ex(("127.0.0.1", port))
        selector.register(connection, selectors.EVENT_WRITE)
        sockets.append(connection)
    pending = count
    connected = 0
    deadline = time.monotonic() + settle_seconds
    while pending and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=max(0.0, deadline - time.monotonic())):
            connection = key.fileobj
            selector.unregister(connection)
            pending -= 1
            if connection.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                try:
                    connection.send(payload)
                    connected += 1
                except OSError:
                    pass
    selector.close()
    return sockets, connected


def flood_address(index):
    """The loopback source address of slow connection `index` (Linux routes all of 127/8 to lo)."""
    return f"127.0.1.{index // CONNECTIONS_PER_FLOOD_ADDRESS + 1}"


def timed_get(port, timeout):
    """One normal request on a fresh connection; returns (status line, seconds)."""
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
            connection.settimeout(max(0.01, timeout - (time.monotonic() - started)))
            connection.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            response = b""
            while b"\r\n" not in response:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                response += chunk
    except OSError as error:
        return f"error: {error}", time.monotonic() - started
    return response.split(b"\r\n", 1)[0].decode(errors="replace"), time.monotonic() - started


def wait_for_first_answer(port, within=10.0):
    """The backlog of slow connections is accepted first; waits (bounded) until
    the server answers at all. While the kernel still hands over slow connects
    that it had to retry, a normal one may be refused; it is tried again until
    `within` seconds are over."""
    started = time.monotonic()
    attempts = 0
    while True:
        attempts += 1
        remaining = within - (time.monotonic() - started)
        status, _ = timed_get(port, max(0.1, remaining))
        if status.startswith("HTTP/1.1 200"):
            break
        if time.monotonic() - started >= within:
            fail(f"no answer under load within {within:.0f} s ({attempts} attempts), last: {status!r}")
        time.sleep(0.05)  # a refused attempt returns at once; do not add to the flood
    print(f"server-load: first answer under load after {(time.monotonic() - started) * 1000:.0f} ms "
          f"({attempts} attempt{'s' if attempts > 1 else ''})", flush=True)


def time_normal_requests(port, count, within):
    """Times `count` normal requests, each of which must be a 200 within
    `within` seconds; returns the slowest."""
    worst = 0.0
    for attempt in range(count):
        status, seconds = timed_get(port, within)
        worst = max(worst, seconds)
        if not status.startswith("HTTP/1.1 200") or seconds > within:
            fail(f"normal request {attempt + 1} under load: {status!r} after {seconds:.2f} s "
                 f"(must be 200 within {within} s)")
    return worst


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="the petspot-server executable")
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--uploads", type=int, default=520, help="refused half-sent uploads")
    parser.add_argument("--open-files", type=int, default=1024, help="the server's RLIMIT_NOFILE")
    parser.add_argument("--within", type=float, default=1.0, help="seconds a normal request may take")
    parser.add_argument("--requests", type=int, default=20, help="normal requests to time")
    arguments = parser.parse_args()

    # This process holds every slow connection, so it needs more files than the server.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = arguments.connections + 64
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            fail(f"this process may open only {hard} files; {wanted} are needed")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

    with tempfile.TemporaryDirectory(prefix="petspot-server-load-") as directory:
        server, port = start_server(arguments.server, directory, arguments.open_files)
        sockets = []
        try:
            status, _ = timed_get(port, 5)
            if not status.startswith("HTTP/1.1 200"):
                fail(f"the unloaded server answered {status!r}")
            sockets, connected = open_slow_connections(port, arguments.connections, settle_seconds=3)
            print(f"server-load: {connected} of {arguments.connections} slow connections established "
                  f"(server open-file limit {arguments.open_files})", flush=True)
            wait_for_first_answer(port)
            cpu_before, wall_before = cpu_seconds(server.pid), time.monotonic()
            worst = time_normal_requests(port, arguments.requests, arguments.within)
            busy = (cpu_seconds(server.pid) - cpu_before) / max(1e-3, time.monotonic() - wall_before)
            open_files = len(os.listdir(f"/proc/{server.pid}/fd"))
            print(f"server-load: {arguments.requests} normal requests answered, slowest {worst * 1000:.0f} ms; "
                  f"server CPU {busy * 100:.0f} %, {open_files} files open", flush=True)
            # Accepting must never run into the open-file limit: the connection cap stays below it.
            if open_files >= arguments.open_files - 8:
                fail(f"the server holds {open_files} files, at its limit of {arguments.open_files}")

            for connection in sockets:
                connection.close()
            sockets, connected = open_slow_connections(
                port, arguments.uploads, settle_seconds=3, payload=REFUSED_UPLOAD)
            print(f"server-load: {connected} of {arguments.uploads} refused half-sent uploads established",
                  flush=True)
            wait_for_first_answer(port)
            worst = time_normal_requests(port, arguments.requests, arguments.within)
            print(f"server-load: {arguments.requests} normal requests answered, slowest {worst * 1000:.0f} ms",
                  flush=True)
            if server.poll() is not None:
                fail(f"the server exited with status {server.returncode}")
        finally:
            for connection in sockets:
                connection.close()
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                fail("the server did not stop within 10 s of SIGTERM")
    print("server-load: passed", flush=True)


if __name__ == "__main__":
    main()
