# SPDX-License-Identifier: GPL-3.0-or-later
"""Schemathesis hooks for run-schemathesis.sh: they let the generated requests
reach past the server's doors instead of stopping at them.

- Every request comes on a new connection from its own loopback address
  (127.1.0.0/16, in turn), so the per-address allowances for new reports and
  sightings do not turn nearly every generated body into a 429 unread. The 429
  answers themselves are covered by the server's unit tests.
- Two reports are created before the run, one for the changes and one for the
  photos; requests to those two operations go to them, and three in four of
  them that carry credentials carry the right password (a right one forgives
  the wrong guesses before it), so bodies are checked, not only the password.
  A change that closes its report gets a new open one for the next requests.
  The ids the document gives as examples keep their own requests.

PETSPOT_OPENAPI_URL names the server; the hooks module is loaded through
SCHEMATHESIS_HOOKS.
"""

import base64
import http.client
import itertools
import json
import os
import urllib.parse

import schemathesis
import urllib3.connection
import urllib3.connectionpool

BASE_URL = urllib.parse.urlsplit(os.environ["PETSPOT_OPENAPI_URL"])


def _addresses():
    for third in range(256):
        for fourth in range(1, 255):
            yield f"127.1.{third}.{fourth}"


_next_address = itertools.cycle(list(_addresses())).__next__
_original_new_conn = urllib3.connection.HTTPConnection._new_conn
_original_put_conn = urllib3.connectionpool.HTTPConnectionPool._put_conn


def _connect_from_own_address(self):
    self.source_address = (_next_address(), 0)
    return _original_new_conn(self)


def _close_before_pooling(self, conn):
    # Closed by the client, so the pooled connection object opens a new
    # socket, from the next address, for the next request.
    if conn is not None:
        conn.close()
    _original_put_conn(self, conn)


urllib3.connection.HTTPConnection._new_conn = _connect_from_own_address
urllib3.connectionpool.HTTPConnectionPool._put_conn = _close_before_pooling


def _create_report(name):
    body = {
        "status": "MISSING",
        "petName": name,
        "species": "CAT",
        "sex": "FEMALE",
        "locationLatitude": 52.2297,
        "locationLongitude": 21.0122,
        "lastSeenDate": "2026-01-02",
        "phone": "+48 555 010 999",
    }
    connection = http.client.HTTPConnection(BASE_URL.hostname, BASE_URL.port, timeout=15,
                                            source_address=(_next_address(), 0))
    try:
        connection.request("POST", "/api/v1/announcements", json.dumps(body),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = json.loads(response.read())
        if response.status != 201:
            raise RuntimeError(f"creating the report to manage: {response.status} {answer}")
        return answer["id"], answer["managementPassword"]
    finally:
        connection.close()


MANAGED = {
    ("PATCH", "/api/v1/announcements/{id}"): _create_report("Changes"),
    ("POST", "/api/v1/announcements/{id}/photos"): _create_report("Photos"),
}
NAMES = {
    ("PATCH", "/api/v1/announcements/{id}"): "Changes",
    ("POST", "/api/v1/announcements/{id}/photos"): "Photos",
}
DOCUMENTED_IDS = {
    "208130a5-65ef-530b-8a1c-c6100d53099c",
    "f2754ad4-71e1-5264-bfb9-60fd31bbc659",
    "no-such-report",
}
_calls = itertools.count()


def _operation(case):
    return (case.operation.method.upper(), case.operation.path)


@schemathesis.hook
def before_call(context, case, kwargs):
    managed = MANAGED.get(_operation(case))
    if managed is None or (case.path_parameters or {}).get("id") in DOCUMENTED_IDS:
        return
    report_id, password = managed
    case.path_parameters = {**(case.path_parameters or {}), "id": report_id}
    case.headers = dict(case.headers or {})
    authorization = next((key for key in case.headers if key.lower() == "authorization"), None)
    # Three in four with credentials carry the right password; the fourth
    # keeps its wrong guess, and the right ones forgive it.
    if authorization is not None and next(_calls) % 4 != 3:
        token = base64.b64encode(f"owner:{password}".encode()).decode()
        case.headers[authorization] = f"Basic {token}"


@schemathesis.hook
def after_call(context, case, response):
    # A change that closed the managed report leaves it taking no more
    # changes (409): the next requests get a new open one.
    operation = _operation(case)
    managed = MANAGED.get(operation)
    if managed is not None and (case.path_parameters or {}).get("id") == managed[0] and response.status_code == 409:
        MANAGED[operation] = _create_report(NAMES[operation])
