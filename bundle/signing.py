"""Signed bundles and signed verdicts (docs/security.md, docs/trace-format.md).

A digest list alone proves nothing: whoever edits a file can recompute its sha256. So the
harness signs the manifest with the operator's Ed25519 key (bundle/keys.py) when it seals a
bundle, and the grader refuses a bundle whose signature is missing, does not match, or comes
from a key it does not accept. The grader signs each verdict it writes into a sidecar
(`verdict.json` → `verdict.sig`), so `ibench leaderboard` can tell a verdict the grader wrote
from one edited by hand.

What is signed: a context string naming what the bytes are (so a verdict signature can never
pass for a manifest signature, both being made with one key), then the canonical JSON of the
document without its `signature` member: keys sorted, no whitespace, UTF-8.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from bundle.errors import BundleError, SigningError, TamperedBundleError
from bundle.layout import MANIFEST
from bundle.manifest import bundle_files, read_manifest, sha256_file, verify_manifest
from bundle.verdicts import verdict_bytes
from bundle.keys import ALGORITHM, Keyring, PublicKey, load_private_key, public_of

MANIFEST_CONTEXT = b"integration-bench manifest signature v1\n"
VERDICT_CONTEXT = b"integration-bench verdict signature v1\n"


def canonical(doc: dict[str, Any]) -> bytes:
    body = {k: v for k, v in doc.items() if k != "signature"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def manifest_digest(manifest: dict[str, Any]) -> str:
    """sha256 of the whole manifest, signature included: what a verdict says it graded."""
    return hashlib.sha256(json.dumps(manifest, sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False).encode("utf-8")).hexdigest()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _signature_block(key: Ed25519PrivateKey, context: bytes, doc: dict[str, Any]) -> dict[str, str]:
    pub = public_of(key)
    return {"algorithm": ALGORITHM, "key_id": pub.key_id, "public_key": pub.b64,
            "value": _b64(key.sign(context + canonical(doc)))}


def sign_manifest(manifest: dict[str, Any], key: Ed25519PrivateKey | None = None) -> dict[str, Any]:
    """The manifest with a `signature` member (replacing any earlier one)."""
    body = {k: v for k, v in manifest.items() if k != "signature"}
    # sign what a reader will parse back: a tuple or a float key written to JSON reads back as
    # a list or a string, and the signature must hold over what the grader sees
    body = json.loads(json.dumps(body))
    return {**body, "signature": _signature_block(key or load_private_key(), MANIFEST_CONTEXT, body)}


# --- checking a manifest -------------------------------------------------------------------

@dataclass
class SignatureCheck:
    status: str  # valid | invalid | unsigned | malformed
    algorithm: str | None = None
    key_id: str | None = None
    trust: str | None = None  # own | trusted | project, when the key is accepted
    label: str | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status == "valid" and self.trust is not None

    def record(self) -> dict[str, Any]:
        """What the verdict holds. Not `trust` nor `label`: whether the key is the grader's own
        or one it trusts depends on who re-grades, and a verdict must not."""
        return {"status": self.status, "algorithm": self.algorithm, "key_id": self.key_id,
                "trusted": self.ok}


def _parse_block(sig: Any) -> tuple[PublicKey, bytes, str]:
    if not isinstance(sig, dict):
        raise ValueError("not an object")
    if sig.get("algorithm") != ALGORITHM:
        raise ValueError(f"unsupported algorithm {sig.get('algorithm')!r} (expected {ALGORITHM})")
    for name in ("key_id", "public_key", "value"):
        if not isinstance(sig.get(name), str):
            raise ValueError(f"no {name}")
    pub = PublicKey.from_b64(sig["public_key"])
    try:
        value = base64.b64decode(sig["value"], validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("the value is not base64") from None
    if sig["key_id"] != pub.key_id:
        raise ValueError(f"key id {sig['key_id']!r} is not that of its public key ({pub.key_id})")
    return pub, value, sig["key_id"]


def check_manifest(manifest: dict[str, Any], bundle: str | os.PathLike | None,
                   keyring: Keyring) -> SignatureCheck:
    """Is the manifest signed, unchanged since, by a key `keyring` accepts for this bundle?"""
    if "signature" not in manifest:
        return SignatureCheck("unsigned", problems=[
            "signature missing: manifest.json is not signed (sealed before bundles were signed, "
            "or its signature was removed), so who sealed it and whether it changed since cannot "
            "be checked"])
    try:
        pub, value, key_id = _parse_block(manifest["signature"])
    except ValueError as exc:
        return SignatureCheck("malformed", problems=[f"signature malformed: {exc}"])
    if not pub.verify(value, MANIFEST_CONTEXT + canonical(manifest)):
        return SignatureCheck("invalid", ALGORITHM, key_id, problems=[
            f"signature invalid: manifest.json was changed after key {key_id} signed it "
            f"(files edited and digests recomputed, or the signature copied from another bundle)"])
    trust = keyring.trust_of(pub, bundle)
    if trust is None:
        return SignatureCheck("valid", ALGORITHM, key_id, problems=[
            f"signature by an untrusted key {key_id}: neither this operator's key nor a trusted "
            f"one (accept it with `ibench key trust FILE` or --trust FILE, FILE from "
            f"`ibench key export` of its owner)"])
    return SignatureCheck("valid", ALGORITHM, key_id, trust=trust[0], label=trust[1])


# --- signed verdicts ------------------------------------------------------------------------

def sidecar_of(verdict_path: str | os.PathLike) -> Path:
    """verdict.json → verdict.sig, verdict.rescored.json → verdict.rescored.sig."""
    p = Path(verdict_path)
    return p.with_suffix(".sig")


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_signed_verdict(path: str | os.PathLike, verdict: dict[str, Any],
                         key: Ed25519PrivateKey | None = None) -> Path:
    """Write the verdict and, beside it, its signature by the operator's key; returns the
    sidecar's path. The verdict is bound to its bundle by `integrity.manifest_sha256`."""
    key = key or load_private_key()
    data = verdict_bytes(verdict)
    doc: dict[str, Any] = {"verdict_sha256": hashlib.sha256(data).hexdigest()}
    doc["signature"] = _signature_block(key, VERDICT_CONTEXT, doc)
    p = Path(path)
    _write_atomic(p, data)
    side = sidecar_of(p)
    _write_atomic(side, (json.dumps(doc, indent=2, sort_keys=True) + "\n").encode("utf-8"))
    return side


