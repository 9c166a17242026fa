"""A webhook receiver for vendor tests: a loopback HTTP server recording every POST as
(headers, raw body); headers are case-insensitive, as on the wire."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx


class Receiver:
    def __init__(self, status: int = 200):
        got = self.got = []
        code = self.status = [status]

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                got.append((httpx.Headers(list(self.headers.items())), body))
                self.send_response(code[0])
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *a):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"

    def events(self) -> list[dict]:
        return [json.loads(b) for _, b in self.got]

    def close(self):
        self.server.shutdown()
        self.server.server_close()
