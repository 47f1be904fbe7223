#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The deployment of docs/DEPLOY.md, on loopback: two petspot-server processes
on one PostgreSQL database, behind nginx with the project's own location file
(deploy/nginx/petspot-locations.conf).

Checks that the processes are interchangeable:
- a report created through nginx is served by each process;
- a photo uploaded to one process is served by the other (photos are in the database);
- a list one process has answered (and cached) shows a report the other created;
- wrong management passwords count across processes: the guess limit holds;
- with one process stopped, nginx still answers every read from the other;
- nginx's X-Forwarded-For is trusted: new reports are counted per client, not
  as the proxy's (the allowance is per process: one is left by then).

Run inside Tests/postgres/with-test-postgres.sh, which names the cluster's
template database in PETSPOT_TEST_POSTGRES_URL; this makes its own database from
it and drops it at the end. Every wait is bounded. Exit status 0 on success,
1 with the reason on failure.
"""

import argparse
import base64
import http.client
import json
import os
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LOCATIONS = os.path.join(ROOT, "deploy", "nginx", "petspot-locations.conf")
DEMO_PHOTOS = os.path.join(ROOT, "Sources", "PetSpotServer", "Demo", "images")
LISTENING_PREFIX = "petspot-server listening on "
PASSWORD_GUESS_LIMIT = 10  # PasswordAttempts.limit
NEW_REPORT_BURST = 5  # ReportCreationLimit().burst

REPORT = {
    "petName": "Ferry", "species": "DOG", "breed": None, "sex": "MALE", "age": 3,
    "description": "Crossed the river on the ferry and did not come back.", "microchipNumber": None,
    "locationLatitude": 52.2297, "locationLongitude": 21.0122, "lastSeenDate": "2026-11-20",
    "email": "owner@example.org", "phone": None, "status": "MISSING", "reward": None,
}


def fail(message):
    print(f"deploy-check: FAIL: {message}", flush=True)
    sys.exit(1)


def step(message):
    print(f"deploy-check: {message}", flush=True)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def psql(url, sql):
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
                   check=True, timeout=60, stdout=subprocess.DEVNULL)


def database_url(template_url, name):
    parts = urllib.parse.urlsplit(template_url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


class Server:
    """One petspot-server process; its port is read from its listening line."""

    def __init__(self, binary, database, log_path):
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", "0", "--database", database,
             "--trusted-proxy", "127.0.0.1", "--password-iterations", "1000", "--log-level", "warning"],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and selector.select(timeout=deadline - time.monotonic()):
            line = self.process.stdout.readline()
            if not line:
                break
            if line.startswith(LISTENING_PREFIX):
                self.port = int(line.rsplit(":", 1)[1])
                return
        self.process.kill()
        fail(f"a server did not start within 60 s (log: {log_path})")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                fail("a server did not stop within 15 s of SIGTERM")
        self.log.close()


def start_nginx(directory, ports):
    """nginx on a free loopback port in front of `ports`, with the project's location file."""
    port = free_port()
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=3 fail_timeout=10s;" for p in ports)
    config = os.path.join(directory, "nginx.conf")
    with open(config, "w") as file:
        file.write(f"""
daemon off;
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/nginx-error.log warn;
user root root;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {directory}/client-body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
    upstream petspot_servers {{
{servers}
        keepalive 8;
    }}
    server {{
        listen 127.0.0.1:{port};
        include {LOCATIONS};
    }}
}}
""")
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    subprocess.run([binary, "-t", "-q", "-c", config, "-p", directory], check=True, timeout=30)
    process = subprocess.Popen([binary, "-c", config, "-p", directory])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, port
        except OSError:
            if process.poll() is not None:
                fail(f"nginx exited with status {process.returncode} (log: {directory}/nginx-error.log)")
            time.sleep(0.05)
    process.kill()
    fail("nginx did not listen within 30 s")


