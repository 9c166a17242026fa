# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: the Pipelane webhook receiver on 127.0.0.1:$IB_RECEIVER_PORT.

On every `opportunityHired` event we book forklift training: a note on the opportunity,
written as the Training Bot, and a row in training.db."""
import hashlib
import hmac
import json
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, training
from conn.pipelane import Pipelane


def signature_ok(payload: dict, secret: str) -> bool:
    """Pipelane signs `token` followed by `triggeredAt` (see its webhook docs)."""
    token, triggered, sig = payload.get("token"), payload.get("triggeredAt"), payload.get("signature")
    if not isinstance(token, str) or not isinstance(sig, str) or not isinstance(triggered, int):
        return False
    want = hmac.new(secret.encode(), f"{token}{triggered}".encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(want, sig)


class Tokens:
    """Tokens of deliveries we have handled: Pipelane may send one again."""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()
        try:
            self.seen = set(json.loads(path.read_text()))
        except (OSError, ValueError):
            self.seen = set()

    def __contains__(self, token: str) -> bool:
        with self.lock:
            return token in self.seen

    def add(self, token: str) -> None:
        with self.lock:
            self.seen.add(token)
            self.path.write_text(json.dumps(sorted(self.seen)))


def handle(api: Pipelane, db, event: dict) -> None:
    if event.get("event") != "opportunityHired":
        return
    data = event.get("data") or {}
    api.add_note(data["opportunityId"], config.NOTE_TEXT, config.training_bot())
    training.book(db, data["opportunityId"], data["contactId"])


class Handler(BaseHTTPRequestHandler):
    api = db = tokens = None

    def do_POST(self):
        if self.path.split("?", 1)[0] != config.HOOK_PATH:
            return self._answer(404, {"error": "not found"})
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            event = json.loads(body)
        except ValueError:
            return self._answer(400, {"error": "not json"})
        if not isinstance(event, dict) or not signature_ok(event, config.webhook_secret()):
            return self._answer(401, {"error": "bad signature"})
        token = event["token"]
        if token in self.tokens:
            return self._answer(200, {"received": True, "duplicate": True})
        try:
            handle(self.api, self.db, event)
        except Exception as exc:  # Pipelane redelivers what we do not acknowledge
            sys.stderr.write(f"serve: {token}: {exc}\n")
            return self._answer(500, {"error": "try again later"})
        self.tokens.add(token)
        self._answer(200, {"received": True})

    def _answer(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        sys.stderr.write("serve: " + fmt % args + "\n")


def serve() -> int:
    Handler.api = Pipelane()
    Handler.db = training.connect(config.training_file())
    Handler.tokens = Tokens(config.tokens_file())
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown, daemon=True).start())
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
