"""Benchline on the wire: camelCase field names, `fields=` selection (required), epoch-ms
instants, date-only fields as epoch ms of local midnight in the account time zone, to-one
references as `{"id": n}` (or the requested sub-fields: `jobOrder(id,customText3)`), and the
error envelope `{errorMessage, errorMessageKey, errorCode}`."""
from __future__ import annotations

import datetime as dt
import math
from typing import Any
from zoneinfo import ZoneInfo

from flask import request

from vendors.kit.errors import VendorError
from vendors.kit.formats import to_epoch_ms

from vendors.kit.context import ctx

from .models import ACCOUNT_TZ, Candidate, JobOrder, JobSubmission, Placement, account_tz

TZ = ZoneInfo(ACCOUNT_TZ)


def _tz() -> ZoneInfo:
    """The account's zone (models.account_tz): Chicago unless the dataset's account is elsewhere."""
    try:
        dataset = ctx().dataset
    except Exception:  # outside a request (no vendor context): the usual zone
        return TZ
    return ZoneInfo(account_tz(dataset))

# wire name -> (column, kind); kinds: int str bool float instant date ref:<Entity> computed
FIELDS: dict[str, dict[str, tuple[str, str]]] = {
    "Candidate": {
        "id": ("id", "int"), "firstName": ("first_name", "str"), "lastName": ("last_name", "str"),
        "name": ("", "computed"), "email": ("email", "str"), "phone": ("phone", "str"),
        "address": ("", "computed"), "status": ("status", "str"), "occupation": ("occupation", "str"),
        "dateAvailable": ("date_available", "date"), "isDeleted": ("is_deleted", "bool"),
        "dateAdded": ("date_added", "instant"), "dateLastModified": ("date_last_modified", "instant"),
    },
    "JobOrder": {
        "id": ("id", "int"), "title": ("title", "str"), "clientCorporation": ("", "computed"),
        "status": ("status", "str"), "isOpen": ("is_open", "bool"),
        "employmentType": ("employment_type", "str"), "numOpenings": ("num_openings", "int"),
        "address": ("", "computed"), "startDate": ("start_date", "date"),
        "customText3": ("custom_text3", "str"), "isDeleted": ("is_deleted", "bool"),
        "dateAdded": ("date_added", "instant"), "dateLastModified": ("date_last_modified", "instant"),
    },
    "JobSubmission": {
        "id": ("id", "int"), "candidate": ("candidate_id", "ref:Candidate"),
        "jobOrder": ("job_order_id", "ref:JobOrder"), "status": ("status", "str"),
        "source": ("source", "str"), "isDeleted": ("is_deleted", "bool"),
        "dateAdded": ("date_added", "instant"), "dateLastModified": ("date_last_modified", "instant"),
    },
    "Placement": {
        "id": ("id", "int"), "candidate": ("candidate_id", "ref:Candidate"),
        "jobOrder": ("job_order_id", "ref:JobOrder"), "status": ("status", "str"),
        "employmentType": ("employment_type", "str"), "dateBegin": ("date_begin", "date"),
        "dateEnd": ("date_end", "date"), "payRate": ("pay_rate", "float"),
        "clientBillRate": ("client_bill_rate", "float"), "salaryUnit": ("salary_unit", "str"),
        "customText1": ("custom_text1", "str"),
        "dateAdded": ("date_added", "instant"), "dateLastModified": ("date_last_modified", "instant"),
    },
}
MODELS = {"Candidate": Candidate, "JobOrder": JobOrder, "JobSubmission": JobSubmission, "Placement": Placement}
# fields a write may set (the rest are read-only)
READ_ONLY = {"id", "name", "dateAdded", "dateLastModified", "isDeleted", "address", "clientCorporation"}
REQUIRED_ON_CREATE = {"Candidate": ("firstName", "lastName"), "JobOrder": ("title",),
                      "JobSubmission": ("candidate", "jobOrder"), "Placement": ("candidate", "jobOrder")}


def fail(status: int, key: str, message: str) -> VendorError:
    return VendorError(status, key, message)


def entity_or_404(name: str) -> str:
    if name not in FIELDS:
        raise fail(404, "errors.entityTypeNotFound", f"Entity type {name!r} not found; one of {sorted(FIELDS)}.")
    return name


# --- dates --------------------------------------------------------------------------------------

def date_to_ms(d: dt.date | None) -> int | None:
    if d is None:
        return None
    return to_epoch_ms(dt.datetime(d.year, d.month, d.day, tzinfo=_tz()))


# Dates Benchline stores: 1900-01-01 to 9999-12-30 (epoch ms); anything else is a 400, never a
# datetime overflow (openapi.yaml states the same minimum).
MIN_DATE_MS, MAX_DATE_MS = -2_208_988_800_000, 253_402_128_000_000


def ms_to_date(ms: Any, field: str) -> dt.date:
    if isinstance(ms, bool) or not isinstance(ms, (int, float)) or not math.isfinite(ms) \
            or not MIN_DATE_MS <= ms <= MAX_DATE_MS:
        raise fail(400, "errors.invalidField", f"{field} must be epoch milliseconds from 1900-01-01 on.")
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc).astimezone(_tz()).date()


