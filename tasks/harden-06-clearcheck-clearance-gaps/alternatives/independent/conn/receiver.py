# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: ClearCheck webhooks at /clearcheck/webhooks on 127.0.0.1:$IB_RECEIVER_PORT.

Standard Webhooks: the signature must match (HMAC-SHA256, base64-decoded `whsec_` key, over
`webhook-id.webhook-timestamp.body`), the timestamp must be within 5 minutes of now, and a
`webhook-id` seen before is acknowledged without effect."""
import base64
import binascii
import hashlib
import hmac
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, store

WINDOW_S = 5 * 60


def authentic(headers, body: bytes, key: bytes) -> bool:
    wid = headers.get("webhook-id") or ""
    wts = (headers.get("webhook-timestamp") or "").strip()
    wsig = headers.get("webhook-signature") or ""
    if not wid or not wts.isdigit() or not wsig:
        return False
    if abs(time.time() - int(wts)) > WINDOW_S:
        return False
    mac = hmac.new(key, wid.encode() + b"." + wts.encode() + b"." + body, hashlib.sha256).digest()
    want = base64.b64encode(mac)
    for part in wsig.split(" "):
        version, _, sig = part.partition(",")
        if version == "v1" and hmac.compare_digest(want, sig.encode()):
            return True
    return False


class Gate:
    def __init__(self):
        secret = config.webhook_secret()
        try:
            self.key = base64.b64decode(secret.split("_", 1)[1])
        except (IndexError, binascii.Error):
            sys.exit("serve: CLEARCHECK_WEBHOOK_SECRET is not a whsec_ secret")
        self.db = store.connect()
        self.mutex = threading.Lock()

    def deliver(self, headers, body: bytes) -> int:
        if not authentic(headers, body, self.key):
            return 401
        try:
            event = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return 400
        with self.mutex:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                fresh = self.db.execute("INSERT OR IGNORE INTO webhook_ids (id, at) VALUES (?, ?)",
                                        (headers.get("webhook-id"), time.time())).rowcount == 1
                if fresh and isinstance(event, dict) and str(event.get("type", "")).startswith("check.") \
                        and isinstance(event.get("data"), dict):
                    store.apply(self.db, event["data"])
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return 204


class Handler(BaseHTTPRequestHandler):
    gate: Gate = None

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        code = 404
        if self.path.split("?", 1)[0] == config.HOOK_PATH:
            try:
                code = self.gate.deliver(self.headers, body)
            except Exception as exc:
                sys.stderr.write(f"serve: {exc!r}\n")
                code = 500
        self.send_response(code)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, fmt, *args):
        sys.stderr.write("serve: " + fmt % args + "\n")


def serve() -> int:
    Handler.gate = Gate()
    httpd = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
