# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`cutover`: switch the sync from polling to Placemint webhooks, once, with no gap.

1. Make sure our webhook endpoint exists and its signing secret is in $IB_STATE_DIR
   (created once; if the secret was lost, rolled — never a second endpoint). From this moment
   every change reaches the running receiver.
2. One catch-up walk through `GET /v1/placements?modified_since=…`, from the poller's
   watermark (minus a small safety overlap), committed page by page. Changes made while we walk
   arrive as webhooks too; the store keeps the highest `version`, so overlaps are harmless.
3. Record the switch in $IB_STATE_DIR/cutover.json; `poll` refuses to run from then on.

Placemint's docs (Webhooks): "create the endpoint first, then catch up with modified_since from
your last poll, and de-duplicate what arrives twice by id and version"."""
import json
import os
import socket
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone

import requests

from conn import config, placemint, state, store
from conn.secrets import load_endpoint, save_endpoint

OVERLAP = timedelta(minutes=15)  # clock-skew safety margin before the watermark (ticket allows up to 1 h)
SETTLE_S = 2.0  # let deliveries already in flight land before declaring the switch done


def _load_record() -> dict:
    try:
        return json.loads(config.cutover_file().read_text())
    except (FileNotFoundError, ValueError):
        return {}


def _save_record(record: dict) -> None:
    path = config.cutover_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record, indent=2) + "\n")
    os.replace(tmp, path)


def _op_key(record: dict, name: str) -> str:
    """An Idempotency-Key for one operation, saved before the first attempt so that a retry —
    even by a re-run of cutover after a crash — replays it instead of doing it twice."""
    keys = record.setdefault("idempotency_keys", {})
    if name not in keys:
        keys[name] = f"kcc-tsync-{name}-{uuid.uuid4()}"
        _save_record(record)
    return keys[name]


def _get_endpoint(endpoint_id: str) -> dict | None:
    try:
        return placemint.request("GET", f"/v1/webhook_endpoints/{endpoint_id}")
    except requests.HTTPError as exc:
        if exc.response is not None and exc.response.status_code == 404:
            return None
        raise


def ensure_endpoint(record: dict) -> dict:
    url = config.hook_url()
    known = load_endpoint()
    if known and known.get("id") and known.get("secret"):
        remote = _get_endpoint(known["id"])
        if remote and remote.get("status") == "enabled" and remote.get("url") == url:
            print(f"cutover: webhook endpoint {known['id']} already set up")
            return known
        print(f"cutover: stored endpoint {known['id']} is no longer usable "
              f"({(remote or {}).get('status', 'missing')}); setting up another", file=sys.stderr)
        known = None

    # An enabled endpoint for our URL whose secret we no longer have: roll its secret.
    ours = [e for page in placemint.pages("/v1/webhook_endpoints", {}) for e in page
            if e.get("url") == url and e.get("status") == "enabled"]
    if ours:
        remembered = record.get("endpoint_id")
        ours.sort(key=lambda e: (e.get("id") != remembered, e.get("created_at") or ""))
        target = ours[0]
        key = _op_key(record, f"roll-{target['id']}")
        endpoint = placemint.request("POST", f"/v1/webhook_endpoints/{target['id']}/roll_secret", json={},
                                     headers={"Idempotency-Key": key})
        save_endpoint(endpoint)
        print(f"cutover: signing secret of existing endpoint {endpoint['id']} was missing; rolled it")
        if len(ours) > 1:
            print(f"cutover: note: {len(ours) - 1} other enabled endpoint(s) also deliver to {url}: "
                  + ", ".join(e["id"] for e in ours[1:]), file=sys.stderr)
    else:
        key = _op_key(record, "create-endpoint")
        endpoint = placemint.request("POST", "/v1/webhook_endpoints",
                                     json={"url": url, "events": config.EVENTS},
                                     headers={"Idempotency-Key": key})
        save_endpoint(endpoint)  # first thing: the secret is shown only in this response
        print(f"cutover: created webhook endpoint {endpoint['id']} -> {url}")
    # the operation is done: its key must not replay this response for a later, new operation
    record.get("idempotency_keys", {}).pop(f"roll-{endpoint['id']}", None)
    record.get("idempotency_keys", {}).pop("create-endpoint", None)
    record["endpoint_id"] = endpoint["id"]
    _save_record(record)
    return {"id": endpoint["id"], "url": endpoint["url"], "secret": endpoint["secret"]}


def recover_secret() -> None:
    """After the switch: if the endpoint's signing secret has been lost, roll it (never create a
    second endpoint, never list placements). Used by a re-run of `cutover` and by `serve`."""
    known = load_endpoint()
    if known and known.get("secret"):
        return
    record = _load_record()
    print("cutover: the endpoint's signing secret is missing from the state directory; rolling it",
          file=sys.stderr)
    ensure_endpoint(record)


def _receiver_listening() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", config.receiver_port()), timeout=2):
            return True
    except OSError:
        return False


def cutover() -> int:
    record = _load_record()
    if record.get("status") == "completed":
        print(f"cutover: already done at {record.get('finished_at')} (endpoint {record.get('endpoint_id')}); "
              "webhooks are the feed — no second catch-up")
        recover_secret()
        return 0

    watermark = state.load().get("watermark")
    if not watermark:
        print("cutover: no poller watermark in poller.json; refusing to guess where to catch up from",
              file=sys.stderr)
        return 1
    wm = datetime.fromisoformat(watermark.replace("Z", "+00:00"))
    if wm.tzinfo is None:
        print(f"cutover: watermark {watermark!r} has no UTC offset; cannot place it in time", file=sys.stderr)
        return 1
    since = (wm.astimezone(timezone.utc) - OVERLAP).strftime("%Y-%m-%dT%H:%M:%SZ")

    if not _receiver_listening():
        print("cutover: warning: the receiver (python -m conn serve) is not listening; Placemint will retry "
              "deliveries, but start it now", file=sys.stderr)

    if record.get("status") == "catching_up":
        print("cutover: a previous cutover stopped during its catch-up; catching up again", file=sys.stderr)
    record.update({"status": "setting_up", "started_at": state.local_now(), "watermark": watermark})
    _save_record(record)

    endpoint = ensure_endpoint(record)

    record.update({"status": "catching_up", "catch_up_from": since})
    _save_record(record)
    db = store.connect()
    seen = written = 0
    for page in placemint.pages("/v1/placements", {"modified_since": since}):
        seen += len(page)
        written += store.upsert_many(db, page)
    db.close()
    print(f"cutover: catch-up from {since} (watermark {watermark}): {seen} placement(s) listed, "
          f"{written} written")

    time.sleep(SETTLE_S)
    record.update({"status": "completed", "finished_at": state.local_now(), "endpoint_id": endpoint["id"],
                   "catch_up_listed": seen, "catch_up_written": written})
    record.pop("idempotency_keys", None)
    _save_record(record)
    print(f"cutover: done — Placemint webhooks ({endpoint['id']}) are the feed; polling is retired")
    return 0
