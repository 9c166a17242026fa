"""Traffic recorded elsewhere, judged like a run: a HAR file or a mitmproxy flow file becomes a
temporary bundle (exchanges, events, the vendor traits to judge by, optionally a task's criteria)
that `ibench audit` reads as it reads any bundle (docs/grader.md, "Auditing other traffic").

Which vendor an exchange talked to comes from the HAR's own `_ibench` fields when it was written
by `ibench export har`, else from `--vendor NAME=HOST` (or `--vendor NAME` when all the traffic
is one vendor's). Foreign exchanges are scenario traffic (`scenario:imported`), so the conduct
library judges them as it judges an integration's runs.
"""
from __future__ import annotations

import fnmatch
import json
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

import yaml

from grader.errors import GraderError
from grader.har import HarError, exchange_rows, har_events, to_har

PROJECT_VENDORS = Path(__file__).resolve().parent.parent / "vendors"


def export_har(bundle_dir: Path, version: str) -> dict[str, Any]:
    """A verified bundle's exchanges and events as a HAR 1.2 document (grader/har.py)."""
    from grader.bundle import load_bundle, trace_row

    b = load_bundle(bundle_dir)
    try:
        cur = b.con.execute("SELECT * FROM all_exchanges ORDER BY seq")
        names = [d[0] for d in cur.description]
        rows = [trace_row(dict(zip(names, r))) for r in cur.fetchall()]
        # the loader's events table keeps each line whole in `data` (unreadable lines skipped)
        events = [json.loads(d) for (d,) in b.con.execute("SELECT data FROM all_events ORDER BY ord").fetchall()]
        run_id = str(b.manifest.get("run_id") or Path(bundle_dir).name)
    finally:
        b.close()
    return to_har(rows, events, run_id, version)


def vendor_mapper(specs: tuple[str, ...]) -> Callable[[str], str | None]:
    """`--vendor NAME=HOST` (HOST may be a glob, with or without a port) or one `--vendor NAME`
    for all traffic."""
    pairs, default = [], None
    for s in specs:
        if "=" in s:
            name, host = s.split("=", 1)
            pairs.append((name.strip(), host.strip().lower()))
        elif default is None:
            default = s.strip()
        else:
            raise GraderError(f"--vendor {s}: give NAME=HOST for each vendor when there are several")

    def vendor_of(url: str) -> str | None:
        parts = urlsplit(url)
        host, netloc = (parts.hostname or "").lower(), parts.netloc.lower()
        for name, pattern in pairs:
            if fnmatch.fnmatch(netloc, pattern) or fnmatch.fnmatch(host, pattern):
                return name
        return default

    return vendor_of


def read_traffic(path: Path, vendor_of: Callable[[str], str | None]) -> tuple[list[dict], list[dict], str]:
    """(exchange rows, events, format) of a HAR or mitmproxy flow file."""
    try:
        head = path.open("rb").read(64).lstrip()
    except OSError as exc:
        raise GraderError(f"{path}: {exc.strerror or exc}") from None
    if head.startswith(b"{"):
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise GraderError(f"{path}: not a HAR file (unreadable JSON: {exc})") from None
        try:
            return exchange_rows(doc, vendor_of), har_events(doc), "har"
        except HarError as exc:
            raise GraderError(f"{path}: {exc}") from None
    return _flow_rows(path, vendor_of), [], "mitmproxy flows"


