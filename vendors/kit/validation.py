"""Request-body validation shared by vendors: a JSON object checked field by field, unknown
fields refused, required ones enforced. Each vendor keeps its own words and codes (the
`bad` factory builds its VendorError; the templates name the field)."""
from __future__ import annotations

from typing import Any, Callable

Validator = Callable[[str, Any], Any]
ErrorFactory = Callable[[str | None, str, str], Exception]


def take(body: dict, fields: dict[str, tuple[Validator, bool]], bad: ErrorFactory,
         unknown: tuple[str, str] = ("unknown_field", "Unknown field: {name}."),
         missing: tuple[str, str] = ("missing_field", "Missing required field: {name}.")) -> dict:
    """Validate `body` against `fields` (name -> (validator, required)); a validator returns
    the cleaned value or raises. `unknown`/`missing` are (code, message template)."""
    extra = sorted(set(body) - set(fields))
    if extra:
        raise bad(extra[0], unknown[1].format(name=extra[0]), unknown[0])
    out = {}
    for name, (check, required) in fields.items():
        if name not in body:
            if required:
                raise bad(name, missing[1].format(name=name), missing[0])
            continue
        out[name] = check(name, body[name])
    return out
