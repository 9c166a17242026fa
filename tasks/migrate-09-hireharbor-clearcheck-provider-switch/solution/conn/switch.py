# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`transition` and `cycle`: one reconciliation of HireHarbor against ClearCheck.

Every run reads the applications and the account's checks afresh (both are small): an
application is matched to its checks by external_id, so a run cut short, or one whose answer
was lost, resumes from the vendors' state. Orders carry an Idempotency-Key derived from the
application. Results are read from the check (reports expire), and written back on behalf of
the screening bot only when the fields differ."""
import datetime as dt
import sys

from conn import config
from conn.apis import ClearCheck, HireHarbor
from conn.policy import decide, in_scope


def wanted_fields(check: dict) -> dict:
    if check["status"] == "complete":
        day = dt.datetime.fromisoformat(check["completed_at"].replace("Z", "+00:00")).astimezone(dt.timezone.utc).date()
        return {"bg_provider": "clearcheck", "bg_status": check["result"], "bg_completed_on": day.isoformat()}
    return {"bg_provider": "clearcheck", "bg_status": "ordered", "bg_completed_on": None}


def differs(cf: dict, want: dict) -> bool:
    return any((cf.get(k) or None) != (v or None) for k, v in want.items())


def reconcile() -> int:
    hh, cc = HireHarbor(), ClearCheck()
    users = list(hh.walk("/v1/users"))
    bot = next(u["id"] for u in users if (u.get("email") or "").lower() == config.BOT_EMAIL)
    today = hh.date.astimezone(dt.timezone.utc).date()
    apps = list(hh.walk("/v1/applications"))
    live: dict[str, dict] = {}
    for ch in cc.walk("/v1/checks"):
        if ch["status"] != "cancelled" and ch.get("external_id"):
            live.setdefault(ch["external_id"], ch)
    cands: dict[str, str] = {}
    for c in cc.walk("/v1/candidates"):
        if c.get("external_id"):
            cands.setdefault(c["external_id"], c["id"])
    orders = writes = 0
    for app in apps:
        key = str(app["id"])
        check = live.get(key)
        if check is None:
            if not in_scope(app, today) or decide(app, today) != "order":
                continue
            person = hh.get(f"/v1/candidates/{app['candidate_id']}").json()
            cref = f"hh-{person['id']}"
            if cref not in cands:
                body = {"first_name": person["first_name"], "last_name": person["last_name"],
                        "email": (person.get("emails") or [""])[0],
                        "external_id": cref}
                cands[cref] = cc.post("/v1/candidates", body, key=f"skyguard-cand-{person['id']}")["id"]
            check = cc.post("/v1/checks", {"candidate_id": cands[cref], "package": config.PACKAGE, "external_id": key},
                            key=f"skyguard-app-{app['id']}")
            live[key] = check
            orders += 1
        want = wanted_fields(check)
        if differs(app.get("custom_fields") or {}, want):
            hh.patch(f"/v1/applications/{app['id']}", {"custom_fields": want}, actor=bot)
            writes += 1
    print(f"{today}: {orders} ordered, {writes} applications written", file=sys.stderr)
    return 0


def transition() -> int:
    return reconcile()


def cycle() -> int:
    return reconcile()
