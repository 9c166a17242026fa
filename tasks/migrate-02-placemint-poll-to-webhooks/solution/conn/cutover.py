# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`cutover`: switch from polling to webhooks, once, without losing a change.

1. Create the webhook endpoint first: from that instant every change reaches the receiver.
2. Keep its signing secret (shown only in that response) for the receiver.
3. Catch up once, from the poller's last watermark (converted to UTC), with `modified_since`:
   this covers the changes made after the last poll and before the endpoint existed. Events and
   catch-up overlap; the store keeps the higher version.
4. Record the switch, so polling stays off and a second cutover does nothing."""
import json
import os

from conn import config, placemint, state, store


def save_webhook(endpoint: dict) -> None:
    path = config.webhook_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"id": endpoint["id"], "url": endpoint["url"], "secret": endpoint["secret"]}))
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def create_endpoint(watermark: str) -> dict:
    return placemint.request(
        "POST", "/v1/webhook_endpoints",
        json={"url": config.receiver_url() + config.HOOK_PATH, "events": config.EVENTS},
        headers={"Idempotency-Key": f"kcc-cutover-{watermark}"})


def catch_up(since: str) -> int:
    rows = placemint.list_all("/v1/placements", {"modified_since": since})
    db = store.connect()
    written = sum(store.upsert_if_newer(db, p) for p in rows)
    print(f"cutover: catch-up since {since}: {len(rows)} placement(s), {written} written")
    return len(rows)


def cutover() -> int:
    st = state.load()
    if st.get("mode") == "webhooks":
        print(f"cutover: already switched at {st.get('switched_at')}; nothing to do")
        return 0
    if not st.get("watermark"):
        print("cutover: no poller watermark in IB_STATE_DIR; cannot catch up safely")
        return 1
    since = state.to_utc_z(st["watermark"])
    endpoint = create_endpoint(st["watermark"])
    save_webhook(endpoint)
    print(f"cutover: endpoint {endpoint['id']} -> {endpoint['url']}")
    rows = catch_up(since)
    st.update({"mode": "webhooks", "switched_at": state.local_now(), "endpoint_id": endpoint["id"],
               "catch_up_since": since, "catch_up_rows": rows})
    state.save(st)
    return 0
