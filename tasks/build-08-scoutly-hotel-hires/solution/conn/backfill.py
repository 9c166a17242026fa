# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`backfill`: make the board hold exactly Scoutly's current hires."""
from conn import store
from conn.scoutly import Scoutly


def backfill() -> int:
    api = Scoutly()
    jobs = {j["id"]: j for j in api.walk("/v1/jobs")}
    hires = [a for a in api.walk("/v1/applications") if a.get("status") == "HIRED"]
    db = store.connect()
    db.execute("BEGIN IMMEDIATE")
    try:
        keep = set()
        for app in hires:
            job = jobs.get(app["jobId"]) or api.get(f"/v1/jobs/{app['jobId']}")
            if job is None:
                continue
            store.put_hire(db, app, job)
            keep.add(app["id"])
        for (app_id,) in db.execute("SELECT application_id FROM hires").fetchall():
            if app_id not in keep:
                store.drop_hire(db, app_id)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    print(f"backfill: {len(keep)} hires on the board")
    return 0
