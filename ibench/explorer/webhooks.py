"""Test deliveries to the task's own receiver URL, as an agent checks its webhook handler: one
delivery signed the way the vendor signs (with the secret the vendor returned when the
explorer registered its endpoint, else the account's documented webhook secret from the
environment) and one with a bad signature. They go to the receiver URL the vendor has on
record (what the starter's own setup registered, listed again), else to the bare URL."""
from __future__ import annotations

import json
from typing import Callable

import httpx

from ibench.explorer.client import USER_AGENT, body_of
from ibench.explorer.records import items_of, walk_items
from ibench.explorer.walk import HOOKISH
from vendors.kit.webhook_schemes import scheme_for


def deliveries(walks: list, receiver_url: str | None, log: Callable[[str], None]) -> list[dict]:
    if not receiver_url:
        return []
    sent: list[dict] = []
    with httpx.Client(timeout=10.0, trust_env=False, headers={"User-Agent": USER_AGENT}) as http:
        for walk in walks:
            hooks = walk.traits.webhooks
            if hooks is None:
                continue
            secret = (walk.webhook_secrets[-1] if walk.webhook_secrets
                      else walk.client.creds.get(hooks.secret.lower()))
            try:
                scheme = scheme_for(hooks)
            except ValueError as exc:
                log(f"{walk.name} deliveries: {exc}")
                continue
            target = registered_url(walk, receiver_url) or receiver_url
            event_type = hooks.event_types[0] if hooks.event_types else "explorer.test"
            record = next((r for records in walk.lists.values() for r in records), {})
            for n, (kind, key) in enumerate((("signed", secret), ("bad signature", wrong_secret(secret)))):
                if key is None:
                    log(f"{walk.name} delivery ({kind}) not sent: no webhook secret obtained")
                    continue
                ts = walk.client.vendor_now()
                event_id = f"evt_explorer_{walk.name}_{n}"
                body = json.dumps({"id": event_id, "type": event_type, "created": ts,
                                   "data": {"object": {"id": record.get("id"), "object": event_type.split(".")[0]}}},
                                  separators=(",", ":")).encode()
                try:
                    signed = scheme.sign(body, [key], ts, event_id)
                except Exception as exc:  # noqa: BLE001 - a scheme needing more than we have
                    log(f"{walk.name} delivery ({kind}) not signed: {type(exc).__name__}: {exc}")
                    continue
                headers = {"Content-Type": "application/json", **signed.headers}
                if hooks.id_header:
                    headers.setdefault(hooks.id_header, event_id)
                if hooks.event_header:
                    headers.setdefault(hooks.event_header, event_type)
                try:
                    status: int | str = http.post(target, content=signed.body, headers=headers).status_code
                except httpx.HTTPError as exc:
                    status = type(exc).__name__
                log(f"{walk.name} POST {target} delivery ({kind}, {event_type}) -> {status}")
                sent.append({"vendor": walk.name, "kind": kind, "status": status})
    return sent


def wrong_secret(secret: str | None) -> str:
    """Another secret of the same shape (a base64 key stays decodable), so the delivery is
    well-formed and only its signature is wrong."""
    if not secret:
        return "explorer-wrong-secret"
    i = len(secret) // 2
    while i < len(secret) and not secret[i].isalnum():
        i += 1
    if i >= len(secret):
        return secret + "x"
    c = secret[i]
    swap = {"9": "0", "z": "a", "Z": "A"}.get(c, chr(ord(c) + 1))
    return secret[:i] + swap + secret[i + 1:]


def registered_url(walk, receiver_url: str) -> str | None:
    """The latest receiver URL registered at the vendor (its webhook or subscription lists
    read again), so a test delivery reaches the path the receiver serves."""
    found = None
    for op, path in walk.read_calls:
        if op.method != "GET" or not any(h in path.lower() for h in HOOKISH):
            continue
        for record in items_of(body_of(walk.client.send("GET", path, label="(registered endpoints) "))):
            for _, value in walk_items(record):
                if isinstance(value, str) and value.startswith(receiver_url):
                    found = value
    return found
