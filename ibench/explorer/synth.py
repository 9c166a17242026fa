"""Request values from OpenAPI schemas, the way an agent writes test requests: a valid value
for every field it means to send (preferring what it already knows — a credential named like
the field, an id it saw in a list, the record's current value), and an invalid body (wrong
types, a required field missing) to see the vendor's validation errors. Every choice comes
from a seeded random.Random, so the same seed writes the same bodies."""
from __future__ import annotations

import json
import random
import re
from typing import Any, Callable
from urllib.parse import urlencode
from xml.sax.saxutils import escape

MISSING = object()
# The instant and day every date field gets: the vendors' base day, so values look current.
INSTANT, DAY = "2026-03-02T09:00:00Z", "2026-03-02"

Hint = Callable[[str, dict], Any]  # (field name, schema) -> a value, or MISSING


def merged(schema: Any) -> dict:
    """allOf folded into one schema; the first alternative of oneOf/anyOf."""
    if not isinstance(schema, dict):
        return {}
    if schema.get("allOf"):
        out: dict = {k: v for k, v in schema.items() if k != "allOf"}
        props, required = dict(out.get("properties") or {}), list(out.get("required") or [])
        for part in schema["allOf"]:
            part = merged(part)
            for k, v in part.items():
                if k == "properties":
                    props.update(v or {})
                elif k == "required":
                    required += [r for r in v or [] if r not in required]
                else:
                    out.setdefault(k, v)
        if props:
            out["properties"] = props
        if required:
            out["required"] = required
        return out
    for key in ("oneOf", "anyOf"):
        if schema.get(key):
            first = merged(schema[key][0])
            return {**{k: v for k, v in schema.items() if k != key}, **first}
    return schema


def from_pattern(pattern: str, rng: random.Random) -> str | None:
    """A string matching a regular expression (the subset schemas use: literals, classes,
    repeats, groups, alternation), or None when the pattern is beyond it."""
    try:
        import re._parser as sre  # Python >= 3.11
        from re._constants import (ANY, AT, BRANCH, CATEGORY, IN, LITERAL, MAX_REPEAT, MIN_REPEAT,
                                   NEGATE, RANGE, SUBPATTERN)
    except ImportError:  # pragma: no cover - older Pythons ship sre_parse instead
        return None
    alnum = "abcdefghijklmnopqrstuvwxyz0123456789"

    def klass(items) -> str:
        chars = ""
        for op, av in items:
            if op == LITERAL:
                chars += chr(av)
            elif op == RANGE:
                chars += "".join(chr(c) for c in range(av[0], min(av[1], av[0] + 25) + 1))
            elif op == CATEGORY:
                chars += "0123456789" if "DIGIT" in str(av) else (" " if "SPACE" in str(av) else alnum)
            elif op == NEGATE:
                return "x"
        return chars or "x"

    def gen(parsed) -> str:
        out = ""
        for op, av in parsed:
            if op == LITERAL:
                out += chr(av)
            elif op == ANY:
                out += "x"
            elif op == IN:
                out += rng.choice(klass(av))
            elif op == CATEGORY:
                out += rng.choice(klass([(CATEGORY, av)]))
            elif op in (MAX_REPEAT, MIN_REPEAT):
                low, high, sub = av
                high = low + 3 if high == sre.MAXREPEAT else high
                out += "".join(gen(sub) for _ in range(rng.randint(low, max(low, min(high, low + 3)))))
            elif op == SUBPATTERN:
                out += gen(av[-1])
            elif op == BRANCH:
                out += gen(av[1][0])
            elif op == AT:
                continue
            else:
                raise ValueError(op)
        return out

    try:
        value = gen(sre.parse(pattern))
        return value if re.search(pattern, value) else None
    except Exception:  # noqa: BLE001 - any pattern we cannot handle falls back to a plain value
        return None


