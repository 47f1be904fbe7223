"""A scriptable PetSpot-compatible HTTP backend in the test process, for what a
real server will not do on purpose: invalid items, held (slow) answers."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class StubBackend:
    def __init__(self, items=None, raw_list_body=None):
        self.items = list(items or [])
        self.raw_list_body = raw_list_body
        self.release = threading.Event()
        self.release.set()  # answers at once unless held
        self.waiting = 0
        self._lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):  # noqa: N802 - http.server's naming
                with stub._lock:
                    stub.waiting += 1
                stub.release.wait(timeout=60)
                with stub._lock:
                    stub.waiting -= 1
                path = self.path.split("?", 1)[0]
                if path == "/api/v1/announcements":
                    body = stub.raw_list_body if stub.raw_list_body is not None \
                        else json.dumps({"data": stub.items}).encode()
                    self._send(200, body)
                elif path.startswith("/api/v1/announcements/"):
                    wanted = path.rsplit("/", 1)[1]
                    match = next((i for i in stub.items if isinstance(i, dict) and i.get("id") == wanted), None)
                    if match is None:
                        self._send(404, json.dumps({"error": {"requestId": "stub", "code": "NOT_FOUND",
                                                              "message": "not found"}}).encode())
                    else:
                        self._send(200, json.dumps(match).encode())
                elif path.startswith("/images/"):
                    # Every "photo" here is broken: bytes that are no image at all.
                    self._send(200, b"\x89PNG but not really" * 50)
                else:
                    self._send(404, b'{"error":{"requestId":"stub","code":"NOT_FOUND","message":"no route"}}')

            def _send(self, status, body):
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self):
        self.thread.start()
        return self

    def hold(self):
        self.release.clear()

    def answer(self):
        self.release.set()

    def stop(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
