# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`backfill`: the morning run that makes the board hold exactly Scoutly's accredited stewards."""
from conn import store
from conn.scoutly import Scoutly


def backfill() -> int:
    api = Scoutly()
    jobs = {j["id"]: j for j in api.walk("/v1/jobs")}
    people = {c["id"]: c for c in api.walk("/v1/candidates")}
    hired = [a for a in api.walk("/v1/applications") if a.get("status") == "HIRED"]
    db = store.connect()
    db.execute("BEGIN IMMEDIATE")
    try:
        keep = set()
        for app in hired:
            cand, job = people.get(app["candidateId"]), jobs.get(app["jobId"])
            if cand is None or job is None:
                continue
            store.put(db, app, cand, job)
            keep.add(app["id"])
        for (app_id,) in db.execute("SELECT application_id FROM accredited").fetchall():
            if app_id not in keep:
                store.drop(db, app_id)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    print(f"backfill: {len(keep)} stewards accredited")
    return 0
