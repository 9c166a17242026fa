# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The cycle, polling only: every check we know that is not finished yet is re-read by id;
webhooks only tell the receiver to log. State: a JSON ledger in IB_STATE_DIR.

Head office ordered some checks by hand before this integration: they carry no applicant id
as external_id, and their candidates were typed by hand. Before ordering for an applicant
the cycle looks through every such check (the whole check list, read once per cycle, each
one's candidate read by id) for one whose candidate has the applicant's e-mail (ignoring case
and surrounding spaces); a live one is adopted as their check (filed like ours, not listed in
checks.db, which lists what we ordered)."""
import json
import sqlite3
import sys
import time

import requests

from conn import config

TERMINAL = {"complete", "cancelled"}


class Api:
    def __init__(self):
        self.js = requests.Session()
        self.cc = requests.Session()
        self.cc.headers["X-Api-Key"] = config.clearcheck_key()

    def _go(self, session, method, url, **kw):
        for attempt in range(6):
            try:
                r = session.request(method, url, timeout=30, **kw)
            except requests.ConnectionError:
                if method != "GET":
                    raise
                time.sleep(1 + attempt)
                continue
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After") or 5))
                continue
            if r.status_code >= 500 and method == "GET":
                time.sleep(1 + attempt)
                continue
            return r
        return r

    def jget(self, path, **params):
        r = self._go(self.js, "GET", config.jobsmith_url() + path, params={**params, "apikey": config.jobsmith_key()})
        r.raise_for_status()
        body = r.json()
        return [body] if isinstance(body, dict) else body

    def jpost(self, path, form):
        r = self._go(self.js, "POST", config.jobsmith_url() + path, params={"apikey": config.jobsmith_key()}, data=form)
        r.raise_for_status()

    def cget(self, path, **params):
        r = self._go(self.cc, "GET", config.clearcheck_url() + path, params=params)
        r.raise_for_status()
        return r.json()

    def cpost(self, path, body):
        r = self._go(self.cc, "POST", config.clearcheck_url() + path, json=body)
        r.raise_for_status()
        return r.json()

    def clist(self, path, **params):
        page = self.cget(path, **params, limit=100)
        out = list(page["data"])
        while page.get("next_cursor"):
            page = self.cget(path, cursor=page["next_cursor"], limit=100)
            out += page["data"]
        return out


def ledger_path():
    return config.state_dir() / "ledger.json"


def load():
    p = ledger_path()
    return json.loads(p.read_text()) if p.exists() else {"checks": {}, "hook_url": None}


def save(ledger):
    config.state_dir().mkdir(parents=True, exist_ok=True)
    tmp = ledger_path().with_suffix(".tmp")
    tmp.write_text(json.dumps(ledger, indent=1))
    tmp.replace(ledger_path())


def offers(api):
    rows, n = [], 1
    while True:
        page = api.jget("/v1/applicants" if n == 1 else f"/v1/applicants/page/{n}", status="Offer")
        if not page:
            return rows
        rows += page
        n += 1


def hand_ordered(api, cache):
    """{e-mail: [check]} of the checks without a numeric external_id (read once per cycle)."""
    if "by_mail" not in cache:
        cache["by_mail"] = {}
        cands = {}
        for k in api.clist("/v1/checks"):
            if str(k.get("external_id") or "").isdigit():
                continue
            if k["candidate_id"] not in cands:
                cands[k["candidate_id"]] = api.cget(f"/v1/candidates/{k['candidate_id']}")
            mail = (cands[k["candidate_id"]].get("email") or "").strip().casefold()
            cache["by_mail"].setdefault(mail, []).append(k)
    return cache["by_mail"]


def publish(ledger):
    config.output_dir().mkdir(parents=True, exist_ok=True)
    tmp = config.output_dir() / "checks.db.tmp"
    tmp.unlink(missing_ok=True)
    db = sqlite3.connect(tmp)
    db.execute("CREATE TABLE checks (applicant_id INTEGER, check_id TEXT PRIMARY KEY, status TEXT, result TEXT,"
               " completed_at TEXT)")
    db.executemany("INSERT INTO checks VALUES (?, ?, ?, ?, ?)",
                   [(c["applicant_id"], cid, c["status"], c.get("result"), c.get("completed_at"))
                    for cid, c in sorted(ledger["checks"].items()) if not c.get("by_hand")])
    db.commit()
    db.close()
    tmp.replace(config.checks_file())


def cycle() -> int:
    api, ledger = Api(), load()
    hook = config.receiver_url() + config.HOOK_PATH
    if ledger.get("hook_url") != hook:
        ep = api.cpost("/v1/webhooks", {"url": hook})
        ledger.update(hook_url=hook, hook_secret=ep["secret"])
        save(ledger)

    # 1. refresh every unfinished check, one by one
    for cid, c in ledger["checks"].items():
        if c["status"] not in TERMINAL:
            fresh = api.cget(f"/v1/checks/{cid}")
            c.update(status=fresh["status"], result=fresh.get("result"), completed_at=fresh.get("completed_at"))
    save(ledger)

    # 2. order for Offer applicants that have no live check
    cache = {}
    for a in offers(api):
        aid = int(a["id"])
        mine = [c for c in ledger["checks"].values() if c["applicant_id"] == aid]
        if any(c["status"] != "cancelled" for c in mine):
            continue
        known = api.clist("/v1/checks", external_id=str(aid))
        for k in known:
            ledger["checks"].setdefault(k["id"], {"applicant_id": aid, "job_id": int(a["job_id"]), "filed": False,
                                                  "status": k["status"], "result": k.get("result"),
                                                  "completed_at": k.get("completed_at")})
        if any(k["status"] != "cancelled" for k in known):
            save(ledger)
            continue
        theirs = [k for k in hand_ordered(api, cache).get((a.get("email") or "").strip().casefold(), [])
                  if k["status"] != "cancelled" and k["id"] not in ledger["checks"]]
        if theirs:
            for k in theirs:
                ledger["checks"][k["id"]] = {"applicant_id": aid, "job_id": int(a["job_id"]), "filed": False,
                                             "status": k["status"], "result": k.get("result"),
                                             "completed_at": k.get("completed_at"), "by_hand": True}
            save(ledger)
            continue
        cands = api.clist("/v1/candidates", external_id=str(aid))
        cand = cands[0] if cands else api.cpost("/v1/candidates", {
            "first_name": a["first_name"], "last_name": a["last_name"], "email": a["email"], "external_id": str(aid)})
        chk = api.cpost("/v1/checks", {"candidate_id": cand["id"], "package": config.PACKAGE, "external_id": str(aid)})
        ledger["checks"][chk["id"]] = {"applicant_id": aid, "job_id": int(a["job_id"]), "filed": False,
                                       "status": chk["status"], "result": None, "completed_at": None}
        save(ledger)

    # 3. file completed results once
    for cid, c in sorted(ledger["checks"].items()):
        if c["status"] != "complete" or c["filed"]:
            continue
        text = f"Background check: {c['result'].upper()} (ClearCheck {cid})"
        existing = [n.get("contents", "").strip() for n in api.jget(f"/v1/applicants/{c['applicant_id']}/notes")]
        if text not in existing:
            api.jpost("/v1/notes", {"applicant_id": c["applicant_id"], "contents": text})
        if c["result"] == "clear":
            api.jpost("/v1/applicants2jobs", {"applicant_id": c["applicant_id"], "job_id": c["job_id"],
                                              "workflow_status": "Cleared"})
        c["filed"] = True
        save(ledger)
    publish(ledger)
    print(f"cycle: {len(ledger['checks'])} checks known", file=sys.stderr)
    return 0
