"""Helpers of the recorder tests: a small Flask upstream (the "vendor") and a webhook receiver,
both served by waitress on free ports inside the test process, run configs and trace readers."""
from __future__ import annotations

import json
import threading
import time
import uuid
from pathlib import Path

from flask import Flask, Response, jsonify, request

from vendors.kit.serve import serve_in_thread
from bundle.traits import load_traits

NONCE = "test-nonce-5f2c9a"
TOKEN = "test-control-token-77"


class Upstream:
    """A tiny vendor: items (writes commit), echo, slow, failing, xml/text/binary bodies."""

    def __init__(self) -> None:
        self.items: list[dict] = []
        self.touches = 0
        self.control_hits = 0
        self.seen_via: list[str | None] = []
        self.lock = threading.Lock()
        app = Flask("ib-test-upstream")

        @app.route("/v1/items", methods=["GET", "POST"])
        def items():
            self.seen_via.append(request.headers.get("X-IB-Via"))
            if request.method == "POST":
                with self.lock:
                    self.items.append(request.get_json(force=True, silent=True) or {})
                    n = len(self.items)
                return jsonify(id=n), 201
            return jsonify(data=self.items[-5:], total=len(self.items))

        @app.route("/v1/touch")
        def touch():  # a side-effecting read
            with self.lock:
                self.touches += 1
                n = self.touches
            return jsonify(touches=n)

        @app.route("/echo", methods=["GET", "POST", "PUT"])
        def echo():
            return jsonify(body=request.get_data(as_text=True), n=request.args.get("n"))

        @app.route("/headers")
        def headers():
            return jsonify({k.lower(): v for k, v in request.headers.items()})

        @app.route("/v1/big")
        def big():
            return jsonify(data=[{"i": i, "name": f"item-{i}"} for i in range(200)])

        @app.route("/v1/xml")
        def xml():
            return Response("<root><item id='1'>one</item></root>", content_type="application/xml")

        @app.route("/v1/text")
        def text():
            return Response("plain text body", content_type="text/plain; charset=utf-8")

        @app.route("/v1/bin")
        def binary():
            return Response(bytes(range(256)), content_type="application/octet-stream")

        @app.route("/v1/fail")
        def fail():
            return jsonify(error="boom"), 500

        @app.route("/v1/slow")
        def slow():
            time.sleep(float(request.args.get("s", "0.3")))
            return jsonify(slow=True)

        @app.route("/_control/<path:rest>", methods=["GET", "POST"])
        def control(rest):
            self.control_hits += 1
            return jsonify(reached=True)

        self.app = app


class Receiver:
    """The integration's webhook receiver: keeps every delivery (headers, body)."""

    def __init__(self, delay_s: float = 0.05) -> None:
        self.deliveries: list[dict] = []
        self.lock = threading.Lock()
        app = Flask("ib-test-receiver")

        @app.route("/hooks/<vendor>", methods=["POST"])
        def hook(vendor):
            time.sleep(delay_s)  # so that concurrent deliveries overlap
            with self.lock:
                self.deliveries.append({"vendor": vendor, "headers": {k.lower(): v for k, v in request.headers.items()},
                                        "body": request.get_data(), "at": time.time()})
            return jsonify(ok=True)

        self.app = app


class Served:
    """A test upstream served by the vendors' own waitress helper."""

    def __init__(self, app, threads: int = 8) -> None:
        self._served = serve_in_thread("upstream", app, threads=threads)
        self.server = self._served.server
        self.port = self._served.port
        self.url = self._served.base_url

    def close(self) -> None:
        self._served.stop()


def serve(app, threads: int = 8) -> Served:
    return Served(app, threads)


def traits_variant(name: str, signing: str, **webhooks) -> dict:
    """Test stand-in traits: placemint's, renamed, with another webhook scheme."""
    data = load_traits("placemint").model_dump(mode="json")
    data["name"] = name
    data["webhooks"] = {"signing": signing, "secret": "webhook_secret", "tolerance_s": 300,
                        "event_types": ["check.completed", "check.updated"], **webhooks}
    return data


SECRETS = {
    "placemint": "whsec_pm_current_0a1b",
    "talentforge": "tf_whsec_7d4e2a90",
    "clearcheck": "whsec_" + "dGVzdC1zdGFuZGFyZC13ZWJob29rcy1rZXk=",  # base64 key
    "hireharbor": "hh_secret_5566",
    "pipelane": "pl_token_unused",
}


def make_config(out_dir: Path, upstreams: dict[str, Served], receiver: Served | None = None,
                work_dir: Path | None = None, **extra) -> dict:
    vendors = []
    for name, served in upstreams.items():
        entry = {"name": name, "upstream_url": served.url, "listen_port": 0}
        if name == "clearcheck":
            entry["traits"] = traits_variant("clearcheck", "standard_webhooks")
        elif name == "hireharbor":
            entry["traits"] = traits_variant("hireharbor", "sha256_space", signature_header="Signature",
                                             id_header="HireHarbor-Event-ID")
        elif name == "pipelane":
            entry["traits"] = traits_variant("pipelane", "body_embedded", event_header="X-Pipelane-Event")
        if name in SECRETS:
            entry["webhook_secret"] = SECRETS[name]
        vendors.append(entry)
    cfg = {
        "run_id": f"test-{uuid.uuid4().hex[:8]}",
        "out_dir": str(out_dir),
        "nonce": NONCE,
        "vendors": vendors,
        "control": {"port": 0, "token": TOKEN},
        # placemint's token bucket (25, 10/s) would refuse bursts of test traffic
        "rate_limits": {"placemint": {"rules": []}} if "placemint" in upstreams else {},
    }
    if receiver is not None:
        cfg["receiver"] = {"upstream_url": receiver.url, "listen_port": 0}
    if work_dir is not None:
        cfg["work_dir"] = str(work_dir)
    cfg.update(extra)
    return cfg


def read_rows(out_dir: Path) -> list[dict]:
    path = Path(out_dir) / "exchanges.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def read_events(out_dir: Path) -> list[dict]:
    path = Path(out_dir) / "events.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def wait_rows(out_dir: Path, pred, count: int = 1, timeout: float = 5.0) -> list[dict]:
    """Rows matching `pred`, waiting until at least `count` are written."""
    deadline = time.monotonic() + timeout
    while True:
        rows = [r for r in read_rows(out_dir) if pred(r)]
        if len(rows) >= count or time.monotonic() > deadline:
            return rows
        time.sleep(0.02)


def marker() -> str:
    return uuid.uuid4().hex[:10]