def request(port, method, path, body=None, headers=None, source="127.0.0.1"):
    """One request on a fresh connection from loopback address `source`;
    returns (status, body bytes, response)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read(), response
    finally:
        connection.close()


def create_report(port, source="127.0.0.1"):
    status, body, _ = request(port, "POST", "/api/v1/announcements", json.dumps(REPORT),
                              {"Content-Type": "application/json"}, source=source)
    return status, (json.loads(body) if status == 201 else body)


def upload_photo(port, report_id, password, photo):
    boundary = "petspot-deploy-" + uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.jpg\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    credentials = base64.b64encode(f"{report_id}:{password}".encode()).decode()
    return request(port, "POST", f"/api/v1/announcements/{urllib.parse.quote(report_id)}/photos", body, {
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": f"Basic {credentials}"})


def list_ids(port):
    status, body, _ = request(port, "GET", "/api/v1/announcements")
    if status != 200:
        fail(f"the list answered {status}")
    return {item["id"] for item in json.loads(body)["data"]}


def check(server_binary, template_url, directory):
    name = "petspot_deploy_" + uuid.uuid4().hex[:12]
    admin_url = database_url(template_url, "postgres")
    psql(admin_url, f"CREATE DATABASE {name} TEMPLATE {urllib.parse.urlsplit(template_url).path.lstrip('/')}")
    servers = []
    nginx = None
    try:
        url = database_url(template_url, name)
        # One after the other, then both at once would race on the schema: the
        # second start must find it made (or wait for the first's lock).
        servers = [Server(server_binary, url, os.path.join(directory, f"server-{i}.log")) for i in (1, 2)]
        a, b = servers
        nginx, proxy = start_nginx(directory, [a.port, b.port])
        step(f"two servers ({a.port}, {b.port}) on one database behind nginx ({proxy})")

        before_on_b = list_ids(b.port)  # B caches this list
        status, created = create_report(proxy)
        if status != 201:
            fail(f"creating a report through nginx answered {status}: {created!r}")
        report_id, password = created["id"], created["managementPassword"]
        for server in servers:
            status, body, _ = request(server.port, "GET", f"/api/v1/announcements/{report_id}")
            if status != 200 or json.loads(body)["id"] != report_id:
                fail(f"the server on {server.port} did not serve the new report: {status}")
        after_on_b = list_ids(b.port)
        if after_on_b != before_on_b | {report_id}:
            fail("the list B had answered before does not show the report created through nginx")
        step("a report created through nginx is served by both servers, and B's list shows it")

        photo = open(os.path.join(DEMO_PHOTOS, sorted(os.listdir(DEMO_PHOTOS))[0]), "rb").read()
        status, body, _ = upload_photo(a.port, report_id, password, photo)
        if status not in (200, 201):
            fail(f"the photo upload to A answered {status}: {body[:200]!r}")
        status, body, _ = request(b.port, "GET", f"/api/v1/announcements/{report_id}")
        photo_url = json.loads(body).get("photoUrl") if status == 200 else None
        if not photo_url:
            fail(f"B does not name the photo uploaded to A: {status}, {body[:200]!r}")
        path = urllib.parse.urlsplit(photo_url).path
        status, served, _ = request(b.port, "GET", path)
        if status != 200 or served != photo:
            fail(f"B served the photo uploaded to A as {status}, {len(served)} bytes (sent {len(photo)})")
        step(f"a photo uploaded to A is served by B ({len(photo)} bytes, the same)")

        status, second = create_report(proxy)
        if status != 201:
            fail(f"a second report answered {status}")
        right = second["managementPassword"]
        wrong = right[:-1] + ("1" if right[-1] != "1" else "2")
        statuses = [upload_photo(servers[guess % 2].port, second["id"], wrong, photo)[0]
                    for guess in range(PASSWORD_GUESS_LIMIT)]
        if statuses != [401] * PASSWORD_GUESS_LIMIT:
            fail(f"wrong passwords answered {statuses}, not {PASSWORD_GUESS_LIMIT} × 401")
        status, _, _ = upload_photo(a.port, second["id"], right, photo)
        if status != 429:
            fail(f"after {PASSWORD_GUESS_LIMIT} wrong passwords on two servers, the right one answered {status}, "
                 "not 429: the guess limit does not hold across processes")
        step(f"{PASSWORD_GUESS_LIMIT} wrong passwords spread over both servers lock the report on each")

        a.stop()
        for attempt in range(10):
            status, _, _ = request(proxy, "GET", f"/api/v1/announcements/{report_id}")
            if status != 200:
                fail(f"with A stopped, read {attempt + 1} through nginx answered {status}")
        step("with A stopped, nginx answers every read from B")

        # New reports are counted per client (ReportCreationLimit: 5 at once,
        # per process; only B is left), by the address nginx forwards. Were the
        # proxy's own address counted, the two reports above would use it up sooner.
        statuses = [create_report(proxy, source="127.0.0.2")[0] for _ in range(NEW_REPORT_BURST + 1)]
        if statuses != [201] * NEW_REPORT_BURST + [429]:
            fail(f"new reports from one client through nginx answered {statuses}")
        status, _ = create_report(proxy, source="127.0.0.3")
        if status != 201:
            fail(f"another client's new report through nginx answered {status}: counted as the proxy's")
        step(f"new reports through nginx are counted per client: {NEW_REPORT_BURST}, then 429; another client 201")
    finally:
        if nginx is not None:
            nginx.send_signal(signal.SIGQUIT)
            try:
                nginx.wait(timeout=15)
            except subprocess.TimeoutExpired:
                nginx.kill()
        for server in servers:
            server.stop()
        psql(admin_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="the petspot-server executable")
    arguments = parser.parse_args()
    template_url = os.environ.get("PETSPOT_TEST_POSTGRES_URL")
    if not template_url:
        fail("PETSPOT_TEST_POSTGRES_URL is not set: run inside Tests/postgres/with-test-postgres.sh")
    with tempfile.TemporaryDirectory(prefix="petspot-deploy-") as directory:
        os.chmod(directory, 0o755)
        started = time.monotonic()
        check(arguments.server, template_url, directory)
    print(f"deploy-check: passed in {time.monotonic() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()
