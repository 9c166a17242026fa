# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: the Placemint webhook receiver on 127.0.0.1:$IB_RECEIVER_PORT.

Each delivery is verified (signature with the endpoint's signing secret, timestamp within
5 minutes) before its body is even parsed; a verified event is applied and committed to the
ledger before we answer 2xx. Redeliveries are acknowledged without effect; older placement
versions never overwrite newer ones."""
import json
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, ledger
from conn.ledger import apply_event  # noqa: F401  (re-exported for callers and tests)
from conn.signature import SignatureError, verify

SIGNATURE_HEADER = "Placemint-Signature"
MAX_BODY = 5 * 1024 * 1024


class Secrets:
    """The endpoint's signing secret(s), from $IB_STATE_DIR/endpoint.json (written by `setup`).

    The file is re-read when it changes, so a rolled secret deployed later is picked up without a
    restart. `secret` is the current one; an optional `secrets` / `previous_secret` list is also
    accepted so an operator can deploy old and new side by side."""

    def __init__(self, path):
        self.path = path
        self._stamp = None
        self._secrets: list[str] = []
        self._lock = threading.Lock()

    def get(self) -> list[str]:
        with self._lock:
            try:
                st = self.path.stat()
                stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
            except FileNotFoundError:
                return list(self._secrets)
            if stamp != self._stamp:
                try:
                    data = json.loads(self.path.read_text())
                except (OSError, ValueError) as exc:
                    print(f"serve: cannot read {self.path.name}: {exc}", file=sys.stderr)
                    return list(self._secrets)
                found = []
                for value in [data.get("secret"), data.get("previous_secret"), *(data.get("secrets") or [])]:
                    if isinstance(value, str) and value and value not in found:
                        found.append(value)
                self._secrets, self._stamp = found, stamp
            return list(self._secrets)


class Handler(BaseHTTPRequestHandler):
    db = None
    secrets: Secrets = None

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
            verify(header, body, self.secrets.get())
        except SignatureError as exc:
            return self._answer(401, {"error": f"invalid signature: {exc}"})
        try:
            event = json.loads(body)
        except ValueError:
            return self._answer(400, {"error": "not json"})
        if not isinstance(event, dict) or not isinstance(event.get("id"), str) or not event.get("id"):
            return self._answer(400, {"error": "not an event"})
        try:
            result = apply_event(self.db, event)
        except Exception as exc:  # not acknowledged: Placemint will retry
            print(f"serve: event {event.get('id')}: {exc!r}", file=sys.stderr)
            return self._answer(500, {"error": "could not record the event"})
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
    Handler.db = ledger.connect(config.ledger_file())
    Handler.secrets = Secrets(config.endpoint_file())
    if not Handler.secrets.get():
        print(f"serve: warning: no signing secret in {config.endpoint_file()} (run setup); "
              "every delivery will be refused until it is there", file=sys.stderr)
    server = Server(("127.0.0.1", config.receiver_port()), Handler)

    def stop(signum, frame):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        with ledger._lock:
            Handler.db.close()
    return 0
