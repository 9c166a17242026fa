"""Error envelopes: every vendor answers errors in its own shape, never with a bare 500.

Handlers raise `VendorError`; the app's envelope function renders it. Werkzeug's own HTTP
errors (404 route, 405 method, 413 …) and malformed JSON get the same envelope.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from flask import Flask, Response, jsonify
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException

log = logging.getLogger("vendors")

Envelope = Callable[[int, str, str, dict | None], Any]


class VendorError(Exception):
    def __init__(self, status: int, code: str, message: str, details: dict | None = None,
                 headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.details, self.headers = details, headers or {}


def default_envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    body: dict[str, Any] = {"error": {"code": code, "message": message}}
    if details:
        body["error"]["details"] = details
    return body


_WERKZEUG_CODES = {400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                   405: "method_not_allowed", 406: "not_acceptable", 409: "conflict",
                   411: "length_required", 413: "payload_too_large", 414: "uri_too_long",
                   415: "unsupported_media_type", 429: "rate_limited"}


class StrictJSONProvider(DefaultJSONProvider):
    """JSON bodies whose strings cannot be stored (lone UTF-16 surrogates such as "\\ud800")
    are refused as invalid JSON (a 400 in the vendor's envelope), instead of failing later in
    the database with a 500."""

    def loads(self, s, **kwargs):
        obj = super().loads(s, **kwargs)
        _check_encodable(obj)
        return obj


def _check_encodable(obj: Any) -> None:
    if isinstance(obj, str):
        obj.encode("utf-8")  # UnicodeEncodeError is a ValueError
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _check_encodable(k)
            _check_encodable(v)
    elif isinstance(obj, list):
        for v in obj:
            _check_encodable(v)


def install_error_handlers(app: Flask, envelope: Envelope, render_body: Callable | None = None) -> None:
    """`render_body(body) -> Response | None`, when given, renders the envelope's body instead
    of jsonify (XML vendors); returning None falls back to JSON (e.g. for /_control)."""
    def render(err: VendorError) -> Response:
        body = envelope(err.status, err.code, err.message, err.details)
        resp = render_body(body) if render_body is not None else None
        if resp is None:
            resp = jsonify(body)
        resp.status_code = err.status
        resp.headers.update(err.headers)
        return resp

    app.extensions["ib_render_error"] = render

    @app.errorhandler(VendorError)
    def _vendor_error(err: VendorError):
        return render(err)

    @app.errorhandler(HTTPException)
    def _http_error(err: HTTPException):
        status = err.code or 500
        code = _WERKZEUG_CODES.get(status, "error")
        resp = render(VendorError(status, code, err.description or code))
        if status == 405 and hasattr(err, "valid_methods") and err.valid_methods:
            resp.headers["Allow"] = ", ".join(err.valid_methods)
        return resp

    @app.errorhandler(Exception)
    def _unexpected(err: Exception):
        # A bug in a vendor: still the vendor's envelope, and loud in the log.
        log.exception("unhandled error in vendor %s", app.name)
        return render(VendorError(500, "internal_error", "internal error"))
