"""ETag / If-Match optimistic concurrency, generic for any vendor.

`etag_for(kind, id, version)` gives a strong, quoted ETag that changes whenever the record's
`version` changes (the kit's `Mutations.update` bumps a `version` column on every update,
API or control plane alike). `check_if_match(current)` judges a write:

- no `If-Match` header and `required` → 428 Precondition Required;
- `If-Match: *` → accepted (the record exists);
- none of the listed tags equals `current` (weak `W/` prefixes are compared weakly) → 412.

Errors are `VendorError`s, so they render in the vendor's own envelope.
"""
from __future__ import annotations

import hashlib

from flask import request

from vendors.kit.errors import VendorError


def etag_for(kind: str, ident, version: int | None) -> str:
    raw = f"{kind}:{ident}:{version or 0}".encode()
    return '"' + hashlib.sha256(raw).hexdigest()[:20] + '"'


def parse_if_match(value: str) -> list[str]:
    return [t.strip() for t in value.split(",") if t.strip()]


def _strip_weak(tag: str) -> str:
    return tag[2:] if tag.startswith("W/") else tag


def check_if_match(current: str, required: bool = True, header: str = "If-Match") -> None:
    given = request.headers.get(header)
    if given is None or not given.strip():
        if required:
            raise VendorError(428, "precondition_required",
                              f"This write needs an {header} header with the record's current ETag; "
                              "GET the record first.")
        return
    tags = parse_if_match(given)
    if "*" in tags:
        return
    if _strip_weak(current) not in {_strip_weak(t) for t in tags}:
        raise VendorError(412, "precondition_failed",
                          "The record changed since you read it (ETag mismatch); GET it again and "
                          "re-apply your change.", headers={"ETag": current})
