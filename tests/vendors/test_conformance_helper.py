"""The shared conformance run fails a write operation that schemathesis never got a 2xx from."""
from __future__ import annotations

import pytest
from flask import Flask, jsonify, request

from tests.vendors.conformance import run_schemathesis

SPEC = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/things": {"post": {
    "requestBody": {"required": True, "content": {"application/json": {"schema": {
        "type": "object", "required": ["name"], "properties": {"name": {"type": "string", "example": "ok"}}}}}},
    "responses": {"201": {"description": "made"}, "422": {"description": "refused"}}}}}}


def _app(accept) -> Flask:
    app = Flask(__name__)

    @app.post("/things")
    def things():
        body = request.get_json(silent=True) or {}
        return (jsonify({}), 201) if accept(body.get("name")) else (jsonify({}), 422)

    return app


def test_a_write_never_answered_2xx_fails_the_run():
    with pytest.raises(AssertionError, match="POST /things: 422"):
        run_schemathesis(_app(lambda name: False), "clearcheck", lambda *a: {}, max_examples=3,
                         transform=lambda spec: SPEC)


def test_the_spec_example_is_sent_first_and_counts():
    names = []
    labels = run_schemathesis(_app(lambda name: names.append(name) or name == "ok"), "clearcheck",
                              lambda *a: {}, max_examples=3, transform=lambda spec: SPEC)
    assert labels == ["POST /things"] and names[0] == "ok"
