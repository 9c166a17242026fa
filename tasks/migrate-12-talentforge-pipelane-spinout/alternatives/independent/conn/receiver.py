# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Move-week receiver: verified TalentForge application changes move the opportunity tagged
with the application, if it is one of Greyfriars' (cost centre GRF-). Work is queued and done
by one worker thread so deliveries are answered at once."""
from __future__ import annotations

import csv
import hashlib
import hmac
import json
import os
import queue
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

from conn.web import PL, TF


def serve(stage_map: str) -> int:
    env = os.environ
    secret = env["TALENTFORGE_WEBHOOK_SECRET"].encode()
    with open(stage_map, newline="", encoding="utf-8") as fh:
        r = csv.DictReader(fh)
        stage_of = {row[r.fieldnames[0]]: row[r.fieldnames[1]] for row in r}
    tf = TF(env["TALENTFORGE_BASE_URL"], env["TALENTFORGE_CLIENT_ID"], env["TALENTFORGE_CLIENT_SECRET"])
    pl = PL(env["PIPELANE_BASE_URL"], env["PIPELANE_API_KEY"], env["PIPELANE_MIGRATION_USER_ID"])
    work: queue.Queue = queue.Queue()
    seen: set = set()

    def worker():
        while True:
            app_id = work.get()
            try:
                app = tf.get(f"/api/v2/applications/{app_id}")
                req = app and tf.get(f"/api/v2/requisitions/{app['requisition_id']}")
                if not req or not str(req.get("cc_code") or "").startswith("GRF-"):
                    continue
                for o in pl.get("/v1/opportunities", tag="tf:" + app_id).get("data") or []:
                    if stage_of.get(app["stage"]) and o["stage"] != stage_of[app["stage"]]:
                        pl.send("PUT", f"/v1/opportunities/{o['id']}/stage", {"stage": stage_of[app["stage"]]})
            except Exception as exc:  # noqa: BLE001
                print("receiver:", exc, file=sys.stderr)

    threading.Thread(target=worker, daemon=True).start()

    class H(BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_POST(self):  # noqa: N802
            raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            ts = self.headers.get("X-TF-Timestamp", "")
            sigs = [s.strip() for s in self.headers.get("X-TF-Signature", "").split(",")]
            good = "sha256=" + hmac.new(secret, ts.encode() + b"." + raw, hashlib.sha256).hexdigest()
            fresh = ts.isdigit() and abs(time.time() - int(ts)) <= 300
            if not fresh or not any(hmac.compare_digest(good, s) for s in sigs):
                self.send_response(401)
                self.end_headers()
                return
            ev = json.loads(raw)
            key = self.headers.get("X-TF-Delivery") or ev.get("id")
            if key not in seen:
                seen.add(key)
                if ev.get("type") == "application.updated":
                    work.put((ev.get("data") or {}).get("id"))
            self.send_response(204)
            self.end_headers()

    HTTPServer(("", int(env.get("IB_RECEIVER_PORT", "8080"))), H).serve_forever()
    return 0
