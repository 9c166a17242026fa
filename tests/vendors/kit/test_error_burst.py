"""vendors/kit/error_burst.py: a vendor-side error-burst block behind a config setting."""
from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import pytest
from flask import Flask, jsonify, request

from vendors.kit.error_burst import ErrorBurst
from vendors.kit.errors import VendorError, default_envelope, install_error_handlers
from bundle.traits import RateLimitRule


def _app(burst: ErrorBurst):
    app = Flask("t")
    now = [datetime(2026, 3, 2, 9, tzinfo=timezone.utc)]
    c = SimpleNamespace(settings={}, extra={}, lock=threading.RLock(), now=lambda: now[0], via_nonce=None)
    app.extensions["ib"] = c
    install_error_handlers(app, default_envelope)

    @app.get("/v1/thing")
    def thing():
        if request.args.get("fail"):
            raise VendorError(int(request.args["fail"]), "bad", "bad")
        return jsonify({"ok": True})

    burst.install(app, "/v1")
    return app, c, now


def test_off_by_default_then_blocks_with_retry_after_until_it_expires():
    app, c, now = _app(ErrorBurst(limit=3, window_s=10, block_s=30))
    client = app.test_client()
    for _ in range(5):
        assert client.get("/v1/thing?fail=400").status_code == 400  # setting off: never blocked
    c.settings["enforce_error_burst"] = True
    for _ in range(2):
        client.get("/v1/thing?fail=401", headers={"Authorization": "Bearer a"})
    assert client.get("/v1/thing?fail=429", headers={"Authorization": "Bearer a"}).status_code == 429  # not counted
    assert client.get("/v1/thing", headers={"Authorization": "Bearer a"}).status_code == 200
    client.get("/v1/thing?fail=404", headers={"Authorization": "Bearer a"})
    r = client.get("/v1/thing", headers={"Authorization": "Bearer a"})
    assert r.status_code == 403 and r.json["error"]["code"] == "caller_blocked" and r.headers["Retry-After"] == "30"
    assert client.get("/v1/thing", headers={"Authorization": "Bearer b"}).status_code == 200  # per caller
    now[0] += timedelta(seconds=29.5)
    assert client.get("/v1/thing", headers={"Authorization": "Bearer a"}).headers["Retry-After"] == "1"
    now[0] += timedelta(seconds=0.5)
    assert client.get("/v1/thing", headers={"Authorization": "Bearer a"}).status_code == 200


def test_failures_outside_the_window_do_not_add_up():
    app, c, now = _app(ErrorBurst(limit=3, window_s=10, block_s=30))
    c.settings["enforce_error_burst"] = True
    client = app.test_client()
    for _ in range(6):
        client.get("/v1/thing?fail=400")
        now[0] += timedelta(seconds=6)
    assert client.get("/v1/thing").status_code == 200


def test_from_rule_and_setting_validation():
    burst = ErrorBurst.from_rule(RateLimitRule(id="b", policy="error_burst", limit=20, window_s=10, block_s=60,
                                               status=403))
    assert (burst.limit, burst.window_s, burst.block_s, burst.status) == (20, 10, 60, 403)
    c = SimpleNamespace(settings={"enforce_error_burst": {"limit": 0}})
    with pytest.raises(VendorError):
        burst.validate(c, {"limit": 0})
    assert "enforce_error_burst" not in c.settings
    burst.validate(c, {"limit": 2, "block_s": 5})
    c.settings["enforce_error_burst"] = {"limit": 2}
    assert burst.params(c) == (2, 10, 60)
