"""Reading records out of vendor responses, whatever their shape: the list in a body (a bare
array, the field the traits name, the first array of objects), JSON:API resources, XML
elements with an id; and the names that tie a parameter to a resource (`candidate_id` →
`candidate`, `/v1/candidates` → `candidate`)."""
from __future__ import annotations

import re
from typing import Any


def resource_of(path: str) -> str:
    """`/v1/job-applications/{id}` → `jobapplication`; `/candidate.list` → `candidate`."""
    static = [s for s in path.split("/") if s and not s.startswith("{")]
    last = static[-1].split(".")[0] if static else ""
    return singular(re.sub(r"[^a-z0-9]", "", last.lower()))


def singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def id_resource(name: str) -> str | None:
    """`candidate_id`, `candidateId`, `candidate-id` → `candidate`; other names → None."""
    m = re.match(r"^(.+?)[_-]?(id|Id|ID)$", name)
    return re.sub(r"[^a-z0-9]", "", m.group(1).lower()) if m else None


def dig(body: Any, dotted: str | None) -> Any:
    if not dotted or not isinstance(body, dict):
        return None
    for part in dotted.split("."):
        if not isinstance(body, dict):
            return None
        body = body.get(part)
    return body


def items_of(body: Any, hint: str = "") -> list[dict]:
    """The records of a list response: a top-level array, the field the traits name, or the
    first array of objects in the body (one level down too); XML records are elements with
    an `Id`. JSON:API resources are flattened (id + attributes)."""
    if isinstance(body, str):
        return _xml_items(body)
    found: Any = None
    if isinstance(body, list):
        found = body
    elif isinstance(body, dict):
        for key in re.split(r"[|/]", hint or ""):
            if isinstance(body.get(key), list):
                found = body[key]
                break
        candidates = [v for v in body.values() if isinstance(v, list)] + [
            w for v in body.values() if isinstance(v, dict) for w in v.values() if isinstance(w, list)]
        if found is None:
            found = next((v for v in candidates if v and isinstance(v[0], dict)), [])
    return [flatten(x) for x in found or [] if isinstance(x, dict)]


def flatten(record: dict) -> dict:
    if isinstance(record.get("attributes"), dict) and "id" in record:
        return {**record["attributes"], "id": record["id"], "type": record.get("type")}
    return record


def _xml_items(text: str) -> list[dict]:
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(text)
    except ET.ParseError:
        return []
    out = []
    for el in root.iter():
        kids = {c.tag.split("}")[-1]: (c.text or "") for c in el}
        if "Id" in kids or "id" in el.attrib:
            out.append({**kids, **({"id": el.attrib["id"]} if "id" in el.attrib else {})})
    return out


def walk_items(body: Any):
    if isinstance(body, dict):
        for k, v in body.items():
            yield k, v
            yield from walk_items(v)
    elif isinstance(body, list):
        for v in body:
            yield from walk_items(v)
