# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn import api, board


def backfill() -> int:
    db = board.open_board()
    jobs = {}
    hired = list(api.pages("/v1/applications", {"status": "HIRED"}))
    for app in hired:
        if app["jobId"] not in jobs:
            jobs[app["jobId"]] = api.get(f"/v1/jobs/{app['jobId']}")
        board.sync_application(db, app, jobs[app["jobId"]])
    ids = {a["id"] for a in hired}
    for (aid,) in db.execute("SELECT application_id FROM hires").fetchall():
        if aid not in ids:
            db.execute("DELETE FROM hires WHERE application_id = ?", (aid,))
    db.commit()
    print(f"{len(ids)} hires")
    return 0
