"""`ibench vendors …`: serve synthetic vendors on loopback for exploration and demos."""
from __future__ import annotations

import secrets
import signal
import threading

import click

from ibench.errors import UserError


@click.group("vendors")
def vendors_group() -> None:
    """Synthetic vendors: list and serve them."""


@vendors_group.command("list")
def list_vendors() -> None:
    """List the vendors and their traits in one line each."""
    from vendors import VENDORS
    from bundle.traits import load_traits

    for name in VENDORS:
        t = load_traits(name)
        click.echo(f"{name:12} {t.auth.scheme:28} {t.pagination.style:14} {t.summary}")


@vendors_group.command("serve")
@click.option("--vendor", "names", multiple=True, help="Vendor to serve (repeatable; default: all).")
@click.option("--port", type=int, default=0, help="Port of the first vendor (next ones count up; 0 = free ports).")
@click.option("--dataset", default="small", show_default=True, help="Seeded dataset (vendor.yaml `datasets`).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the dataset.")
@click.option("--nonce", default=None, help="Require this X-IB-Via nonce (proxy guard); off by default.")
def serve(names: tuple[str, ...], port: int, dataset: str, seed: int, nonce: str | None) -> None:
    """Serve vendors with waitress until Ctrl-C, printing base URLs and the control token."""
    from ibench.taskspec import VendorUse
    from ibench.vendorhost import start_vendors
    from vendors import VENDORS
    from vendors.kit.headers import CONTROL_HEADER, VIA_HEADER
    from vendors.kit.serve import PortInUse

    names = names or VENDORS
    unknown = [n for n in names if n not in VENDORS]
    if unknown:
        raise UserError(f"unknown vendor {unknown[0]!r}; the vendors: {', '.join(VENDORS)}")
    token = secrets.token_hex(12)
    uses = [VendorUse(name=n, dataset=dataset, seed=seed) for n in names]
    try:
        handles = start_vendors(uses, nonce, {n: port + i for i, n in enumerate(names)} if port else None,
                                token=token)
    except PortInUse as exc:
        raise UserError(f"{exc}; choose another --port or omit it") from None
    for h in handles.values():
        t = h.traits
        click.echo(f"{t.title:12} {h.upstream_url}{t.api_prefix}   docs: {h.upstream_url}/docs/")
        # the test credentials the vendor accepts (vendor.yaml), named as a run's .ibench/env names them
        for cred, value in sorted(t.credentials.items()):
            click.echo(f"{'':12} {t.env_prefix}_{cred.upper()}={value}")
    click.echo(f"control token: {token}   (header {CONTROL_HEADER} on /_control/*)")
    click.echo("guard: " + (f"on, {VIA_HEADER}: {nonce}" if nonce else "off (no proxy in front)"))
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    for h in handles.values():
        h.stop()
    click.echo("stopped")


commands = [vendors_group]
