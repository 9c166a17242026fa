# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Receiver: verify, acknowledge at once, then do the work on a worker thread."""
import hashlib
import hmac
import json
import os
import queue
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import api, board, config

work: "queue.Queue[dict]" = queue.Queue()
keys: set[str] = set()
keys_fetched_at = [0.0]
seen: set[str] = set()
seen_lock = threading.Lock()


def load_keys(force: bool = False) -> None:
    if os.environ.get("SCOUTLY_WEBHOOK_SECRET"):
        keys.add(os.environ["SCOUTLY_WEBHOOK_SECRET"])
    path = config.state_dir() / "scoutly_subscription.json"
    if not path.exists() or (not force and keys_fetched_at[0]) or time.time() - keys_fetched_at[0] < 15:
        return
    keys_fetched_at[0] = time.time()
    sub_id = json.loads(path.read_text())["id"]
    doc = api.get(f"/v1/subscriptions/{sub_id}/secret-keys") or {"content": []}
    keys.update(k["secret"] for k in doc["content"])


def authentic(h, body: bytes) -> bool:
    try:
        ts = int(h["Scoutly-Timestamp"])
        message = b".".join([str(ts).encode(), body, h["Scoutly-Event-Id"].encode(), h["Scoutly-Event-Name"].encode()])
        offered = [s.strip().removeprefix("v1=") for s in h["Scoutly-Signature"].split(";")]
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    if abs(time.time() - ts) > 300:
        return False
    for attempt in (0, 1):
        for k in list(keys):
            mac = hmac.new(k.encode(), message, hashlib.sha256).hexdigest()
            if any(hmac.compare_digest(mac, o) for o in offered):
                return True
        if attempt == 0:
            load_keys(force=True)
    return False


def worker() -> None:
    db = board.open_board()
    jobs = {}
    while True:
        event = work.get()
        try:
            data = event.get("data") or {}
            if event.get("event", "").startswith("application.") and "applicationId" in data:
                app = api.get(f"/v1/applications/{data['applicationId']}")
                if app is None:
                    db.execute("DELETE FROM hires WHERE application_id = ?", (data["applicationId"],))
                    db.commit()
                else:
                    if app["jobId"] not in jobs:
                        jobs[app["jobId"]] = api.get(f"/v1/jobs/{app['jobId']}")
                    board.sync_application(db, app, jobs[app["jobId"]])
            elif event.get("event") == "job.updated" and "jobId" in data:
                # A renamed or moved job (a hotel rebadged) changes its hires' hotel and position,
                # and Scoutly sends no event for the applications: re-sync the job's hires.
                jobs[data["jobId"]] = job = api.get(f"/v1/jobs/{data['jobId']}")
                for app in api.pages("/v1/applications", {"jobId": data["jobId"], "status": "HIRED"}):
                    board.sync_application(db, app, job)
        except Exception as exc:  # keep serving; log it
            print(f"worker: {exc!r}", file=sys.stderr, flush=True)
        finally:
            work.task_done()


class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if "X-Hook-Secret" in self.headers and "Scoutly-Timestamp" not in self.headers:
            self.send_response(204)
            self.send_header("X-Hook-Secret", self.headers["X-Hook-Secret"])
            self.end_headers()
            return
        if not authentic(self.headers, body):
            self.send_response(403)
            self.end_headers()
            return
        eid = self.headers["Scoutly-Event-Id"]
        with seen_lock:
            fresh = eid not in seen
            seen.add(eid)
        if fresh:
            try:
                work.put(json.loads(body))
            except ValueError:
                pass
        self.send_response(202)
        self.end_headers()

    def log_message(self, *a):
        pass


def serve() -> int:
    load_keys()
    threading.Thread(target=worker, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Hook)

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    server.serve_forever()
    deadline = time.time() + 4
    while work.unfinished_tasks and time.time() < deadline:  # finish what was acknowledged
        time.sleep(0.05)
    return 0
