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
    from vendors import VENDORS, UnknownVendor, create_app
    from vendors.kit.serve import PortInUse, serve_in_thread
    from bundle.traits import load_traits

    names = names or VENDORS
    unknown = [n for n in names if n not in VENDORS]
    if unknown:
        raise UserError(f"unknown vendor {unknown[0]!r}; the vendors: {', '.join(VENDORS)}")
    token = secrets.token_hex(12)
    served = []
    try:
        for i, name in enumerate(names):
            if name in VENDORS and dataset not in load_traits(name).datasets:
                raise UserError(f"vendor {name} has no dataset {dataset!r}; it has {load_traits(name).datasets}")
            app = create_app(name, {"CONTROL_TOKEN": token, "VIA_NONCE": nonce, "DATASET": dataset, "SEED": seed})
            served.append(serve_in_thread(name, app, port=port + i if port else 0))
    except UnknownVendor as exc:
        raise UserError(str(exc)) from None
    except PortInUse as exc:
        for s in served:
            s.stop()
        raise UserError(f"{exc}; choose another --port or omit it") from None
    for s in served:
        t = load_traits(s.name)
        click.echo(f"{t.title:12} {s.base_url}{t.api_prefix}   docs: {s.base_url}/docs/")
        # the test credentials the vendor accepts (vendor.yaml), named as a run's .ibench/env names them
        for cred, value in sorted(t.credentials.items()):
            click.echo(f"{'':12} {t.env_prefix}_{cred.upper()}={value}")
    click.echo(f"control token: {token}   (header X-Control-Token on /_control/*)")
    click.echo("guard: " + (f"on, X-IB-Via: {nonce}" if nonce else "off (no proxy in front)"))
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    for s in served:
        s.stop()
    click.echo("stopped")


commands = [vendors_group]