class Synth:
    def __init__(self, rng: random.Random, hint: Hint):
        self.rng = rng
        self.hint = hint
        self.serial = 0

    def value(self, schema: Any, name: str = "", base: Any = MISSING, depth: int = 0) -> Any:
        s = merged(schema)
        known = self.hint(name, s) if name else MISSING
        if known is not MISSING:
            return known
        if "enum" in s and s["enum"]:
            options = [e for e in s["enum"] if e is not None] or s["enum"]
            return self.rng.choice(options)
        if base is not MISSING and base is not None and not isinstance(base, (dict, list)):
            return self._like(s, base)
        for key in ("example", "default"):
            if key in s and s[key] is not None:
                return s[key]
        kind = s.get("type") or ("object" if "properties" in s else "string")
        if kind == "object":
            return self.object(s, base if isinstance(base, dict) else {}, depth)
        if kind == "array":
            items = merged(s.get("items") or {})
            if items.get("enum"):
                enum = items["enum"]
                return ["*"] if "*" in enum else list(enum)[: max(1, s.get("minItems") or 1)]
            return [self.value(items, name.rstrip("s"), depth=depth + 1) for _ in range(max(1, s.get("minItems") or 1))]
        if kind == "integer":
            low = int(s.get("minimum", 1))
            return self.rng.randint(low, int(s.get("maximum", low + 99)) if "maximum" in s else low + 99)
        if kind == "number":
            low = float(s.get("minimum", 1))
            return round(self.rng.uniform(low, float(s.get("maximum", low + 99))), 2)
        if kind == "boolean":
            return self.rng.choice([True, False])
        return self.string(s, name)

    def string(self, s: dict, name: str) -> str:
        self.serial += 1
        fmt, lname = s.get("format", ""), name.lower()
        if fmt == "date-time":
            return INSTANT
        if fmt == "date":
            return DAY
        if fmt == "email" or "email" in lname:
            return f"explorer.{self.serial}@example.com"
        if fmt == "uuid":
            return "%08x-%04x-4%03x-8%03x-%012x" % tuple(self.rng.getrandbits(b) for b in (32, 16, 12, 12, 48))
        if s.get("pattern"):
            got = from_pattern(s["pattern"], self.rng)
            if got is not None:
                return got
        text = f"Explorer {lname or 'value'} {self.serial}"
        low, high = int(s.get("minLength", 0)), int(s.get("maxLength", 200))
        return (text + "x" * max(0, low - len(text)))[: max(high, 1)]

    def _like(self, s: dict, base: Any) -> Any:
        """A field the record already has: strings with a format or pattern keep their value
        (it is valid by construction); free text changes, so the write changes something."""
        if isinstance(base, str) and not (s.get("pattern") or s.get("format")):
            return (base + " (explored)")[: int(s.get("maxLength", 500))]
        if isinstance(base, bool):
            return not base
        return base

    def object(self, s: dict, base: dict, depth: int) -> dict:
        props = {k: v for k, v in (s.get("properties") or {}).items() if not merged(v).get("readOnly")}
        required = [r for r in s.get("required") or [] if r in props]
        # Required fields, and about half of the others (at least one): a realistic write
        # that still changes more than one thing at a time.
        chosen = [k for k in props if k in required or (depth < 2 and self.rng.random() < 0.5)]
        if not chosen and props:
            chosen = [self.rng.choice(sorted(props))]
        return {k: self.value(props[k], k, base.get(k, MISSING), depth + 1) for k in chosen}

    def invalid(self, schema: Any) -> Any:
        """A body the vendor must refuse: every field of the wrong type, one required field
        left out, and an unknown field."""
        s = merged(schema)
        props = s.get("properties") or {}
        wrong = {"integer": "not-a-number", "number": "not-a-number", "boolean": "maybe",
                 "array": "not-a-list", "object": "not-an-object"}
        out: dict[str, Any] = {}
        for k, v in props.items():
            v = merged(v)
            if v.get("readOnly"):
                continue
            out[k] = "not-a-valid-choice" if v.get("enum") else wrong.get(v.get("type", "string"), 12345)
        required = [r for r in s.get("required") or [] if r in out]
        if required:
            out.pop(required[0])
        out["explorer_unknown_field"] = True
        return out


def encode(body: Any, content_type: str | None, schema: dict | None = None) -> tuple[bytes, str]:
    """The wire form of a body in the operation's content type."""
    ctype = content_type or "application/json"
    if "x-www-form-urlencoded" in ctype:
        flat = []
        for k, v in (body or {}).items() if isinstance(body, dict) else []:
            for item in v if isinstance(v, list) else [v]:
                flat.append((k, json.dumps(item) if isinstance(item, (dict, list)) else str(item)))
        return urlencode(flat).encode(), ctype
    if "xml" in ctype:
        return to_xml(body, schema or {}).encode(), ctype
    return json.dumps(body).encode(), ctype


def to_xml(body: Any, schema: dict) -> str:
    """A body as XML, named and namespaced as the schema's `xml` hints say."""
    s = merged(schema)
    xml = s.get("xml") or {}
    name = xml.get("name") or s.get("x-ref") or "Request"
    ns = f' xmlns="{xml["namespace"]}"' if xml.get("namespace") else ""
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<{name}{ns}>{_xml_children(body, s)}</{name}>'


def _xml_children(body: Any, s: dict) -> str:
    if not isinstance(body, dict):
        return escape(str(body))
    out = ""
    props = s.get("properties") or {}
    for k, v in body.items():
        sub = merged(props.get(k) or {})
        tag = (sub.get("xml") or {}).get("name") or k
        for item in v if isinstance(v, list) else [v]:
            text = "true" if item is True else "false" if item is False else item
            out += f"<{tag}>{_xml_children(text, merged(sub.get('items') or sub))}</{tag}>"
    return out


def looks_like(value: Any) -> Any:
    """An id that exists nowhere but has the shape of a real one (for a 404)."""
    if isinstance(value, int) or (isinstance(value, str) and value.isdigit()):
        return 987654321
    text = str(value)
    m = re.match(r"^([A-Za-z]+[_-])", text)
    return (m.group(1) if m else "") + "0" * max(8, len(text) - (len(m.group(1)) if m else 0))
