"""Conflux: a unified ATS API over linked accounts. Bearer API key plus `X-Account-Token` on
every call, next/previous cursors (page_size 30–100), `modified_after` with a mandatory zone,
Conflux `id` vs source `remote_id`, `remote_was_deleted` instead of deletion. The error-burst
block is the recorder's (vendor.yaml rate_limits); the vendor reproduces it only with the
`enforce_error_burst` setting (vendors.kit.error_burst)."""
from __future__ import annotations

import hmac
from typing import Any

from flask import Flask, g, request
from sqlalchemy import select

from vendors.kit.app import build_app
from vendors.kit.auth import StaticBearer, unauthorized
from vendors.kit.context import ctx
from vendors.kit.error_burst import ErrorBurst
from vendors.kit.errors import VendorError
from vendors.kit.spec import VendorSpec
from bundle.traits import load_traits

from .api import PREFIX, bp as api_bp
from .models import KIT, Base, LinkedAccount
from .mutations import make_mutations, relink
from .seed import MATERIALS, seed

TRAITS = load_traits("conflux")
BURST = ErrorBurst.from_rule(next(r for r in TRAITS.rate_limits.rules if r.policy == "error_burst"))


class ConfluxAuth:
    """The organisation's API key as a Bearer token, then the linked account's token."""

    bearer = StaticBearer("api_key")

    def authenticate(self) -> str:
        self.bearer.authenticate()
        given = request.headers.get("X-Account-Token")
        if not given:
            raise unauthorized("missing_account_token",
                               "Send the linked account's token in the X-Account-Token header.")
        c = ctx()
        revoked = set(c.settings.get("revoked_accounts") or [])
        with c.db.session() as s:
            for acct in s.scalars(select(LinkedAccount).order_by(LinkedAccount.id)):
                token = c.credentials.get(acct.token_credential)
                if token and hmac.compare_digest(given.encode(), token.encode()):
                    if acct.id in revoked:
                        break
                    g.account_id = acct.id
                    return "account:" + acct.id
        raise unauthorized("account_token_invalid",
                           "The account token is not valid or the linked account was revoked; re-link the account.")


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    err: dict[str, Any] = {"status": status, "code": code, "detail": message}
    if details:
        err["meta"] = details
    return {"errors": [err]}


def _ids_setting(name: str):
    def check(c, value) -> None:
        if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            c.settings.pop(name, None)
            raise VendorError(400, "invalid_settings", f"{name} must be a list of linked account ids (or null).")
    return check


def _relink_setting(c, value) -> None:
    _ids_setting("relink_accounts")(c, value)
    revoked = c.settings.get("revoked_accounts") or []
    with c.db.lock, c.db.session() as s:
        for acct in value or []:
            relink(s, c, acct)
    c.settings["revoked_accounts"] = [a for a in revoked if a not in (value or [])]


def _on_app(app: Flask) -> None:
    BURST.install(app, PREFIX)


SPEC = VendorSpec(
    name="conflux", base=Base, kit_models=KIT, seed=seed, blueprints=[api_bp], auth=ConfluxAuth(),
    mutations=make_mutations(), envelope=envelope, traits=TRAITS, on_app=_on_app,
    settings={"enforce_error_burst": BURST.validate, "revoked_accounts": _ids_setting("revoked_accounts"),
              "relink_accounts": _relink_setting},
    materials=MATERIALS,
)


def create_app(config: dict | None = None) -> Flask:
    return build_app(SPEC, config)
