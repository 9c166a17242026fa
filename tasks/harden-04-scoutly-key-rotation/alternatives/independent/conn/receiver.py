# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: Scoutly's deliveries (and its activation handshake) on 127.0.0.1:$IB_RECEIVER_PORT."""
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import board
from conn.api import ScoutlyApi
from conn.keyring import Keyring

PATH = "/scoutly/events"


class State:
    def __init__(self):
        self.api = ScoutlyApi()
        self.keys = Keyring(self.api, os.environ["IB_RECEIVER_URL"].rstrip("/") + PATH)
        self.con = board.open_board()
        self.one_at_a_time = threading.Lock()

    def apply(self, name, data):
        if name.startswith("application.") and data.get("applicationId"):
            app = self.api.one(f"/v1/applications/{data['applicationId']}")
            if app is None or app.get("status") != "HIRED":
                board.remove(self.con, data["applicationId"])
                return
            person = self.api.one(f"/v1/candidates/{app['candidateId']}")
            job = self.api.one(f"/v1/jobs/{app['jobId']}")
            if person and job:
                board.upsert(self.con, app, person, job)
        elif name == "candidate.updated" and data.get("candidateId"):
            person = self.api.one(f"/v1/candidates/{data['candidateId']}")
            if person:
                self.con.execute("UPDATE accredited SET steward = ? WHERE candidate_id = ?",
                                 (board.name_of(person), person["id"]))
        elif name == "job.updated" and data.get("jobId"):
            job = self.api.one(f"/v1/jobs/{data['jobId']}")
            if job:
                self.con.execute("UPDATE accredited SET zone = ? WHERE job_id = ?",
                                 ((job.get("location") or {}).get("name"), job["id"]))

    def delivery(self, headers, body):
        with self.one_at_a_time:
            if not self.keys.genuine(headers, body):
                return 401
            event_id = headers["Scoutly-Event-Id"]
            if self.con.execute("SELECT 1 FROM handled WHERE event_id = ?", (event_id,)).fetchone():
                return 200
            try:
                data = json.loads(body).get("data") or {}
            except (ValueError, AttributeError):
                return 400
            self.con.execute("BEGIN IMMEDIATE")
            try:
                self.apply(headers["Scoutly-Event-Name"], data)
                self.con.execute("INSERT INTO handled VALUES (?)", (event_id,))
                self.con.execute("COMMIT")
            except Exception:
                self.con.execute("ROLLBACK")
                raise
            return 200


class Handler(BaseHTTPRequestHandler):
    state = None

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.headers.get("X-Hook-Secret") and not self.headers.get("Scoutly-Signature"):
            return self.reply(200, {"X-Hook-Secret": self.headers["X-Hook-Secret"]})
        if self.path.split("?")[0] != PATH:
            return self.reply(404)
        try:
            code = self.state.delivery(self.headers, body)
        except Exception as exc:
            print(f"serve: {exc!r}", file=sys.stderr)
            code = 503
        self.reply(code)

    def reply(self, code, headers=None):
        self.send_response(code)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, fmt, *args):
        pass


def serve():
    Handler.state = State()
    httpd = ThreadingHTTPServer(("127.0.0.1", int(os.environ["IB_RECEIVER_PORT"])), Handler)
    try:
        Handler.state.keys.reread()
    except Exception as exc:
        print(f"serve: key list not read at start: {exc!r}", file=sys.stderr)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
