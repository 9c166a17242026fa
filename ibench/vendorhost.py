"""Vendors for one run: each served in this process by waitress on a free loopback port with a
fresh in-memory database, and a control client that speaks `/_control/*` directly (never
through the proxy). In-memory databases mean nothing on disk for a sandboxed agent to read."""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from ibench.errors import HarnessError, UserError
from vendors.kit.headers import CONTROL_HEADER


@dataclass
class VendorHandle:
    name: str
    served: Any  # vendors.kit.serve.ServedVendor
    control_token: str
    traits: Any
    credentials: dict[str, str]
    client: httpx.Client = field(repr=False, default=None)

    @property
    def upstream_url(self) -> str:
        return self.served.base_url

    def control(self, method: str, op: str, body: dict | None = None, timeout: float = 120) -> dict:
        try:
            r = self.client.request(method, f"{self.upstream_url}/_control/{op}", json=body,
                                    headers={CONTROL_HEADER: self.control_token}, timeout=timeout)
        except httpx.HTTPError as exc:
            raise HarnessError(f"{self.name}: control {op} failed: {exc}") from exc
        if r.status_code >= 400:
            raise HarnessError(f"{self.name}: control {op} answered {r.status_code}: {r.text[:300]}")
        return r.json()

    def stop(self) -> None:
        self.client.close()
        self.served.stop()


def start_vendors(uses, nonce: str | None, ports: dict[str, int] | None = None,
                  token: str | None = None, tokens: dict[str, str] | None = None) -> dict[str, VendorHandle]:
    """Start every vendor of `uses` (VendorUse list) with its dataset and seed, on the given
    ports (picked beforehand so the recorder can start meanwhile) or free ones, and wait until
    each answers. One start-up for runs and for `ibench vendors serve`: a run gives each vendor a
    control token of its own, `serve` one `token` for all; `nonce` None leaves the proxy guard
    off. A port in use raises vendors.kit.serve.PortInUse, an unknown dataset UserError."""
    from bundle.traits import load_traits
    from vendors import UnknownVendor, create_app
    from vendors.kit.serve import serve_in_thread

    handles: dict[str, VendorHandle] = {}
    try:
        for use in uses:
            vendor_token = (tokens or {}).get(use.name) or token or secrets.token_hex(16)
            try:
                traits = load_traits(use.name)
            except (UnknownVendor, ModuleNotFoundError):
                raise UserError(f"unknown vendor {use.name!r}") from None
            if use.dataset not in traits.datasets:
                raise UserError(f"vendor {use.name} has no dataset {use.dataset!r}; it has {traits.datasets}")
            app = create_app(use.name, {"CONTROL_TOKEN": vendor_token, "VIA_NONCE": nonce,
                                        "DATASET": use.dataset, "SEED": use.seed,
                                        "CREDENTIALS": dict(use.credentials)})
            served = serve_in_thread(use.name, app, port=(ports or {}).get(use.name, 0))
            creds = {**traits.credentials, **use.credentials}
            handles[use.name] = VendorHandle(use.name, served, vendor_token, traits, creds,
                                             httpx.Client(trust_env=False))
        for h in handles.values():
            _wait_healthy(h)
    except BaseException:
        for h in handles.values():
            h.stop()
        raise
    return handles


def _wait_healthy(h: VendorHandle, timeout_s: float = 10) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            h.control("GET", "health", timeout=2)
            return
        except HarnessError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
