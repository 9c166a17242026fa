"""The operator's Ed25519 signing key and the keys this operator trusts (docs/security.md).

Where keys live:
- the private key: `$IBENCH_SIGNING_KEY` if set (CI, tests), else
  `$XDG_CONFIG_HOME/ibench/signing_key` (`~/.config/ibench/signing_key`): PKCS#8 PEM, mode 0600,
  created on first use (the first bundle sealed or verdict signed);
- the trusted keys: `$IBENCH_TRUSTED_KEYS` if set, else `<config dir>/ibench/trusted_keys`, one
  key a line, `ed25519 <base64 raw public key> <label>` (the format `ibench key export --format
  line` prints), `#` comments;
- the project's keys: `traces/samples/signers.pub` in a checkout, trusted only for the bundles
  under `traces/samples/` (the committed samples), never for other bundles.

A key is identified by its 32 raw public bytes; the key id (16 hex digits of their sha256) is a
handle for people and verdicts. Trust is always decided on the full public key, never the id.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import os
import threading
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from bundle.errors import SigningError

ALGORITHM = "ed25519"
KEY_ENV = "IBENCH_SIGNING_KEY"
TRUST_ENV = "IBENCH_TRUSTED_KEYS"
SAMPLES_DIR = Path(__file__).resolve().parent.parent / "traces" / "samples"
PROJECT_KEYS = SAMPLES_DIR / "signers.pub"
_LINE = re.compile(r"^ed25519\s+([A-Za-z0-9+/=]+)(?:\s+(.*))?$")


@dataclass(frozen=True)
class PublicKey:
    raw: bytes

    @classmethod
    def from_b64(cls, text: str) -> "PublicKey":
        try:
            raw = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("not base64") from None
        if len(raw) != 32:
            raise ValueError(f"an Ed25519 public key is 32 bytes, not {len(raw)}")
        return cls(raw)

    @property
    def key_id(self) -> str:
        return hashlib.sha256(self.raw).hexdigest()[:16]

    @property
    def fingerprint(self) -> str:
        return "SHA256:" + hashlib.sha256(self.raw).hexdigest()

    @property
    def b64(self) -> str:
        return base64.b64encode(self.raw).decode("ascii")

    def line(self, label: str = "") -> str:
        return f"{ALGORITHM} {self.b64} {label}".rstrip()

    def pem(self) -> str:
        key = Ed25519PublicKey.from_public_bytes(self.raw)
        return key.public_bytes(serialization.Encoding.PEM,
                                serialization.PublicFormat.SubjectPublicKeyInfo).decode("ascii")

    def verify(self, signature: bytes, data: bytes) -> bool:
        try:
            Ed25519PublicKey.from_public_bytes(self.raw).verify(signature, data)
            return True
        except (InvalidSignature, ValueError):
            return False


def public_of(private: Ed25519PrivateKey) -> PublicKey:
    return PublicKey(private.public_key().public_bytes(serialization.Encoding.Raw,
                                                       serialization.PublicFormat.Raw))


# --- where things live --------------------------------------------------------------------

def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "ibench"


def key_path() -> Path:
    return Path(os.environ[KEY_ENV]) if os.environ.get(KEY_ENV) else config_dir() / "signing_key"


def trust_path() -> Path:
    return Path(os.environ[TRUST_ENV]) if os.environ.get(TRUST_ENV) else config_dir() / "trusted_keys"


# --- the operator's key ---------------------------------------------------------------------

def _read_private(path: Path) -> Ed25519PrivateKey:
    try:
        mode = path.stat().st_mode
        data = path.read_bytes()
    except OSError as exc:
        raise SigningError(f"{path}: cannot read the signing key ({exc.strerror})") from None
    if mode & 0o077:
        # Like ssh: a key others can read may already be theirs; refuse rather than sign with it.
        raise SigningError(f"{path}: the signing key is readable by other users (mode "
                           f"{mode & 0o777:04o}); run `chmod 600 {path}`")
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm) as exc:
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SigningError(f"{path}: not an unencrypted PEM private key ({why}); restore it from "
                           f"a backup, or move it aside to create a new key") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise SigningError(f"{path}: not an Ed25519 key ({type(key).__name__}); move it aside "
                           f"to create a new key")
    return key


def _create(path: Path) -> Ed25519PrivateKey:
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(pem)
        try:
            # link, not rename: two runs starting at once must end up with one key, not the
            # second overwriting the first after the first already signed a bundle with it
            os.link(tmp, path)
            created = True
        except FileExistsError:
            created = False
        finally:
            tmp.unlink(missing_ok=True)
    except OSError as exc:
        raise SigningError(f"{path}: cannot create the signing key ({exc.strerror})") from None
    if not created:
        return _read_private(path)
    sys.stderr.write(f"ibench: created a signing key {path} (key id {public_of(key).key_id}); "
                     f"back it up, and give others `ibench key export` to trust\n")
    return key


def load_private_key(create: bool = True) -> Ed25519PrivateKey:
    """The operator's key, created on first use unless `create` is false."""
    path = key_path()
    if not path.exists():
        if not create:
            raise SigningError(f"{path}: no signing key yet (`ibench key show` creates one)")
        return _create(path)
    return _read_private(path)


