"""TalentForge: an enterprise ATS. OAuth2 client credentials (60 s tokens on the vendor clock),
cursor pages over /api/v2, id-only signed webhooks, and served docs whose field names differ
from the wire (see vendor.yaml `traps`)."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, jsonify, request

from vendors.kit.app import build_app
from vendors.kit.auth import OAuth2ClientCredentials
from vendors.kit.errors import VendorError
from vendors.kit.spec import VendorSpec
from bundle.traits import load_traits

from .api import bp as api_bp
from .models import KIT, TABLES, Base
from .mutations import TalentForgeMutations, emit
from .seed import seed

TRAITS = load_traits("talentforge")
AUTH = OAuth2ClientCredentials(TRAITS.auth.token.ttl_s, token_prefix="tfat_", ttl_setting="token_ttl_s")

oauth = Blueprint("talentforge_oauth", __name__)


@oauth.post("/oauth/token")
def token():
    """Client credentials grant; the body may be form-encoded or JSON."""
    if request.mimetype == "application/json":
        data = request.get_json(silent=True)
        if not isinstance(data, dict):
            raise VendorError(400, "invalid_request", "The body must be a JSON object or form-encoded.")
    else:
        data = request.form.to_dict()

    def field(name: str) -> str | None:
        v = data.get(name)
        return v if isinstance(v, str) else None

    if not field("grant_type"):
        raise VendorError(400, "invalid_request", "grant_type is required (client_credentials).")
    return jsonify(AUTH.mint(field("client_id"), field("client_secret"), field("grant_type")))


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    err: dict[str, Any] = {"status": status, "code": code, "message": message}
    if details:
        err["details"] = details
    return {"error": err}


def _ttl_setting(c, value) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0):
        c.settings.pop("token_ttl_s", None)
        raise VendorError(400, "invalid_settings", "token_ttl_s must be a positive number of seconds (or null).")


SPEC = VendorSpec(
    name="talentforge", base=Base, kit_models=KIT, seed=seed, blueprints=[oauth, api_bp], auth=AUTH,
    mutations=TalentForgeMutations(dict(TABLES)), envelope=envelope, emit=emit,
    public_paths=("/oauth/token",), settings={"token_ttl_s": _ttl_setting},
    traits=TRAITS, serve_openapi=False,
)


def create_app(config: dict | None = None) -> Flask:
    return build_app(SPEC, config)