def _nullable(entity: str, col: str) -> bool:
    column = MODELS[entity].__table__.c.get(col)
    return column is None or bool(column.nullable)


# --- fields= ------------------------------------------------------------------------------------

def _split(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise fail(400, "errors.invalidFields", "Unbalanced parentheses in fields.")
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if depth:
        raise fail(400, "errors.invalidFields", "Unbalanced parentheses in fields.")
    out.append(cur.strip())
    return out


def parse_fields(entity: str, raw: str | None = None, nested: bool = True) -> list[tuple[str, list | None]]:
    """`fields=` of the request: [(wire name, sub-fields or None)]. Required (400 without)."""
    if raw is None:
        raw = request.args.get("fields")
        if raw is None or not raw.strip():
            raise fail(400, "errors.missingFields",
                       "The fields parameter is required (e.g. fields=id,firstName or fields=*).")
    known = FIELDS[entity]
    out: list[tuple[str, list | None]] = []
    for token in _split(raw):
        if token == "*":
            out.extend((name, None) for name in known if (name, None) not in out)
            continue
        name, sub = token, None
        if "(" in token:
            if not token.endswith(")"):
                raise fail(400, "errors.invalidFields", f"Malformed field {token!r}.")
            name, inner = token[:-1].split("(", 1)
            kind = known.get(name, ("", ""))[1]
            if not nested or not kind.startswith("ref:"):
                raise fail(400, "errors.invalidFields", f"{name!r} is not an association of {entity}.")
            sub = parse_fields(kind[4:], inner, nested=False)
        if name not in known:
            raise fail(400, "errors.invalidField", f"{entity} has no field {name!r}.")
        if name not in [n for n, _ in out]:
            out.append((name, sub))
    return out


def render(s, entity: str, obj: Any, fields: list[tuple[str, list | None]]) -> dict:
    known = FIELDS[entity]
    out: dict[str, Any] = {}
    for name, sub in fields:
        col, kind = known[name]
        if kind == "computed":
            if name == "name":
                out[name] = f"{obj.first_name} {obj.last_name}"
            elif name == "address":
                out[name] = {"city": obj.city}
            elif name == "clientCorporation":
                out[name] = {"name": obj.client_name}
            continue
        value = getattr(obj, col)
        if kind == "instant":
            out[name] = None if value is None else to_epoch_ms(value)
        elif kind == "date":
            out[name] = date_to_ms(value)
        elif kind.startswith("ref:"):
            target = kind[4:]
            ref = s.get(MODELS[target], value) if sub else None
            out[name] = render(s, target, ref, [("id", None)] + [f for f in sub if f[0] != "id"]) \
                if ref is not None else {"id": value}
        else:
            out[name] = value
    return out


# --- bodies -------------------------------------------------------------------------------------

def values_from_body(s, entity: str, body: Any, creating: bool) -> dict:
    if not isinstance(body, dict):
        raise fail(400, "errors.invalidJson", "The body must be a JSON object.")
    known = FIELDS[entity]
    values: dict[str, Any] = {}
    for name, value in body.items():
        if name not in known:
            raise fail(400, "errors.invalidField", f"{entity} has no field {name!r}.")
        if name in READ_ONLY:
            raise fail(400, "errors.readOnlyField", f"{entity}.{name} is read-only.")
        col, kind = known[name]
        if kind.startswith("ref:"):
            target = kind[4:]
            ref_id = value.get("id") if isinstance(value, dict) else None
            if isinstance(ref_id, bool) or not isinstance(ref_id, int) or not 0 < ref_id < 2**62 \
                    or s.get(MODELS[target], ref_id) is None:
                raise fail(400, "errors.invalidAssociation", f"{name} must be {{\"id\": <existing {target} id>}}.")
            values[col] = ref_id
        elif kind in ("date", "str", "float") and value is None and not _nullable(entity, col):
            # a column the record cannot hold empty: the caller's mistake, not a database error
            raise fail(400, "errors.invalidField", f"{name} cannot be null.")
        elif kind == "date":
            values[col] = None if value is None else ms_to_date(value, name)
        elif kind == "str":
            if value is not None and (not isinstance(value, str) or len(value) > 200):
                raise fail(400, "errors.invalidField", f"{name} must be a string (at most 200 characters).")
            if value is None and creating is False and name in REQUIRED_ON_CREATE[entity]:
                raise fail(400, "errors.invalidField", f"{name} cannot be null.")
            values[col] = value
        elif kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**6:
                raise fail(400, "errors.invalidField", f"{name} must be an integer 0–1000000.")
            values[col] = value
        elif kind == "float":
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                      or not math.isfinite(value) or abs(value) > 10**9):
                raise fail(400, "errors.invalidField", f"{name} must be a number.")
            values[col] = None if value is None else float(value)
        elif kind == "bool":
            if not isinstance(value, bool):
                raise fail(400, "errors.invalidField", f"{name} must be true or false.")
            values[col] = value
    if creating:
        missing = [n for n in REQUIRED_ON_CREATE[entity] if known[n][0] not in values or values[known[n][0]] is None]
        if missing:
            raise fail(400, "errors.missingRequiredField", f"{entity} needs {missing}.")
    return values
