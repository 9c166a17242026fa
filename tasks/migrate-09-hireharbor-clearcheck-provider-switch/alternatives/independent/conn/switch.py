# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""transition / cycle with a ledger: what we ordered lives in IB_STATE_DIR; ClearCheck is
polled incrementally (updated_since = the previous poll's Date minus an hour); before any
order we ask ClearCheck for a live check on that application (a lost answer is not re-bought)."""
from datetime import timedelta, timezone

from conn import config, ledger
from conn.rules import eligible, verdict
from conn.vendors import cc_pages, clearcheck, hh_pages, hireharbor

RANK = {"pending": 0, "in_progress": 1, "complete": 2, "cancelled": 2}


def remember(db, app_id, chk):
    row = db.execute("SELECT status FROM orders WHERE app_id = ?", (app_id,)).fetchone()
    if row and RANK.get(row[0], 0) > RANK.get(chk["status"], 0):
        return
    db.execute("INSERT INTO orders (app_id, check_id, status, result, completed_at) VALUES (?, ?, ?, ?, ?) "
               "ON CONFLICT(app_id) DO UPDATE SET check_id = excluded.check_id, status = excluded.status, "
               "result = excluded.result, completed_at = excluded.completed_at",
               (app_id, chk["id"], chk["status"], chk.get("result"), chk.get("completed_at")))


def poll(db, cc):
    mark = ledger.get(db, "cc_watermark")
    params = {}
    if mark:
        params["updated_since"] = mark
    cc.request("GET", "/v1/packages")
    started = cc.server_time
    for chk in cc_pages(cc, "/v1/checks", params):
        ext = (chk.get("external_id") or "").strip()
        if ext.isdigit() and chk["status"] != "cancelled":
            known = db.execute("SELECT check_id FROM orders WHERE app_id = ?", (int(ext),)).fetchone()
            if known is None or known[0] == chk["id"]:
                remember(db, int(ext), chk)
    ledger.put(db, "cc_watermark", (started - timedelta(hours=1)).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))


def write(hh, bot, app_id, fields):
    hh.request("PATCH", f"/v1/applications/{app_id}", json={"custom_fields": fields},
               headers={"On-Behalf-Of": str(bot)})


def run_once() -> int:
    db = ledger.open_ledger()
    hh, cc = hireharbor(), clearcheck()
    bot = None
    for u in hh_pages(hh, "/v1/users"):
        if u["email"].lower() == config.BOT_EMAIL:
            bot = u["id"]
    now = hh.server_time
    poll(db, cc)
    for app in hh_pages(hh, "/v1/applications"):
        if db.execute("SELECT 1 FROM orders WHERE app_id = ?", (app["id"],)).fetchone():
            continue
        if not eligible(app, now) or verdict(app.get("custom_fields") or {}, now) != "order":
            continue
        existing = [c for c in cc_pages(cc, "/v1/checks", {"external_id": str(app["id"])}) if c["status"] != "cancelled"]
        if existing:
            remember(db, app["id"], existing[0])
            continue
        person = hh.request("GET", f"/v1/candidates/{app['candidate_id']}").json()
        row = db.execute("SELECT cc_candidate_id FROM people WHERE hh_candidate_id = ?", (person["id"],)).fetchone()
        if row:
            cand_id = row[0]
        else:
            cand_id = cc.request("POST", "/v1/candidates", json={
                "first_name": person["first_name"], "last_name": person["last_name"],
                "email": person["emails"][0], "external_id": f"HH-C{person['id']}"}).json()["id"]
            db.execute("INSERT INTO people VALUES (?, ?)", (person["id"], cand_id))
        chk = cc.request("POST", "/v1/checks", json={"candidate_id": cand_id, "package": config.PACKAGE,
                                                     "external_id": str(app["id"])}).json()
        remember(db, app["id"], chk)
    for app_id, status, result, completed_at, written in db.execute(
            "SELECT app_id, status, result, completed_at, written FROM orders").fetchall():
        if status == "complete":
            mark = f"done:{result}:{completed_at}"
            if written != mark:
                write(hh, bot, app_id, {"bg_provider": "clearcheck", "bg_status": result,
                                        "bg_completed_on": completed_at[:10]})
                db.execute("UPDATE orders SET written = ? WHERE app_id = ?", (mark, app_id))
        elif written is None:
            write(hh, bot, app_id, {"bg_provider": "clearcheck", "bg_status": "ordered", "bg_completed_on": None})
            db.execute("UPDATE orders SET written = 'ordered' WHERE app_id = ?", (app_id,))
    return 0


def transition() -> int:
    return run_once()


def cycle() -> int:
    return run_once()
