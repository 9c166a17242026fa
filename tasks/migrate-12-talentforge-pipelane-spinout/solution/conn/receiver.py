# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The move week's receiver: TalentForge application.updated -> the opportunity's stage.

Deliveries are verified (HMAC-SHA256 over timestamp.raw_body, 300 s tolerance) before they
are parsed; the payload carries ids only, so the application and its requisition are read
again; only Greyfriars' applications (cost centre GRF-) move an opportunity, never create one."""
from __future__ import annotations

import hashlib
import hmac
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config
from conn.common import in_scope, read_map, tag_for
from conn.pipelane import Pipelane
from conn.talentforge import TalentForge

TOLERANCE_S = 300


def verify(secret: str, headers, raw: bytes) -> bool:
    ts = headers.get("X-TF-Timestamp", "")
    sig = headers.get("X-TF-Signature", "")
    if not ts.isdigit() or abs(time.time() - int(ts)) > TOLERANCE_S:
        return False
    want = "sha256=" + hmac.new(secret.encode(), ts.encode() + b"." + raw, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(want, s.strip()) for s in sig.split(","))


def serve(stage_map: str) -> int:
    s = config.load()
    stages = read_map(stage_map)
    tf = TalentForge(s.talentforge_url, s.talentforge_client_id, s.talentforge_client_secret)
    pl = Pipelane(s.pipelane_url, s.pipelane_key, s.migration_user)
    lock = threading.Lock()
    seen: set[str] = set()

    def handle(app_id: str) -> None:
        app = tf.get(f"/api/v2/applications/{app_id}")
        if not app:
            return
        req = tf.get(f"/api/v2/requisitions/{app['requisition_id']}")
        if not req or not in_scope(req):
            return
        found = pl.get("/v1/opportunities", {"tag": tag_for(app_id)}).get("data") or []
        want = stages.get(app["stage"])
        for opp in found:
            if want and opp["stage"] != want:
                pl.write("PUT", f"/v1/opportunities/{opp['id']}/stage", {"stage": want})

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # quiet
            pass

        def _answer(self, code: int) -> None:
            self.send_response(code)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_POST(self):  # noqa: N802
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if self.path.split("?")[0] != "/talentforge/events":
                return self._answer(404)
            if not verify(s.talentforge_webhook_secret, self.headers, raw):
                return self._answer(401)
            try:
                event = json.loads(raw)
            except ValueError:
                return self._answer(400)
            delivery = self.headers.get("X-TF-Delivery") or event.get("id") or ""
            with lock:
                if delivery in seen:
                    return self._answer(200)
                if event.get("type") == "application.updated":
                    try:
                        handle(str((event.get("data") or {}).get("id") or ""))
                    except Exception as exc:  # noqa: BLE001 - TalentForge retries a non-2xx
                        print(f"serve: {delivery}: {exc}", file=sys.stderr)
                        return self._answer(503)
                seen.add(delivery)
            return self._answer(200)

    server = ThreadingHTTPServer(("0.0.0.0", s.receiver_port), Handler)
    print(f"serve: listening on {s.receiver_port}", file=sys.stderr)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
