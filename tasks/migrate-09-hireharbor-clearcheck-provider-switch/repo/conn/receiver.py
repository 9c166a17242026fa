# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: the receiver for ClearCheck's webhooks, on 127.0.0.1:$IB_RECEIVER_PORT.

So far it only listens: it acknowledges whatever arrives and does nothing with it."""
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        # TODO: verify the delivery (see TICKET.md) and decide what to do with it.
        self.send_response(204)
        self.end_headers()

    def log_message(self, fmt, *args):
        sys.stderr.write("serve: " + fmt % args + "\n")


def serve() -> int:
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