def check_verdict(bundle: Path, verdict_path: Path, keyring: Keyring) -> tuple[dict | None, str | None]:
    """(verdict, None) when the verdict may be counted: its bundle verifies, the grader signed
    the verdict with an accepted key, and the verdict graded this very manifest, verified.
    Else (None, why)."""
    try:
        manifest = read_manifest(bundle)
    except BundleError as exc:
        return None, str(exc)
    problems = verify_manifest(bundle, manifest) + check_manifest(manifest, bundle, keyring).problems
    if problems:
        return None, "the bundle fails verification: " + "; ".join(problems[:3])
    name, side = verdict_path.name, sidecar_of(verdict_path)
    if not side.is_file():
        return None, f"{name} is not signed (no {side.name}): re-grade it with `ibench rescore`"
    try:
        data = verdict_path.read_bytes()
        doc = json.loads(side.read_text(encoding="utf-8"))
        pub, value, key_id = _parse_block(doc.get("signature") if isinstance(doc, dict) else None)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError) as exc:
        return None, f"{side.name} is unreadable ({exc})"
    if not pub.verify(value, VERDICT_CONTEXT + canonical(doc)):
        return None, f"{side.name} does not verify (it was edited)"
    if doc.get("verdict_sha256") != hashlib.sha256(data).hexdigest():
        return None, f"{name} was changed after the grader signed it"
    if keyring.trust_of(pub, bundle) is None:
        return None, f"{name} was signed by an untrusted key {key_id}"
    try:
        verdict = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, f"{name} is not valid JSON ({exc})"
    integrity = verdict.get("integrity") if isinstance(verdict, dict) else None
    if not isinstance(integrity, dict) or integrity.get("manifest_sha256") != manifest_digest(manifest):
        return None, f"{name} was not graded from this bundle's manifest (re-grade it)"
    if integrity.get("verified") is not True:
        return None, f"{name} was graded from a bundle that failed verification (--allow-tampered)"
    return verdict, None


# --- signing an existing bundle -------------------------------------------------------------

def sign_bundle(bundle: str | os.PathLike, key: Ed25519PrivateKey | None = None,
                replace: bool = False) -> str:
    """Sign an intact bundle's manifest with the operator's key (a bundle sealed before
    signing, or samples re-signed by their maintainer). Never signs a bundle whose files differ
    from its digests or whose manifest no longer matches its signature: that would vouch for
    an edit. Returns what was done, for the CLI."""
    path = Path(bundle)
    manifest = read_manifest(path)
    problems = verify_manifest(path, manifest)
    if problems:
        raise TamperedBundleError(str(path), problems)
    key = key or load_private_key()
    me = public_of(key)
    if "signature" in manifest:
        check = check_manifest(manifest, path, Keyring(own=me))
        if check.status != "valid":
            raise SigningError(f"{path}: its signature is {check.status} ({check.problems[0]}); "
                               f"refusing to sign over it")
        if check.trust == "own":
            return f"{path}: already signed by your key {me.key_id}"
        if not replace:
            raise SigningError(f"{path}: already signed by key {check.key_id}; pass --replace to "
                               f"sign it with yours ({me.key_id}) instead")
    signed = sign_manifest(manifest, key)
    # keep the manifest's own key order: the change reads as one added `signature` member
    _write_atomic(path / MANIFEST,
                  (json.dumps(signed, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
    return f"{path}: signed with key {me.key_id}"


def seal_bundle(bundle_dir: str | os.PathLike, manifest: dict[str, Any], key=None) -> dict[str, Any]:
    """Write manifest.json with the sha256 of every file of the bundle (all files except
    manifest.json, verdict*.json and verdict*.sig), signed with `key` (default: the operator's,
    created on first use; bundle/keys.py). The harness seals every bundle with it; the grader
    verifies with `verify_manifest`, so one module decides which files a manifest covers."""
    bundle = Path(bundle_dir)
    files = {rel: sha256_file(bundle / rel) for rel in bundle_files(bundle)}
    out = sign_manifest({**manifest, "files": files}, key)
    (bundle / MANIFEST).write_text(json.dumps(out, indent=2, sort_keys=True) + "\n",
                                          encoding="utf-8")
    return out
