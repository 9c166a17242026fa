"""HAR 1.2 out of a bundle's exchanges, and exchange rows out of a HAR file.

`ibench export har BUNDLE` writes the run's exchanges (docs/trace-format.md, "exchanges") as a
HAR 1.2 log that a browser's network panel opens: one page per phase, one entry per exchange in
`seq` order. What HAR has no field for is kept in custom fields (HAR 1.2 allows names that start
with an underscore): `entry._ibench` holds the exchange's own columns (seq, phase, direction,
vendor, fault, fault_action, upstream_called, client_saw, forged, error, exact times, body
encodings), and `log._ibench` the run id and the bundle's events, so a HAR written here reads
back into the very rows it came from (`exchange_rows`), and `ibench audit` judges it as it
judges the bundle.

A HAR recorded elsewhere (a browser, another proxy) has no `_ibench` fields: its entries become
scenario exchanges of the vendor its host maps to (grader/imported.py).
"""
from __future__ import annotations

import base64
from datetime import datetime, timedelta
from http import HTTPStatus
from typing import Any, Iterable
from urllib.parse import urlsplit

from grader.bundle import iso_z
from bundle.exchanges import query_json

HAR_VERSION = "1.2"
KEPT = ("seq", "run_id", "phase", "direction", "vendor", "started_at", "ended_at", "duration_ms",
        "fault", "fault_action", "upstream_called", "client_saw", "forged", "error",
        "req_body_encoding", "resp_body_encoding", "status")


class HarError(ValueError):
    """A file that is not a HAR log this module can read."""


def _headers(obj: Any) -> list[dict[str, str]]:
    return [{"name": k, "value": str(v)} for k, v in sorted((obj or {}).items())]


def _content(body: str | None, encoding: str | None, mime: str) -> dict[str, Any]:
    text = body or ""
    size = len(base64.b64decode(text)) if encoding == "base64" and text else len(text.encode())
    out = {"size": size, "mimeType": mime, "text": text}
    if encoding == "base64":
        out["encoding"] = "base64"
    return out


def to_har(rows: Iterable[dict[str, Any]], events: list[dict[str, Any]], run_id: str,
           version: str) -> dict[str, Any]:
    """A HAR 1.2 log of exchange rows as exchanges.jsonl has them (grader.bundle.trace_row)."""
    pages: dict[str, dict[str, Any]] = {}
    entries = []
    for r in rows:
        phase = r.get("phase") or "(none)"
        started = r.get("started_at")
        if phase not in pages:
            pages[phase] = {"startedDateTime": started, "id": phase, "title": f"{run_id} · {phase}",
                            "pageTimings": {}}
        req_h, resp_h = _headers(r.get("req_headers")), _headers(r.get("resp_headers"))
        query = r.get("query")
        req_mime = next((h["value"] for h in req_h if h["name"] == "content-type"), "")
        resp_mime = next((h["value"] for h in resp_h if h["name"] == "content-type"), "")
        request: dict[str, Any] = {
            "method": r.get("method") or "", "url": r.get("url") or "", "httpVersion": "HTTP/1.1",
            "cookies": [], "headers": req_h,
            "queryString": [{"name": k, "value": str(v)} for k, vs in sorted((query or {}).items())
                            for v in (vs if isinstance(vs, list) else [vs])],
            "headersSize": -1, "bodySize": len((r.get("req_body") or "").encode()),
        }
        if r.get("req_body"):
            request["postData"] = {"mimeType": req_mime, "text": r["req_body"],
                                   **({"_encoding": "base64"} if r.get("req_body_encoding") == "base64" else {})}
        status = r.get("status")
        response = {
            "status": int(status) if status is not None else 0,  # HAR's "no response"
            "statusText": _phrase(status),
            "httpVersion": "HTTP/1.1" if status is not None else "", "cookies": [], "headers": resp_h,
            "content": _content(r.get("resp_body"), r.get("resp_body_encoding"), resp_mime),
            "redirectURL": next((h["value"] for h in resp_h if h["name"] == "location"), ""),
            "headersSize": -1, "bodySize": len((r.get("resp_body") or "").encode()),
        }
        if r.get("error"):
            response["_error"] = r["error"]
        ms = float(r.get("duration_ms") or 0.0)
        entries.append({
            "pageref": phase, "startedDateTime": started, "time": ms,
            "request": request, "response": response, "cache": {},
            "timings": {"blocked": -1, "dns": -1, "connect": -1, "send": 0, "wait": ms, "receive": 0, "ssl": -1},
            "comment": _comment(r),
            "_ibench": {k: r.get(k) for k in KEPT},
        })
    return {"log": {"version": HAR_VERSION,
                    "creator": {"name": "Integration Bench", "version": version},
                    "pages": list(pages.values()), "entries": entries,
                    "comment": f"run {run_id}",
                    "_ibench": {"run_id": run_id, "events": events}}}


def _phrase(status: Any) -> str:
    try:
        return HTTPStatus(int(status)).phrase
    except (TypeError, ValueError):
        return ""  # no answer, or a code the standard does not name