def _flow_rows(path: Path, vendor_of) -> list[dict[str, Any]]:
    """HTTP flows of a mitmproxy flow file, read with mitmproxy's own reader."""
    from mitmproxy import http, io
    from mitmproxy.exceptions import FlowReadException

    from bundle.exchanges import headers_json
    from bundle.exchanges import encode_body, iso_utc, query_json

    rows = []
    try:
        with path.open("rb") as f:
            for flow in io.FlowReader(f).stream():
                if not isinstance(flow, http.HTTPFlow):
                    continue
                req, resp = flow.request, flow.response
                path, _, query_string = req.path.partition("?")
                req_body, req_enc = encode_body(req.raw_content)
                resp_body, resp_enc = encode_body(resp.raw_content if resp else None)
                end = (resp.timestamp_end if resp and resp.timestamp_end else req.timestamp_end) or req.timestamp_start
                rows.append({
                    "seq": len(rows) + 1, "run_id": None, "phase": "scenario:imported", "direction": "to_vendor",
                    "vendor": vendor_of(req.pretty_url), "started_at": iso_utc(req.timestamp_start),
                    "ended_at": iso_utc(end), "duration_ms": round((end - req.timestamp_start) * 1000, 3),
                    "method": req.method.upper(), "url": req.pretty_url, "path": path,
                    "query": query_json(query_string), "req_headers": headers_json(req.headers),
                    "resp_headers": headers_json(resp.headers) if resp else {},
                    "req_body": req_body, "req_body_encoding": req_enc,
                    "resp_body": resp_body, "resp_body_encoding": resp_enc,
                    "status": resp.status_code if resp else None, "fault": None, "fault_action": None,
                    "upstream_called": resp is not None, "client_saw": "full" if resp else "none",
                    "forged": None, "error": flow.error.msg if flow.error else None,
                })
    except (FlowReadException, ValueError, OSError) as exc:
        raise GraderError(f"{path}: neither a HAR file nor a mitmproxy flow file ({exc})") from None
    if not rows:
        raise GraderError(f"{path}: no HTTP exchange in it (a HAR file or a mitmproxy flow file)")
    return rows


def traits_files(vendors: set[str], extra: tuple[Path, ...]) -> dict[str, Path]:
    """vendor.yaml per vendor: `--traits FILE` first (named by its `name`), then the project's."""
    out: dict[str, Path] = {}
    for f in extra:
        try:
            doc = yaml.safe_load(Path(f).read_text())
        except (OSError, yaml.YAMLError) as exc:
            raise GraderError(f"--traits {f}: {exc}") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
            raise GraderError(f"--traits {f}: not a vendor.yaml (it needs a `name`)")
        out[doc["name"]] = Path(f)
    for v in sorted(vendors - set(out)):
        own = PROJECT_VENDORS / v / "vendor.yaml"
        if not own.is_file():
            raise GraderError(f"no traits for vendor {v!r}: pass its vendor.yaml with --traits, or map "
                              "the traffic to a project vendor with --vendor NAME=HOST")
        out[v] = own
    return out


def imported_bundle(path: Path, vendor_specs: tuple[str, ...], traits: tuple[Path, ...],
                    criteria: Path | None) -> Path:
    """A temporary bundle folder of the traffic in `path` (the caller removes it)."""
    from bundle.manifest import bundle_files, sha256_file

    rows, events, fmt = read_traffic(path, vendor_mapper(vendor_specs))
    vendors = {r["vendor"] for r in rows if r.get("vendor")}
    if not vendors:
        raise GraderError(f"{path}: no exchange maps to a vendor; say which with --vendor NAME or NAME=HOST")
    files = traits_files(vendors, traits)
    run_id = next((r["run_id"] for r in rows if r.get("run_id")), None) or f"imported:{path.name}"
    tmp = Path(tempfile.mkdtemp(prefix="ibench-imported-"))
    try:
        with (tmp / "exchanges.jsonl").open("w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps({**r, "run_id": r.get("run_id") or run_id}, ensure_ascii=False) + "\n")
        with (tmp / "events.jsonl").open("w", encoding="utf-8") as f:
            for e in events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        (tmp / "traits").mkdir()
        for v, src in files.items():
            shutil.copyfile(src, tmp / "traits" / f"{v}.yaml")
        if criteria is not None:
            if not Path(criteria).is_dir():
                raise GraderError(f"--criteria {criteria}: not a folder")
            shutil.copytree(criteria, tmp / "criteria")
        # an unsigned manifest: nobody of ours recorded this traffic, so nothing vouches for it
        # (the audit reads it with allow_tampered and says where it came from)
        files = {rel: sha256_file(tmp / rel) for rel in bundle_files(tmp)}
        (tmp / "manifest.json").write_text(json.dumps(
            {"schema_version": 1, "run_id": run_id, "task": {"id": None}, "agent": None, "outcome": "completed",
             "imported_from": {"file": path.name, "format": fmt}, "files": files}, indent=2, sort_keys=True) + "\n")
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return tmp
