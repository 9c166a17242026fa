# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`poll`: every 10 minutes (cron), copy the placements Placemint changed since the last poll.

Retired: once `cutover` has switched the sync to webhooks, polling must not run again."""
import json
import sys

from conn import config, placemint, state, store


def poll() -> int:
    if config.cutover_file().exists():
        try:
            switched = json.loads(config.cutover_file().read_text()).get("finished_at") or "?"
        except ValueError:
            switched = "?"
        print(f"poll: retired — the sync switched to Placemint webhooks ({switched}); nothing to do",
              file=sys.stderr)
        return 0
    st = state.load()
    started = state.local_now()
    params = {"modified_since": state.to_utc_z(st["watermark"])} if st.get("watermark") else {}
    rows = placemint.list_all("/v1/placements", params)
    db = store.connect()
    store.upsert_many(db, rows)
    st.update({"watermark": started, "last_poll_finished_at": state.local_now(), "last_poll_rows": len(rows)})
    state.save(st)
    print(f"poll: {len(rows)} placement(s) since {params.get('modified_since', 'the beginning')}")
    return 0
