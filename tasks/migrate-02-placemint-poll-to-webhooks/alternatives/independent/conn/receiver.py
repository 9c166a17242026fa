# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: the Placemint webhook receiver on 127.0.0.1:$IB_RECEIVER_PORT, path /placemint/events.

Each delivery is verified first (HMAC-SHA256 signature with the endpoint's signing secret from
$IB_STATE_DIR/endpoint.json, timestamp within 5 minutes of our clock); only then is the body
parsed. A placement event is written to the store — and committed — before we answer 2xx, and
only if it is newer (higher `version`) than what the store holds, so repeats and out-of-order
deliveries change nothing. Events of other types are acknowledged and ignored."""
import json
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, store
from conn.secrets import SecretCache
from conn.signature import SignatureError, verify

SIGNATURE_HEADER = "Placemint-Signature"
MAX_BODY = 5 * 1024 * 1024
_db_lock = threading.Lock()


def apply_event(db, event: dict) -> str:
    kind = event.get("type") or ""
    obj = (event.get("data") or {}).get("object") or {}
    if not (kind.startswith("placement.") and isinstance(obj, dict) and obj.get("id")
            and obj.get("object", "placement") == "placement"):
        return "ignored"
    with _db_lock:
        return "applied" if store.upsert_many(db, [obj]) else "not newer"


class Handler(BaseHTTPRequestHandler):
    db = None
    secrets: SecretCache = None

    def do_POST(self):
        if self.path.split("?", 1)[0] != config.HOOK_PATH:
            return self._answer(404, {"error": "not found"})
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return self._answer(400, {"error": "bad content-length"})
        if length < 0 or length > MAX_BODY:
            return self._answer(400, {"error": "bad content-length"})
        body = self.rfile.read(length)
        header = self.headers.get(SIGNATURE_HEADER)
        if not header:
            return self._answer(401, {"error": "missing signature"})
        try:
            verify(header, body, self.secrets.wait(5.0))
        except SignatureError as exc:
            return self._answer(401, {"error": f"invalid signature: {exc}"})
        try:
            event = json.loads(body)
        except ValueError:
            return self._answer(400, {"error": "not json"})
        if not isinstance(event, dict):
            return self._answer(400, {"error": "not an event"})
        try:
            result = apply_event(self.db, event)
        except Exception as exc:  # not acknowledged: Placemint retries
            print(f"serve: event {event.get('id')}: {exc!r}", file=sys.stderr)
            return self._answer(500, {"error": "could not store the event"})
        self._answer(200, {"received": True, "result": result})

    def do_GET(self):
        self._answer(405 if self.path.split("?", 1)[0] == config.HOOK_PATH else 404, {"error": "not found"})

    def _answer(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        sys.stderr.write("serve: " + fmt % args + "\n")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve() -> int:
    Handler.db = store.connect()
    Handler.secrets = SecretCache(config.endpoint_file())
    if not Handler.secrets.get() and config.cutover_file().exists():
        # switched already, but the secret is gone: roll it rather than refuse every delivery
        try:
            from conn.cutover import _load_record, recover_secret

            if _load_record().get("status") == "completed":
                recover_secret()
        except Exception as exc:
            print(f"serve: could not recover the signing secret: {exc!r}", file=sys.stderr)
    server = Server(("127.0.0.1", config.receiver_port()), Handler)

    def stop(signum, frame):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    state = "known" if Handler.secrets.get() else "not created yet (run cutover)"
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}; endpoint secret {state}",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        with _db_lock:
            Handler.db.close()
    return 0
