# SPDX-License-Identifier: GPL-3.0-or-later

"""A scriptable PetSpot-compatible HTTP backend in the test process, for what a
real server will not do on purpose: invalid or huge items, held (slow) answers
(new reports' too), list bodies that never end, photos cut short."""
import collections
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# What a trickled list claims to send: more than it ever will, and less than
# the app's cap on a body (a bigger claim fails at once).
TRICKLE_CLAIMED_LENGTH = 1 << 20


class StubBackend:
    def __init__(self, items=None, raw_list_body=None, photos=None):
        self.items = list(items or [])
        self.raw_list_body = raw_list_body
        # Photo bytes by path ("/images/a.png"); any other photo path gets
        # bytes that are no image at all.
        self.photos = dict(photos or {})
        # Seconds between the bytes of a list body that never ends; None
        # answers the list at once. Set it with `trickle_list`.
        self.trickle_interval = None
        self.release = threading.Event()
        self.release.set()  # answers at once unless held
        self.waiting = 0
        self.trickling = 0  # list bodies being trickled right now
        self.answered = collections.Counter()  # path -> bodies sent whole
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):  # noqa: N802 - http.server's naming
                stub.wait_until_answered()
                path = self.path.split("?", 1)[0]
                if path == "/api/v1/announcements":
                    if stub.trickle_interval is not None:
                        self._trickle(stub.trickle_interval)
                        return
                    body = stub.raw_list_body if stub.raw_list_body is not None \
                        else json.dumps({"data": stub.items}).encode()
                    self._send(200, body, path)
                elif path.startswith("/api/v1/announcements/"):
                    wanted = path.rsplit("/", 1)[1]
                    match = stub.item(wanted)
                    if match is None:
                        self._send(404, json.dumps({"error": {"requestId": "stub", "code": "NOT_FOUND",
                                                              "message": "not found"}}).encode(), path)
                    else:
                        self._send(200, json.dumps(match).encode(), path)
                elif path.startswith("/images/"):
                    body = stub.photos.get(path, b"\x89PNG but not really" * 50)
                    self._send(200, body, path, content_type="image/png" if path.endswith(".png") else "image/jpeg")
                else:
                    self._send(404, b'{"error":{"requestId":"stub","code":"NOT_FOUND","message":"no route"}}',
                               path)

            def do_POST(self):  # noqa: N802 - a new report, created once released (see `hold`)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                stub.wait_until_answered()
                path = self.path.split("?", 1)[0]
                if path != "/api/v1/announcements":
                    self._send(404, b'{"error":{"requestId":"stub","code":"NOT_FOUND","message":"no route"}}', path)
                    return
                created = stub.create(json.loads(body or b"{}"))
                self._send(201, json.dumps({**created, "managementPassword": stub.PASSWORD}).encode(), path)

            def _send(self, status, body, path, content_type="application/json"):
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", content_type)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    return
                with stub._lock:
                    stub.answered[path] += 1

            def _trickle(self, interval):
                """The head at once, then the start of a list and one space
                (JSON whitespace) every `interval` seconds, until the client
                gives up or the stub stops."""
                with stub._lock:
                    stub.trickling += 1
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(TRICKLE_CLAIMED_LENGTH))
                    self.end_headers()
                    self.wfile.write(b'{"data": [')
                    self.wfile.flush()
                    while not stub._stopping.wait(interval):
                        self.wfile.write(b" ")
                        self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    with stub._lock:
                        stub.trickling -= 1
                    self.close_connection = True

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self):
        self.thread.start()
        return self

    def item(self, wanted_id):
        """The item with this id; of duplicates, the one a server applying
        them in order of `updatedAt` would keep (ties: the later one)."""
        matches = [(item.get("updatedAt") or "", index, item) for index, item in enumerate(self.items)
                   if isinstance(item, dict) and item.get("id") == wanted_id]
        return max(matches, key=lambda match: match[:2])[2] if matches else None

    # The management password of every report the stub creates.
    PASSWORD = "135790"

    def create(self, report):
        """A report as a PetSpot server stores it: every key, a new id."""
        from harness import seed
        with self._lock:
            created = seed.announcement(len(self.items) + 1, **report)
            created["id"] = f"created-{len(self.items) + 1}"
            self.items.append(created)
        return created

    def wait_until_answered(self):
        """In a request's thread: counted as waiting while `hold` holds it."""
        with self._lock:
            self.waiting += 1
        self.release.wait(timeout=60)
        with self._lock:
            self.waiting -= 1

    def hold(self):
        self.release.clear()

    def answer(self):
        self.release.set()

    def trickle_list(self, interval):
        """From now on list bodies never end: a byte every `interval` seconds."""
        self.trickle_interval = interval

    def answer_list_whole(self):
        self.trickle_interval = None

    def stop(self):
        self._stopping.set()
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
