# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`transition` and `cycle`: HireHarbor reconciled against our copy of ClearCheck's checks.

ClearCheck's plan counts every check record it hands out, so its checks are mirrored in
IB_STATE_DIR (clearcheck.json): switch-over night reads the account once and starts the
mirror afresh; every cycle asks only for the checks that moved since the previous poll
(`updated_since` on ClearCheck's clock, the `Date` of that poll's first answer, less ten
minutes), merges them and saves mirror and watermark together at the end. A run cut short
leaves the previous watermark, so the next poll sees what it ordered. HireHarbor is read in
full (nobody counts those reads): an application is matched to its check by external_id,
orders carry an Idempotency-Key derived from the application, results come from the check
(reports expire), and are written on behalf of the screening bot only when the fields differ."""
import datetime as dt
import json
import os
import sys

from conn import config
from conn.apis import ClearCheck, HireHarbor
from conn.policy import decide, in_scope

OVERLAP = dt.timedelta(minutes=10)


def wanted_fields(check: dict) -> dict:
    if check["status"] == "complete":
        day = dt.datetime.fromisoformat(check["completed_at"].replace("Z", "+00:00")).astimezone(dt.timezone.utc).date()
        return {"bg_provider": "clearcheck", "bg_status": check["result"], "bg_completed_on": day.isoformat()}
    return {"bg_provider": "clearcheck", "bg_status": "ordered", "bg_completed_on": None}


def differs(cf: dict, want: dict) -> bool:
    return any((cf.get(k) or None) != (v or None) for k, v in want.items())


class Mirror:
    """ClearCheck's checks and candidates as far as we know them, and the poll's watermark."""

    def __init__(self, fresh: bool):
        self.path = config.state_dir() / "clearcheck.json"
        doc = {}
        if not fresh and self.path.exists():
            doc = json.loads(self.path.read_text())
        self.watermark = doc.get("watermark")
        self.checks: dict[str, dict] = doc.get("checks", {})
        self.candidates: dict[str, str] = doc.get("candidates", {})
        self.next_mark = self.watermark
        self.all_candidates = False  # True once this run has read every ClearCheck candidate

    def poll(self, cc: ClearCheck) -> int:
        params = {"updated_since": self.watermark} if self.watermark else {}
        seen, began = 0, None
        for ch in cc.walk("/v1/checks", params):
            began = began or cc.date  # the first page's Date: ClearCheck's clock as the poll began
            self.checks[ch["id"]] = ch
            seen += 1
        began = began or cc.date
        if began is not None:
            self.next_mark = (began - OVERLAP).astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        if not self.watermark:  # switch-over night (or a mirror lost): the whole account once
            for c in cc.walk("/v1/candidates"):
                if c.get("external_id"):
                    self.candidates.setdefault(c["external_id"], c["id"])
            self.all_candidates = True
        return seen

    def live(self) -> dict[str, dict]:
        out: dict[str, dict] = {}
        for ch in sorted(self.checks.values(), key=lambda c: (c.get("created_at") or "", c["id"])):
            if ch["status"] != "cancelled" and ch.get("external_id"):
                out.setdefault(ch["external_id"].strip(), ch)
        return out

    def save(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"watermark": self.next_mark, "checks": self.checks,
                                   "candidates": self.candidates}))
        os.replace(tmp, self.path)


def reconcile(fresh: bool) -> int:
    hh, cc = HireHarbor(), ClearCheck()
    mirror = Mirror(fresh)
    polled = mirror.poll(cc)
    users = list(hh.walk("/v1/users"))
    bot = next(u["id"] for u in users if (u.get("email") or "").lower() == config.BOT_EMAIL)
    today = hh.date.astimezone(dt.timezone.utc).date()
    apps = list(hh.walk("/v1/applications"))
    live = mirror.live()
    orders = writes = 0
    for app in apps:
        key = str(app["id"])
        check = live.get(key)
        if check is None:
            if not in_scope(app, today) or decide(app, today) != "order":
                continue
            person = hh.get(f"/v1/candidates/{app['candidate_id']}").json()
            cref = f"hh-{person['id']}"
            if cref not in mirror.candidates:  # a person seen before keeps their ClearCheck candidate
                found = [] if mirror.all_candidates else cc.get("/v1/candidates", {"external_id": cref})["data"]
                if found:
                    mirror.candidates[cref] = found[0]["id"]
                else:
                    body = {"first_name": person["first_name"], "last_name": person["last_name"],
                            "email": (person.get("emails") or [""])[0], "external_id": cref}
                    mirror.candidates[cref] = cc.post("/v1/candidates", body, key=f"skyguard-cand-{person['id']}")["id"]
            check = cc.post("/v1/checks", {"candidate_id": mirror.candidates[cref], "package": config.PACKAGE,
                                           "external_id": key}, key=f"skyguard-app-{app['id']}")
            mirror.checks[check["id"]] = check
            live[key] = check
            orders += 1
        want = wanted_fields(check)
        if differs(app.get("custom_fields") or {}, want):
            hh.patch(f"/v1/applications/{app['id']}", {"custom_fields": want}, actor=bot)
            writes += 1
    mirror.save()
    print(f"{today}: {polled} checks read, {orders} ordered, {writes} applications written", file=sys.stderr)
    return 0


def transition() -> int:
    return reconcile(fresh=True)


def cycle() -> int:
    return reconcile(fresh=False)
