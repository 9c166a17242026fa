"""`ibench key`: the operator's signing key and the keys of other operators they accept
(bundle/keys.py has where they live, docs/security.md how to handle them)."""
from __future__ import annotations

import getpass
import os
import socket
import sys
from pathlib import Path

import click

from bundle.errors import BundleError, SigningError


@click.group("key")
def key() -> None:
    """The key that signs your bundles and verdicts, and the keys you trust.

    The key is created on first use under $XDG_CONFIG_HOME/ibench (~/.config/ibench), or where
    $IBENCH_SIGNING_KEY points; trusted keys are in the trusted_keys file beside it (or
    $IBENCH_TRUSTED_KEYS)."""


def _default_label() -> str:
    try:
        return f"{getpass.getuser()}@{socket.gethostname()}"
    except Exception:  # pragma: no cover - no user name (a bare container)
        return "ibench operator"


@key.command("show")
def show() -> None:
    """Print the key id and fingerprint of your key (creating the key on first use)."""
    from bundle.keys import key_path, load_private_key, public_of, read_key_file, trust_path

    pub = public_of(load_private_key())
    trusted = read_key_file(trust_path(), missing_ok=True)
    click.echo(f"key id        {pub.key_id}\n"
               f"fingerprint   {pub.fingerprint}\n"
               f"algorithm     ed25519\n"
               f"private key   {key_path()}\n"
               f"trusted keys  {trust_path()} ({len(trusted)} key(s))")


@key.command("export")
@click.option("--format", "fmt", type=click.Choice(["pem", "line", "raw"]), default="pem",
              show_default=True, help="pem: SubjectPublicKeyInfo; line: `ed25519 <base64> "
              "<label>` as in trusted_keys; raw: the 32 public bytes in base64.")
@click.option("--label", default=None, help="The label of the line format (default: user@host).")
def export(fmt: str, label: str | None) -> None:
    """Print your public key, for others to `ibench key trust` (never the private key)."""
    from bundle.keys import load_private_key, public_of

    pub = public_of(load_private_key())
    if fmt == "pem":
        click.echo(pub.pem(), nl=False)
    elif fmt == "line":
        click.echo(pub.line(label or _default_label()))
    else:
        click.echo(pub.b64)


@key.command("trust")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
@click.option("--label", default=None, help="A name for the key (default: the file's label or name).")
def trust(file: Path, label: str | None) -> None:
    """Accept bundles and verdicts signed by the key(s) in FILE ('-' = stdin): the output of
    `ibench key export` of their operator. Check the fingerprint with them first."""
    from bundle.keys import own_public_key, parse_public_keys, read_key_file, trust_path, write_trusted

    if str(file) == "-":
        found = parse_public_keys(sys.stdin.read(), "stdin")
    else:
        found = read_key_file(file)
    if not found:
        raise SigningError(f"{file}: no public key in it (expected `ibench key export` output)")
    entries = read_key_file(trust_path(), missing_ok=True)
    have = {pub.raw for pub, _ in entries}
    own = own_public_key()
    for pub, given in found:
        if own is not None and pub.raw == own.raw:
            click.echo(f"{pub.key_id}: your own key, always accepted")
            continue
        if pub.raw in have:
            click.echo(f"{pub.key_id}: already trusted")
            continue
        name = label or given or file.name
        entries.append((pub, name))
        have.add(pub.raw)
        click.echo(f"trusted {pub.key_id} '{name}' ({pub.fingerprint})")
    write_trusted(entries)


@key.command("untrust")
@click.argument("key_id")
def untrust(key_id: str) -> None:
    """Stop accepting the key KEY_ID (as `ibench key list` shows it)."""
    from bundle.keys import read_key_file, trust_path, write_trusted

    entries = read_key_file(trust_path(), missing_ok=True)
    kept = [(pub, name) for pub, name in entries if pub.key_id != key_id.lower()]
    if len(kept) == len(entries):
        raise SigningError(f"no trusted key with id {key_id} in {trust_path()}")
    write_trusted(kept)
    click.echo(f"{key_id}: no longer trusted")


@key.command("list")
def list_keys() -> None:
    """Every key the grader accepts: yours, the trusted ones, the project's (samples only)."""
    from bundle.keys import Keyring, PublicKey

    ring = Keyring.default()
    if ring.own is not None:
        click.echo(f"own      {ring.own.key_id}  {ring.own.fingerprint}")
    else:
        click.echo("own      (no key yet: `ibench key show` creates it)")
    for raw, name in ring.trusted.items():
        pub = PublicKey(raw)
        click.echo(f"trusted  {pub.key_id}  {pub.fingerprint}  {name}")
    for raw, name in ring.project.items():
        pub = PublicKey(raw)
        click.echo(f"project  {pub.key_id}  {pub.fingerprint}  {name} (bundles under "
                   f"traces/samples/ only)")


@key.command("rotate")
@click.option("--compromised", is_flag=True,
              help="The old key may be known to others: do not accept what it signed.")
def rotate(compromised: bool) -> None:
    """Replace your key with a new one. The old private key is kept aside as
    signing_key.retired-<id>; its public key stays trusted (bundles it sealed still verify)
    unless --compromised."""
    from bundle.keys import key_path, load_private_key, public_of, read_key_file, trust_path, write_trusted

    path = key_path()
    old = public_of(load_private_key(create=False))
    retired = path.with_name(f"{path.name}.retired-{old.key_id}")
    try:
        os.replace(path, retired)
    except OSError as exc:
        raise SigningError(f"{path}: cannot move the old key aside ({exc.strerror})") from None
    entries = [(p, n) for p, n in read_key_file(trust_path(), missing_ok=True) if p.raw != old.raw]
    if not compromised:
        entries.append((old, f"retired own key {old.key_id}"))
    write_trusted(entries)
    new = public_of(load_private_key())
    click.echo(f"new key {new.key_id} ({new.fingerprint}); old key {old.key_id} moved to {retired}")
    if compromised:
        click.echo(f"bundles and verdicts signed by {old.key_id} are refused from now on: re-sign "
                   f"the ones you can vouch for with `ibench key sign --replace`, then re-grade")
    else:
        click.echo(f"{old.key_id} stays trusted for what it signed; give others `ibench key export`")


@key.command("sign")
@click.argument("paths", nargs=-1, required=True, type=click.Path(file_okay=False, path_type=Path))
@click.option("--replace", is_flag=True, help="Sign bundles already signed by another key.")
def sign(paths: tuple[Path, ...], replace: bool) -> None:
    """Sign the manifests of intact bundles under PATHS with your key: bundles sealed before
    signing existed, or samples you maintain. Only sign bundles you produced: the signature
    says you vouch for them. Bundles whose files differ from their digests are refused."""
    from bundle.keys import load_private_key
    from bundle.signing import sign_bundle
    from grader.suite import find_bundles

    k = load_private_key()
    failed = 0
    bundles = [b for p in paths for b in find_bundles(p)]
    if not bundles:
        raise SigningError("no bundle (a directory with manifest.json) under " + ", ".join(map(str, paths)))
    for b in bundles:
        try:
            click.echo(sign_bundle(b, k, replace=replace))
        except (BundleError, SigningError) as exc:
            failed += 1
            click.echo(f"ERROR {exc}")
    click.echo(f"{len(bundles) - failed} bundle(s) signed; verdicts written before name the old "
               f"signer: re-grade with `ibench rescore <dir> --overwrite`")
    raise click.exceptions.Exit(2 if failed else 0)
