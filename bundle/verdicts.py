"""verdict.json's bytes: sorted keys, two-space indent, UTF-8, no NaN, one final newline. The
grader writes a verdict in this form and signs exactly these bytes (bundle/signing.py), so
re-grading a bundle reproduces the file byte for byte (docs/grader.md "Verdict")."""
from __future__ import annotations

import json
from typing import Any


def verdict_bytes(verdict: dict[str, Any]) -> bytes:
    return (json.dumps(verdict, sort_keys=True, ensure_ascii=False, indent=2, allow_nan=False)
            + "\n").encode("utf-8")
