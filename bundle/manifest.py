"""manifest.json: the sha256 of every file of a bundle, and the operator's signature over them
(docs/trace-format.md "Manifest", docs/security.md). `bundle_files` decides which files a manifest
covers: the harness seals a finished bundle over them (bundle/signing.py `seal_bundle`), and the
grader, the leaderboard and `ibench key sign` check them with `verify_manifest`."""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from bundle.errors import BundleError
from bundle.layout import MANIFEST

# Files a bundle may hold that the manifest does not cover (written after it): the manifest,
# verdicts and their signatures (verdict.json + verdict.sig, bundle/signing.py).
UNHASHED = re.compile(r"^(manifest\.json|verdict(\.[A-Za-z0-9_-]+)?\.(json|sig))$")

def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def read_manifest(bundle: Path) -> dict[str, Any]:
    if not bundle.exists():
        raise BundleError(f"{bundle}: no such directory")
    if not bundle.is_dir():
        raise BundleError(f"{bundle}: not a directory (a bundle is a directory with manifest.json)")
    mpath = bundle / MANIFEST
    if not mpath.is_file():
        raise BundleError(f"{bundle}: not a bundle (manifest.json is missing)")
    try:
        manifest = json.loads(mpath.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BundleError(f"{mpath}: not valid JSON ({exc})") from None
    if not isinstance(manifest, dict):
        raise BundleError(f"{mpath}: expected a JSON object")
    return manifest


def bundle_files(bundle: Path) -> list[str]:
    """Every file of the bundle (relative, '/'-separated) except those written after the
    manifest (manifest.json, verdict.json and verdict.<name>.json at the top level)."""
    out = []
    for root, dirs, files in os.walk(bundle):
        dirs.sort()
        for name in sorted(files):
            rel = Path(root, name).relative_to(bundle).as_posix()
            if "/" not in rel and UNHASHED.match(rel):
                continue
            out.append(rel)
    return out


def verify_manifest(bundle: Path, manifest: dict[str, Any]) -> list[str]:
    """Problems with the bundle's files against manifest['files'] (empty list = intact)."""
    files = manifest.get("files")
    if not isinstance(files, dict):
        return ["manifest.json has no 'files' digests"]
    problems = []
    present = set(bundle_files(bundle))
    for rel in sorted(files):
        digest = files[rel]
        p = bundle / rel
        if rel not in present and not p.is_file():
            problems.append(f"missing file {rel}")
            continue
        try:
            actual = sha256_file(p)
        except OSError as exc:
            problems.append(f"unreadable file {rel} ({exc.strerror})")
            continue
        if not isinstance(digest, str) or actual != digest.lower():
            problems.append(f"changed file {rel} (sha256 {actual[:12]}… ≠ manifest {str(digest)[:12]}…)")
    for rel in sorted(present - set(files)):
        problems.append(f"extra file {rel}")
    return problems
