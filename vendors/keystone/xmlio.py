"""Keystone's XML: every document is in the default namespace `urn:keystone:hr:2`.

Parsing uses the standard library's ElementTree with entity expansion defused: any document
carrying a DOCTYPE (hence any entity declaration) is refused, as is anything that is not
well-formed, not in the v2 namespace, or has the wrong root element — always a 400 XML error
document, never a 500."""
from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from typing import Any

from flask import Response, request

from vendors.kit.errors import VendorError
from vendors.kit.formats import date_ddmmyyyy, iso_utc, parse_ddmmyyyy

NS = "urn:keystone:hr:2"
OLD_NS = "urn:keystone:hr:1"
XML_TYPE = "application/xml"
_DOCTYPE = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.I)
_DATE = re.compile(r"^\d{2}/\d{2}/\d{4}$")


def q(tag: str) -> str:
    return f"{{{NS}}}{tag}"


ET.register_namespace("", NS)


# --- output ---------------------------------------------------------------------------------
def _text(v: Any) -> str | None:
    if v is None:
        return None
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dt.datetime):
        return iso_utc(v)
    if isinstance(v, dt.date):
        return date_ddmmyyyy(v)
    return str(v)


def element(tag: str, fields: list[tuple[str, Any]], attrs: dict | None = None) -> ET.Element:
    el = ET.Element(q(tag), {k: str(v) for k, v in (attrs or {}).items()})
    for name, value in fields:
        if isinstance(value, ET.Element):
            el.append(value)
            continue
        child = ET.SubElement(el, q(name))
        t = _text(value)
        if t is None:
            child.set("nil", "true")
        else:
            child.text = t
    return el


def xml_response(el: ET.Element, status: int = 200, headers: dict | None = None) -> Response:
    body = b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(el, encoding="utf-8", xml_declaration=False)
    resp = Response(body, status=status, mimetype=XML_TYPE)
    resp.headers.update(headers or {})
    return resp


def error_document(body: dict) -> ET.Element:
    err = body.get("error", {})
    el = element("Error", [("Code", err.get("code")), ("Message", err.get("message"))])
    for k, v in (err.get("details") or {}).items():
        d = ET.SubElement(el, q("Detail"), {"field": str(k)})
        d.text = str(v)
    return el


def render_error(body: dict) -> Response | None:
    if request.path.startswith("/_control"):
        return None  # the control plane answers JSON like every vendor's
    return xml_response(error_document(body))


# --- input ----------------------------------------------------------------------------------
def bad(message: str, field: str | None = None) -> VendorError:
    if field is None:
        return VendorError(400, "invalid_xml", message)
    return VendorError(422, "invalid_field", message, {field: message})


def parse_body(root_tag: str) -> ET.Element:
    ctype = (request.mimetype or "").lower()
    if ctype not in ("application/xml", "text/xml"):
        raise VendorError(415, "unsupported_media_type", "Send the body as application/xml.")
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise bad("The request body is empty; send an XML document.")
    if _DOCTYPE.search(raw):
        raise bad("DOCTYPE and entity declarations are not accepted.")
    try:
        root = ET.fromstring(raw)
    except (ET.ParseError, ValueError, UnicodeError) as exc:
        raise bad(f"The body is not well-formed XML: {exc}") from None
    if root.tag == f"{{{OLD_NS}}}{root_tag}":
        raise bad(f"The namespace {OLD_NS} was retired; use xmlns=\"{NS}\".")
    if root.tag != q(root_tag):
        raise bad(f"Expected a <{root_tag} xmlns=\"{NS}\"> document.")
    return root


def child_text(root: ET.Element, name: str) -> str | None:
    el = root.find(q(name))
    if el is None or el.get("nil") == "true":
        return None
    return (el.text or "").strip()


def present(root: ET.Element, name: str) -> bool:
    return root.find(q(name)) is not None


def get_str(root, name, required=False, max_len=200) -> str | None:
    v = child_text(root, name)
    if v in (None, ""):
        if required:
            raise bad(f"<{name}> is required.", name)
        return None
    if len(v) > max_len:
        raise bad(f"<{name}> is longer than {max_len} characters.", name)
    return v


def get_date(root, name, required=False) -> dt.date | None:
    v = get_str(root, name, required)
    if v is None:
        return None
    if not _DATE.match(v):
        raise bad(f"<{name}> must be a date written dd/mm/yyyy.", name)
    try:
        return parse_ddmmyyyy(v)
    except ValueError:
        raise bad(f"<{name}> is not a real date (dd/mm/yyyy).", name) from None


def get_enum(root, name, allowed, default=None, required=False) -> str | None:
    v = get_str(root, name, required)
    if v is None:
        return default
    if v not in allowed:
        raise bad(f"<{name}> must be one of {', '.join(allowed)}.", name)
    return v


def get_bool(root, name, default=False) -> bool:
    v = get_str(root, name)
    if v is None:
        return default
    if v not in ("true", "false"):
        raise bad(f"<{name}> must be true or false.", name)
    return v == "true"
