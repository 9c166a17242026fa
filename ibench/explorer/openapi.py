"""The explorer's reading of a vendor's API description: the docs pages as an agent finds them
(the index at the docs URL and the pages it links to), the OpenAPI document as served at
`<base>/openapi.yaml` or, for a vendor that keeps it internal, from the vendor package, and
that document as a flat list of operations with every `$ref` resolved."""
from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

METHODS = ("get", "put", "post", "patch", "delete")
_LINK = re.compile(r"\]\(([^)\s]+)\)")


@dataclass(frozen=True)
class Param:
    name: str
    location: str  # path | query | header
    required: bool
    schema: dict
    description: str = ""


@dataclass(frozen=True)
class Operation:
    method: str  # upper case
    path: str  # the template, e.g. /v1/candidates/{candidate_id}
    params: tuple[Param, ...]
    body: dict | None  # the request body schema (resolved), None without one
    content_type: str | None
    public: bool  # `security: []`: callable without credentials (token and login endpoints)

    @property
    def path_params(self) -> list[str]:
        return re.findall(r"\{([^}]+)\}", self.path)

    @property
    def collection(self) -> bool:
        """A path that does not end in a parameter: a list (GET) or a create (POST)."""
        return not self.path.rstrip("/").endswith("}")


def doc_links(markdown: str) -> list[str]:
    """Relative page links of a docs page, in order of appearance (external links are never
    followed: the explorer only talks to the vendor through its proxy URL)."""
    out: list[str] = []
    for target in _LINK.findall(markdown):
        target = target.split("#", 1)[0]
        if not target or "://" in target or target.startswith("mailto:"):
            continue
        if target not in out:
            out.append(target)
    return out


def package_document(vendor: str) -> dict | None:
    """The vendor package's openapi.yaml, for a vendor that serves only its markdown."""
    try:
        text = resources.files(f"vendors.{vendor}").joinpath("openapi.yaml").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    return parse_document(text)


def parse_document(text: str) -> dict | None:
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError:
        return None
    return doc if isinstance(doc, dict) and isinstance(doc.get("paths"), dict) else None


def resolve(doc: dict, node: Any, refs: int = 0) -> Any:
    """`node` with every `$ref` replaced by its target. A resolved schema keeps the name of
    the component it came from as `x-ref` (XML bodies are named after it). A chain of more
    than a few references (a recursive schema) ends in an empty schema: the explorer never
    builds bodies that deep."""
    if isinstance(node, list):
        return [resolve(doc, item, refs) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        if refs >= 8:
            return {}
        target: Any = doc
        for part in ref[2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        out = resolve(doc, target, refs + 1)
        if isinstance(out, dict):
            out = {**out, "x-ref": ref.rsplit("/", 1)[-1]}
            out.update({k: resolve(doc, v, refs) for k, v in node.items() if k != "$ref"})
        return out
    return {k: resolve(doc, v, refs) for k, v in node.items()}


def operations(doc: dict) -> list[Operation]:
    """Every operation of the document, in document order (paths, then methods as written)."""
    out: list[Operation] = []
    default_security = doc.get("security")
    for path, item in (doc.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        shared = [resolve(doc, p) for p in item.get("parameters") or []]
        for method, op in item.items():
            if method not in METHODS or not isinstance(op, dict):
                continue
            merged: dict[tuple[str, str], dict] = {}
            for p in shared + [resolve(doc, p) for p in op.get("parameters") or []]:
                if isinstance(p, dict) and "name" in p:
                    merged[(p["name"], p.get("in", "query"))] = p
            params = tuple(Param(p["name"], p.get("in", "query"), bool(p.get("required")) or p.get("in") == "path",
                                 p.get("schema") or {}, p.get("description") or "")
                           for p in merged.values() if p.get("in") in ("path", "query", "header"))
            body, ctype = None, None
            content = (resolve(doc, op.get("requestBody")) or {}).get("content") or {}
            if content:
                ctype = next(iter(content))
                body = (content[ctype] or {}).get("schema") or {}
            security = op.get("security", default_security)
            out.append(Operation(method.upper(), path, params, body, ctype, security == []))
    return out
