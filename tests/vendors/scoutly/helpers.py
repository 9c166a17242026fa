"""Helpers for Scoutly's tests: an app on the `small` dataset with the proxy guard on, API calls
(through the "proxy"), the control plane, and a webhook receiver that answers the
`X-Hook-Secret` handshake (echoing the secret, not echoing it, or too late)."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx

from tests.vendors.client import VendorTestClient
from vendors.scoutly.app import create_app

TOKEN = "ctl-token-sc"
NONCE = "via-nonce-sc"
KEY = "sc_test_7d1e4b92a0c3"
WEBHOOK_SECRET = "sk_test_scoutly_3a9f1c7e5b2d"


class Api(VendorTestClient):
    control_token = TOKEN

    def call(self, method: str, target: str, body=None, headers=None, key: str | None = KEY, raw: bytes | None = None):
        h = {"X-IB-Via": NONCE}
        if key is not None:
            h["X-SmartToken"] = key
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        h.update(headers or {})
        return self.client.open(target, method=method, data=data, headers=h)

    def get(self, target, **kw):
        return self.call("GET", target, **kw)

    def post(self, target, body=None, **kw):
        return self.call("POST", target, body, **kw)

    def delete(self, target, **kw):
        return self.call("DELETE", target, **kw)

    def config(self, **settings):
        return self.ok_control("config", {"settings": settings})

    def walk(self, target: str, limit: int = 100) -> list[dict]:
        sep = "&" if "?" in target else "?"
        out, offset = [], 0
        while True:
            page = self.get(f"{target}{sep}offset={offset}&limit={limit}").json
            out += page["content"]
            offset += limit
            if offset >= page["totalFound"]:
                return out


def make_app(**config):
    return create_app({"CONTROL_TOKEN": TOKEN, "VIA_NONCE": NONCE, "DELIVERIES": False, **config})


class HookReceiver:
    """Records every POST (headers, body). `mode`: `echo` answers the handshake with the secret
    in `X-Hook-Secret`, `silent` answers 200 without it, `late` echoes after `delay_s`."""

    def __init__(self, mode: str = "echo", delay_s: float = 0.0, status: int = 200):
        got = self.got = []
        cfg = self.cfg = {"mode": mode, "delay_s": delay_s, "status": status}

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                got.append((httpx.Headers(list(self.headers.items())), body))
                secret = self.headers.get("X-Hook-Secret")
                if secret is not None and cfg["mode"] == "late":
                    time.sleep(cfg["delay_s"])
                self.send_response(cfg["status"])
                if secret is not None and cfg["mode"] in ("echo", "late"):
                    self.send_header("X-Hook-Secret", secret)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *a):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"

    def handshakes(self):
        return [(h, b) for h, b in self.got if "X-Hook-Secret" in h]

    def deliveries(self):
        return [(h, b) for h, b in self.got if "X-Hook-Secret" not in h]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def wait_for(predicate, timeout: float = 5.0, interval: float = 0.02):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()
