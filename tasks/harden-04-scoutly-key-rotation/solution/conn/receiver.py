# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: the receiver for Scoutly's calls, on 127.0.0.1:$IB_RECEIVER_PORT.

- The activation handshake (a POST carrying X-Hook-Secret) is answered 200 with the same value
  echoed in an X-Hook-Secret response header.
- Every other call must be a signed delivery: HMAC-SHA256 over
  `timestamp.body.event-id.event-name` with a live signing key of our subscription (conn/keys.py:
  re-read when a delivery matches none, revoked keys dropped on Scoutly's clock), signed within
  300 s of our clock. Anything else gets a 401 and changes nothing.
- Events carry ids only: the application (its candidate and job) is read back from Scoutly, so
  the board follows Scoutly's current state whatever the order of arrival; each event id acts
  once."""
import hashlib
import hmac
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, store
from conn.keys import Keys
from conn.scoutly import Scoutly

TOLERANCE_S = 300


def signature_ok(headers, body: bytes, keys: list[str], now: float | None = None) -> str | None:
    """None when the delivery is authentic and fresh, else why not."""
    now = time.time() if now is None else now
    ts, sig = headers.get("Scoutly-Timestamp"), headers.get("Scoutly-Signature")
    event_id, event_name = headers.get("Scoutly-Event-Id"), headers.get("Scoutly-Event-Name")
    if not (ts and sig and event_id and event_name) or not ts.strip().isdigit():
        return "unsigned"
    if abs(now - int(ts)) > TOLERANCE_S:
        return "timestamp outside the tolerance"
    msg = ts.strip().encode() + b"." + body + b"." + event_id.encode() + b"." + event_name.encode()
    given = [p.strip()[3:] for p in sig.split(";") if p.strip().startswith("v1=")]
    for key in keys:
        want = hmac.new(key.encode(), msg, hashlib.sha256).hexdigest()
        if any(hmac.compare_digest(want, g) for g in given):
            return None
    return "signature mismatch"


class Receiver:
    def __init__(self):
        self.api = Scoutly()
        self.db = store.connect()
        self.keys = Keys(self.api)
        self.jobs: dict[str, dict] = {}
        self.lock = threading.Lock()

    def job(self, job_id: str, fresh: bool = False) -> dict | None:
        if fresh or job_id not in self.jobs:
            job = self.api.get(f"/v1/jobs/{job_id}")
            if job is None:
                return None
            self.jobs[job_id] = job
        return self.jobs[job_id]

    def authentic(self, headers, body: bytes) -> str | None:
        why = signature_ok(headers, body, self.keys.live())
        if why == "signature mismatch" and self.keys.refresh():
            why = signature_ok(headers, body, self.keys.live())
        return why

    def handle(self, headers, body: bytes) -> tuple[int, dict]:
        with self.lock:
            why = self.authentic(headers, body)
            if why:
                return 401, {"error": why}
            try:
                event = json.loads(body)
                data = event.get("data") or {}
            except (ValueError, AttributeError):
                return 400, {"error": "not an event"}
            event_id, name = headers["Scoutly-Event-Id"], headers["Scoutly-Event-Name"]
            if self.db.execute("SELECT 1 FROM seen_events WHERE event_id = ?", (event_id,)).fetchone():
                return 200, {"received": True, "duplicate": True}
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.act(name, data)
                self.db.execute("INSERT INTO seen_events (event_id, event) VALUES (?, ?)", (event_id, name))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            return 200, {"received": True}

    def act(self, name: str, data: dict) -> None:
        if name.startswith("application.") and data.get("applicationId"):
            app = self.api.get(f"/v1/applications/{data['applicationId']}")
            if app is None:
                store.drop(self.db, data["applicationId"])
                return
            cand = self.api.get(f"/v1/candidates/{app['candidateId']}") if app.get("status") == "HIRED" else None
            store.apply(self.db, app, cand, self.job(app["jobId"]))
        elif name == "candidate.updated" and data.get("candidateId"):
            cand = self.api.get(f"/v1/candidates/{data['candidateId']}")
            if cand is not None:
                self.db.execute("UPDATE accredited SET steward = ? WHERE candidate_id = ?",
                                (store.steward_name(cand), cand["id"]))
        elif name == "job.updated" and data.get("jobId"):
            job = self.job(data["jobId"], fresh=True)
            if job is not None:
                self.db.execute("UPDATE accredited SET zone = ? WHERE job_id = ?",
                                ((job.get("location") or {}).get("name"), job["id"]))


class Handler(BaseHTTPRequestHandler):
    receiver: Receiver = None

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        hook_secret = self.headers.get("X-Hook-Secret")
        if hook_secret is not None and self.headers.get("Scoutly-Signature") is None:  # the activation handshake
            return self._answer(200, {"activated": True}, {"X-Hook-Secret": hook_secret})
        if self.path.split("?", 1)[0] != config.HOOK_PATH:
            return self._answer(404, {"error": "not found"})
        try:
            status, payload = self.receiver.handle(self.headers, body)
        except Exception as exc:  # never acknowledge what we could not record
            sys.stderr.write(f"serve: {type(exc).__name__}: {exc}\n")
            status, payload = 500, {"error": type(exc).__name__}
        self._answer(status, payload)

    def _answer(self, status: int, payload: dict, extra: dict | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        sys.stderr.write("serve: " + fmt % args + "\n")


def serve() -> int:
    Handler.receiver = Receiver()
    try:
        Handler.receiver.keys.refresh()  # the live keys (and Scoutly's clock) before the first delivery
    except Exception as exc:  # Scoutly unreachable: the account's key until the next refresh
        sys.stderr.write(f"serve: key list not read yet ({type(exc).__name__})\n")
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