def own_public_key() -> PublicKey | None:
    """The operator's public key, or None when no key exists yet (never creates one)."""
    path = key_path()
    return public_of(_read_private(path)) if path.exists() else None


# --- public keys in files -------------------------------------------------------------------

def parse_public_keys(text: str, source: str) -> list[tuple[PublicKey, str]]:
    """Keys in `text`: PEM public key blocks and/or `ed25519 <base64> [label]` lines."""
    keys: list[tuple[PublicKey, str]] = []
    for block in re.findall(r"-----BEGIN PUBLIC KEY-----.*?-----END PUBLIC KEY-----", text, re.S):
        try:
            pub = serialization.load_pem_public_key(block.encode("ascii"))
        except (ValueError, UnsupportedAlgorithm) as exc:
            raise SigningError(f"{source}: unreadable PEM public key ({exc})") from None
        if not isinstance(pub, Ed25519PublicKey):
            raise SigningError(f"{source}: not an Ed25519 public key ({type(pub).__name__})")
        keys.append((PublicKey(pub.public_bytes(serialization.Encoding.Raw,
                                                serialization.PublicFormat.Raw)), ""))
    rest = re.sub(r"-----BEGIN PUBLIC KEY-----.*?-----END PUBLIC KEY-----", "", text, flags=re.S)
    for n, line in enumerate(rest.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = _LINE.match(line)
        if not m:
            raise SigningError(f"{source}: line {n}: expected `ed25519 <base64 public key> "
                               f"[label]` or a PEM public key")
        try:
            keys.append((PublicKey.from_b64(m.group(1)), (m.group(2) or "").strip()))
        except ValueError as exc:
            raise SigningError(f"{source}: line {n}: {exc}") from None
    return keys


def read_key_file(path: Path, missing_ok: bool = False) -> list[tuple[PublicKey, str]]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if missing_ok:
            return []
        raise SigningError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SigningError(f"{path}: cannot read the keys ({getattr(exc, 'strerror', None) or exc})") from None
    return parse_public_keys(text, str(path))


def write_trusted(entries: list[tuple[PublicKey, str]]) -> Path:
    path = trust_path()
    body = "# Integration Bench: keys whose bundles and verdicts this operator accepts\n" + \
        "".join(pub.line(label) + "\n" for pub, label in entries)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(body)
        os.replace(tmp, path)
    except OSError as exc:
        raise SigningError(f"{path}: cannot write the trusted keys ({exc.strerror})") from None
    return path


# --- the keyring: whom a grader accepts -----------------------------------------------------

@dataclass
class Keyring:
    """The keys a grader accepts: its own, the trusted ones (file and --trust), and the
    project's (for the committed samples only)."""
    own: PublicKey | None = None
    trusted: dict[bytes, str] = field(default_factory=dict)
    project: dict[bytes, str] = field(default_factory=dict)
    project_dir: Path | None = None

    @classmethod
    def default(cls, extra: tuple[str | os.PathLike, ...] | list = ()) -> "Keyring":
        ring = cls(own=own_public_key())
        for pub, label in read_key_file(trust_path(), missing_ok=True):
            ring.trusted.setdefault(pub.raw, label or "trusted")
        for f in extra:
            for pub, label in read_key_file(Path(f)):
                ring.trusted.setdefault(pub.raw, label or f"--trust {Path(f).name}")
        if PROJECT_KEYS.is_file():
            ring.project_dir = SAMPLES_DIR
            for pub, label in read_key_file(PROJECT_KEYS):
                ring.project[pub.raw] = label or "project samples key"
        return ring

    def trust_of(self, pub: PublicKey, bundle: str | os.PathLike | None) -> tuple[str, str] | None:
        """("own" | "trusted" | "project", label) when `pub` is accepted for `bundle`."""
        if self.own is not None and pub.raw == self.own.raw:
            return "own", "your own key"
        if pub.raw in self.trusted:
            return "trusted", self.trusted[pub.raw]
        if pub.raw in self.project and bundle is not None and self.project_dir is not None:
            here = Path(bundle).resolve()
            if here == self.project_dir or self.project_dir in here.parents:
                return "project", self.project[pub.raw]
        return None

    def describe(self, key_id: str | None, bundle: str | os.PathLike | None = None) -> str:
        """Who a key id is, for people (display only: trust is decided on the full key)."""
        for pub in ([self.own] if self.own else []) + [PublicKey(r) for r in self.trusted] + \
                [PublicKey(r) for r in self.project]:
            if pub.key_id == key_id:
                found = self.trust_of(pub, bundle)
                if found:
                    kind, label = found
                    return label if kind == "own" else f"{kind} key '{label}'"
        return "a key you do not trust"
