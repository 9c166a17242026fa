"""install_error_handlers' optional `render_body` hook (XML vendors): used instead of jsonify
when it returns a Response; None falls back to the JSON envelope."""
from __future__ import annotations

from flask import Flask, Response, request

from vendors.kit.errors import VendorError, default_envelope, install_error_handlers


def _app(render_body=None):
    app = Flask("t")
    install_error_handlers(app, default_envelope, render_body)

    @app.get("/x")
    def x():
        raise VendorError(409, "conflict", "no", headers={"X-A": "1"})

    return app


def test_without_hook_errors_are_json():
    r = _app().test_client().get("/x")
    assert r.status_code == 409 and r.json == {"error": {"code": "conflict", "message": "no"}}


def test_hook_renders_and_may_fall_back():
    def xml(body):
        if request.path == "/x":
            return Response(f"<E>{body['error']['code']}</E>", mimetype="application/xml")
        return None

    c = _app(xml).test_client()
    r = c.get("/x")
    assert r.status_code == 409 and r.data == b"<E>conflict</E>" and r.headers["X-A"] == "1"
    r = c.get("/missing")
    assert r.status_code == 404 and r.json["error"]["code"] == "not_found"
