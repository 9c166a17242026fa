# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`backfill`: replace the board with Scoutly's HIRED applications (read with status=HIRED)."""
import sys

from conn import board
from conn.api import ScoutlyApi, ScoutlyError


def backfill():
    api = ScoutlyApi()
    try:
        jobs = {j["id"]: j for j in api.every("/v1/jobs")}
        people = {p["id"]: p for p in api.every("/v1/candidates")}
        hired = api.every("/v1/applications", status="HIRED")
    except ScoutlyError as exc:
        print(f"backfill: {exc}; the board is left as it was", file=sys.stderr)
        return 1
    con = board.open_board()
    con.execute("BEGIN IMMEDIATE")
    con.execute("DELETE FROM accredited")
    for app in hired:
        person = people.get(app["candidateId"]) or api.one(f"/v1/candidates/{app['candidateId']}")
        job = jobs.get(app["jobId"]) or api.one(f"/v1/jobs/{app['jobId']}")
        if person and job and app.get("status") == "HIRED":
            board.upsert(con, app, person, job)
    con.execute("COMMIT")
    print(f"backfill: {len(hired)} accredited")
    return 0
