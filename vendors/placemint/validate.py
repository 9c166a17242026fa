"""Request validation: every malformed request is a 400 in Placemint's envelope, naming the
offending parameter (`error.param`), never a 500.

Money fields (`*_cents`) take JSON integers only: a float (`12.5`, even `12.0`) or a string
(`"1250"`) is refused, so a client's unit mistakes surface at once."""
from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation
from typing import Any
from urllib.parse import urlsplit

from flask import request

from vendors.kit import validation as kit_validation
from vendors.kit.errors import VendorError
from vendors.kit.formats import parse_iso_utc

MAX_CENTS = 99_999_999_999
WEEK_RE = re.compile(r"^(\d{4})-W(\d{2})$")
EMAIL_RE = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")
CODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,39}$")
PARTNER_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$")
HOURS_RE = re.compile(r"^\d{1,3}(\.\d{1,2})?$")
RATE_RE = re.compile(r"^\d{1,7}(\.\d{1,4})?$")
CURRENCY_RE = re.compile(r"^[a-z]{3}$")


def bad(param: str | None, message: str, code: str = "parameter_invalid", status: int = 400) -> VendorError:
    return VendorError(status, code, message, {"param": param} if param else None)


def json_body(optional: bool = False) -> dict:
    raw = request.get_data()
    if not raw.strip():
        if optional:
            return {}
        raise bad(None, "The request body must be a JSON object.", "body_missing")
    if not (request.mimetype or "").endswith("json"):
        raise bad(None, "Send the body as application/json.", "content_type_invalid", 415)
    data = request.get_json(silent=True)
    if data is None:
        raise bad(None, "The request body is not valid JSON.", "body_invalid")
    if not isinstance(data, dict):
        raise bad(None, "The request body must be a JSON object.", "body_invalid")
    if not _encodable(data):
        raise bad(None, "The request body contains invalid Unicode (an unpaired surrogate escape).", "body_invalid")
    return data


def _encodable(value: Any) -> bool:
    """JSON may carry `\\ud800`-style lone surrogates that no database can store."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_encodable(k) and _encodable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_encodable(v) for v in value)
    return True


Validator = kit_validation.Validator


def take(body: dict, fields: dict[str, tuple[Validator, bool]]) -> dict:
    """Validate `body` against `fields` (name -> (validator, required)); unknown keys are 400."""
    return kit_validation.take(body, fields, bad,
                               unknown=("parameter_unknown", "Received unknown parameter: {name}."),
                               missing=("parameter_missing", "Missing required parameter: {name}."))


def nullable(check: Validator) -> Validator:
    return lambda name, v: None if v is None else check(name, v)


def cents(name: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise bad(name, f"`{name}` must be an integer number of cents (got {type(v).__name__}).",
                  "amount_not_integer")
    if v < 0 or v > MAX_CENTS:
        raise bad(name, f"`{name}` must be between 0 and {MAX_CENTS}.", "amount_out_of_range")
    return v


def basis_points(name: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10000:
        raise bad(name, f"`{name}` must be an integer between 0 and 10000 basis points.")
    return v


def text(max_len: int, pattern: re.Pattern | None = None, what: str = "") -> Validator:
    def check(name: str, v: Any) -> str:
        if not isinstance(v, str) or not v.strip() or len(v) > max_len:
            raise bad(name, f"`{name}` must be a non-empty string of at most {max_len} characters.")
        if pattern is not None and not pattern.match(v):
            raise bad(name, f"`{name}` is not a valid {what or name}.")
        return v
    return check


def email(name: str, v: Any) -> str:
    return text(254, EMAIL_RE, "e-mail address")(name, v)


def date_str(name: str, v: Any) -> dt.date:
    if not isinstance(v, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        raise bad(name, f"`{name}` must be a date as YYYY-MM-DD.")
    try:
        return dt.date.fromisoformat(v)
    except ValueError:
        raise bad(name, f"`{name}` is not a calendar date.") from None


def week(name: str, v: Any) -> str:
    m = WEEK_RE.match(v) if isinstance(v, str) else None
    if m is None:
        raise bad(name, f"`{name}` must be an ISO week such as 2026-W10.")
    try:
        dt.date.fromisocalendar(int(m.group(1)), int(m.group(2)), 1)
    except ValueError:
        raise bad(name, f"`{name}`: {v} is not a week of that year.") from None
    return v


def decimal_str(pattern: re.Pattern, example: str) -> Validator:
    def check(name: str, v: Any) -> str:
        if not isinstance(v, str) or not pattern.match(v):
            raise bad(name, f"`{name}` must be a decimal string such as \"{example}\" (not a JSON number).")
        try:
            Decimal(v)
        except InvalidOperation:
            raise bad(name, f"`{name}` is not a decimal number.") from None
        return v
    return check


hours = decimal_str(HOURS_RE, "37.50")
rate = decimal_str(RATE_RE, "37.35")


def one_of(*allowed: str) -> Validator:
    def check(name: str, v: Any) -> str:
        if v not in allowed:
            raise bad(name, f"`{name}` must be one of: {', '.join(allowed)}.")
        return v
    return check


def currency(name: str, v: Any) -> str:
    if not isinstance(v, str) or not CURRENCY_RE.match(v):
        raise bad(name, f"`{name}` must be a three-letter ISO currency code in lower case, e.g. usd.")
    return v


def url(name: str, v: Any) -> str:
    if not isinstance(v, str) or len(v) > 500:
        raise bad(name, f"`{name}` must be an http(s) URL of at most 500 characters.")
    try:
        parts = urlsplit(v)
        ok = parts.scheme in ("http", "https") and bool(parts.hostname) and not any(ch.isspace() for ch in v)
        parts.port  # noqa: B018 — raises ValueError on a malformed port
    except ValueError:
        ok = False
    if not ok:
        raise bad(name, f"`{name}` must be an absolute http(s) URL.", "url_invalid")
    return v


def event_types(known: list[str]) -> Validator:
    def check(name: str, v: Any) -> list[str]:
        if not isinstance(v, list) or not v or len(v) > 50 or not all(isinstance(e, str) for e in v):
            raise bad(name, f"`{name}` must be a non-empty list of event types (or [\"*\"]).")
        for e in v:
            if e != "*" and e not in known:
                raise bad(name, f"Unknown event type {e!r}; known: {', '.join(known)}.", "event_type_unknown")
        return list(dict.fromkeys(v))
    return check


def seconds(maximum: int) -> Validator:
    def check(name: str, v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= maximum:
            raise bad(name, f"`{name}` must be an integer number of seconds between 0 and {maximum}.")
        return v
    return check


# --- query parameters ----------------------------------------------------------------------

def query_known(allowed: set[str]) -> None:
    unknown = sorted(set(request.args) - allowed)
    if unknown:
        raise bad(unknown[0], f"Received unknown parameter: {unknown[0]}.", "parameter_unknown")


def query_arg(name: str, check: Validator) -> Any:
    raw = request.args.get(name)
    if raw is None:
        return None
    return check(name, raw)


def modified_since(name: str, v: str) -> dt.datetime:
    """UTC only: `2026-03-02T09:00:00Z`. An offset (`+01:00`) or a naive time is a 400."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z", v):
        raise bad(name, f"`{name}` must be a UTC timestamp ending in Z, e.g. 2026-03-02T09:00:00Z "
                        f"(offsets such as +01:00 are not accepted).", "timestamp_invalid")
    try:
        return parse_iso_utc(v, require_z=True)
    except ValueError:
        raise bad(name, f"`{name}` is not a valid timestamp.", "timestamp_invalid") from None