def _comment(r: dict[str, Any]) -> str:
    """What a network panel should show at a glance: faults, throttling and forgeries."""
    marks = []
    if r.get("fault"):
        marks.append(f"fault {r['fault']} ({r.get('fault_action')})")
    if r.get("forged"):
        marks.append(f"forged delivery: {r['forged']}")
    if r.get("client_saw") not in (None, "full"):
        marks.append(f"client saw: {r['client_saw']}")
    return "; ".join(marks)


def validate_har(doc: Any) -> list[str]:
    """Problems with a document as a HAR 1.2 log (the required fields of the spec)."""
    problems: list[str] = []
    log = doc.get("log") if isinstance(doc, dict) else None
    if not isinstance(log, dict):
        return ["no `log` object"]
    for key in ("version", "creator", "entries"):
        if key not in log:
            problems.append(f"log.{key} is missing")
    if not isinstance(log.get("entries"), list):
        return problems + ["log.entries is not a list"]
    for i, e in enumerate(log["entries"]):
        where = f"log.entries[{i}]"
        for key in ("startedDateTime", "time", "request", "response", "cache", "timings"):
            if key not in e:
                problems.append(f"{where}.{key} is missing")
        req, resp = e.get("request") or {}, e.get("response") or {}
        for key in ("method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"):
            if key not in req:
                problems.append(f"{where}.request.{key} is missing")
        for key in ("status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL",
                    "headersSize", "bodySize"):
            if key not in resp:
                problems.append(f"{where}.response.{key} is missing")
        content = resp.get("content") or {}
        if "size" not in content or "mimeType" not in content:
            problems.append(f"{where}.response.content needs size and mimeType")
        for key in ("send", "wait", "receive"):
            if key not in (e.get("timings") or {}):
                problems.append(f"{where}.timings.{key} is missing")
        if len(problems) > 20:
            break
    return problems


def _pairs_to_dict(pairs: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    for h in pairs or []:
        if not isinstance(h, dict) or "name" not in h:
            continue
        name, value = str(h["name"]).lower(), str(h.get("value", ""))
        if name.startswith(":"):
            continue  # HTTP/2 pseudo-headers are not headers
        out[name] = f"{out[name]}, {value}" if name in out else value
    return out


def exchange_rows(doc: Any, vendor_of) -> list[dict[str, Any]]:
    """Trace-format rows of a HAR log. `vendor_of(url) -> vendor | None` names the vendor of an
    entry recorded elsewhere (no `_ibench` fields); those entries are scenario exchanges
    (`scenario:imported`), numbered in their order in the file."""
    problems = validate_har(doc)
    if problems:
        raise HarError("not a HAR 1.2 log: " + "; ".join(problems[:3]))
    rows = []
    for i, e in enumerate(doc["log"]["entries"], 1):
        own = e.get("_ibench") if isinstance(e.get("_ibench"), dict) else {}
        req, resp = e["request"], e["response"]
        url = str(req.get("url") or "")
        parts = urlsplit(url)
        post = req.get("postData") or {}
        content = resp.get("content") or {}
        status = resp.get("status")
        started = own.get("started_at") or e.get("startedDateTime")
        row = {
            "seq": own.get("seq", i), "run_id": own.get("run_id"),
            "phase": own.get("phase", "scenario:imported"),
            "direction": own.get("direction", "to_vendor"),
            "vendor": own["vendor"] if "vendor" in own else vendor_of(url),
            "started_at": started, "ended_at": own.get("ended_at") or _plus_ms(started, e.get("time")),
            "duration_ms": own.get("duration_ms", e.get("time")),
            "method": str(req.get("method") or "").upper(), "url": url, "path": parts.path or "/",
            "query": query_json(parts.query),
            "req_headers": _pairs_to_dict(req.get("headers")), "resp_headers": _pairs_to_dict(resp.get("headers")),
            "req_body": post.get("text") if post.get("text") not in (None, "") else None,
            "resp_body": content.get("text") if content.get("text") not in (None, "") else None,
            "req_body_encoding": own.get("req_body_encoding",
                                         "base64" if post.get("_encoding") == "base64" else "utf8"),
            "resp_body_encoding": own.get("resp_body_encoding",
                                          "base64" if content.get("encoding") == "base64" else "utf8"),
            "status": own.get("status", status if isinstance(status, int) and status > 0 else None),
            "fault": own.get("fault"), "fault_action": own.get("fault_action"),
            "upstream_called": own.get("upstream_called", isinstance(status, int) and status > 0),
            "client_saw": own.get("client_saw", "full" if isinstance(status, int) and status > 0 else "none"),
            "forged": own.get("forged"), "error": own.get("error", resp.get("_error")),
        }
        rows.append(row)
    return rows


def har_events(doc: Any) -> list[dict[str, Any]]:
    """The bundle events a HAR written by `to_har` carries (none for a foreign HAR)."""
    own = (doc.get("log") or {}).get("_ibench") if isinstance(doc, dict) else None
    events = own.get("events") if isinstance(own, dict) else None
    return [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []


def _plus_ms(started: Any, ms: Any) -> str | None:
    try:
        t = datetime.fromisoformat(str(started).replace("Z", "+00:00"))
        return iso_z(t + timedelta(milliseconds=float(ms or 0)))
    except (TypeError, ValueError):
        return None
