# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: the Pipelane webhook receiver on 127.0.0.1:$IB_RECEIVER_PORT.

Pipelane's signature covers only `token` and `triggeredAt`: it proves that Pipelane issued the
token at that instant, nothing about `event` or `data`, which anyone holding a captured delivery
can change. So a delivery is a hint that something happened to `data.opportunityId`:

1. refuse it unless the signature matches and `triggeredAt` is within 5 minutes of our clock;
2. open nothing in Pipelane unless the delivery reports a hire (`opportunityHired`, or a move to
   `hired`): the desk may look only at candidacies reported hired (the ticket's rule 6), so a
   delivery about anything else is acknowledged untouched, and nothing is ever listed or swept;
3. re-read the opportunity a hire report names and act only if Pipelane says it is hired,
   taking the contact from Pipelane too;
4. book once per opportunity, never remember a token: an edited copy carries the genuine token,
   and may arrive first (naming someone else, or reporting no hire at all). One lock per opportunity; our own bookings (training.db) say what is done;
   Pipelane's notes are checked before the first note. A note write whose outcome is unknown is
   looked up before it is written again — after waiting out the notes list's delay (a new note
   shows in the list about 2 s after it was written).
"""
import hashlib
import hmac
import json
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, training
from conn.pipelane import Ambiguous, Pipelane

TOLERANCE_MS = 5 * 60 * 1000
NOTES_LIST_DELAY_S = 3.0  # measured on the sandbox: a new note is listed about 2 s after its 201


def verify(payload, secret: str, now_ms: int | None = None) -> str | None:
    """None when the delivery is Pipelane's and fresh, else why not."""
    if not isinstance(payload, dict):
        return "not an object"
    token, triggered, sig = payload.get("token"), payload.get("triggeredAt"), payload.get("signature")
    if not isinstance(token, str) or not token or not isinstance(sig, str) or isinstance(triggered, bool) \
            or not isinstance(triggered, int):
        return "no signature"
    want = hmac.new(secret.encode(), f"{token}{triggered}".encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(want, sig):
        return "bad signature"
    now_ms = int(time.time() * 1000) if now_ms is None else now_ms
    if abs(now_ms - triggered) > TOLERANCE_MS:
        return "stale"
    return None


class Locks:
    def __init__(self):
        self.guard = threading.Lock()
        self.locks: dict[str, threading.Lock] = {}

    def of(self, key: str) -> threading.Lock:
        with self.guard:
            return self.locks.setdefault(key, threading.Lock())


def has_training_note(api: Pipelane, opportunity_id: str) -> bool:
    bot = config.training_bot()
    return any(n.get("user") == bot and n.get("value") == config.NOTE_TEXT for n in api.notes(opportunity_id))


def post_note(api: Pipelane, opportunity_id: str) -> None:
    api.add_note(opportunity_id, config.NOTE_TEXT, config.training_bot())


def claims_hire(event: dict) -> bool:
    data = event.get("data") if isinstance(event.get("data"), dict) else {}
    return event.get("event") == "opportunityHired" or data.get("toStage") == "hired"


def book_training(api: Pipelane, db, locks: Locks, opportunity_id: str) -> str:
    opp = api.opportunity(opportunity_id)  # the payload is only a hint
    if opp is None or opp.get("stage") != "hired":
        return "not hired"
    return book_once(api, db, locks, opportunity_id, opp["contactId"])


def book_once(api: Pipelane, db, locks: Locks, opportunity_id: str, contact_id: str) -> str:
    with locks.of(opportunity_id):
        if training.booked(db, opportunity_id):
            return "already booked"
        if not has_training_note(api, opportunity_id):
            try:
                post_note(api, opportunity_id)
            except Ambiguous:
                time.sleep(NOTES_LIST_DELAY_S)  # the notes list trails a new note
                if not has_training_note(api, opportunity_id):
                    post_note(api, opportunity_id)
        training.book(db, opportunity_id, contact_id)
        return "booked"


class Handler(BaseHTTPRequestHandler):
    api = db = locks = None

    def do_POST(self):
        if self.path.split("?", 1)[0] != config.HOOK_PATH:
            return self._answer(404, {"error": "not found"})
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            event = json.loads(body)
        except ValueError:
            return self._answer(400, {"error": "not json"})
        problem = verify(event, config.webhook_secret())
        if problem:
            return self._answer(401, {"error": problem})
        opportunity_id = (event.get("data") or {}).get("opportunityId") if isinstance(event.get("data"), dict) else None
        if not isinstance(opportunity_id, str) or not opportunity_id:
            return self._answer(200, {"received": True, "ignored": "no opportunity"})
        if not claims_hire(event):  # not the desk's business: nothing to open
            return self._answer(200, {"received": True, "ignored": event.get("event")})
        try:
            outcome = book_training(self.api, self.db, self.locks, opportunity_id)
        except Exception as exc:  # Pipelane redelivers what we do not acknowledge
            sys.stderr.write(f"serve: {event.get('token')}: {exc}\n")
            return self._answer(503, {"error": "try again later"})
        self._answer(200, {"received": True, "outcome": outcome})

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
    Handler.locks = Locks()
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown, daemon=True).start())
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
