"""Agent-facing docs: `docs/*.md` of the vendor package served at `/docs/` (index.md first),
and the vendor's `openapi.yaml` at `/openapi.yaml`."""
from __future__ import annotations

from importlib import resources

from flask import Blueprint, Response

from vendors.kit.errors import VendorError


def docs_blueprint(package: str, openapi: bool = True) -> Blueprint:
    """`openapi=False` keeps the package's openapi.yaml internal (a vendor whose served docs
    deliberately disagree with the wire serves only its markdown)."""
    bp = Blueprint("ib_docs", __name__)
    root = resources.files(package)

    def _file(*parts: str) -> Response:
        ref = root.joinpath(*parts)
        if not ref.is_file():
            raise VendorError(404, "not_found", "No such documentation page.")
        mime = "application/yaml" if parts[-1].endswith(".yaml") else "text/markdown; charset=utf-8"
        return Response(ref.read_text(encoding="utf-8"), mimetype=mime.split(";")[0],
                        headers={"Content-Type": mime})

    @bp.get("/docs/")
    @bp.get("/docs")
    def index():
        return _file("docs", "index.md")

    @bp.get("/docs/<page>")
    def page(page: str):
        if "/" in page or page.startswith("."):
            raise VendorError(404, "not_found", "No such documentation page.")
        return _file("docs", page if page.endswith(".md") else page + ".md")

    if openapi:  # endpoint name `ib_docs.openapi`, as before the flag existed
        bp.add_url_rule("/openapi.yaml", endpoint="openapi", view_func=lambda: _file("openapi.yaml"),
                        methods=["GET"])

    return bp

