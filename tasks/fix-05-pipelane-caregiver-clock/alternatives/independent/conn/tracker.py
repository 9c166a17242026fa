# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Nightly compliance job (independent rewrite): tracker lines for every candidacy, and stale
candidacies archived as the Compliance Bot.

Staleness is judged on each open candidacy's activity log: candidacies whose lastInteractionAt
is older than 60 days are only candidates; their /activities decide (an interview booking, or
an interview moved to another time, is logged there even when lastInteractionAt did not move)."""
from __future__ import annotations

import csv
import os
import time
from pathlib import Path

from conn.pipelane_http import Client, HttpError

DAY_MS = 86_400_000
WINDOW_MS = 60 * DAY_MS
FIELDS = ("opportunity_id", "contact_id", "region", "interview_at_utc", "stage")


def iso_utc(ms: int) -> str:
    # gmtime never looks at the host's zone
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ms // 1000))


def bot_id(client: Client) -> str:
    configured = os.environ.get("PIPELANE_COMPLIANCE_USER", "").strip()
    if configured:
        return configured
    bots = [u for u in client.walk("/v1/users") if u.get("name") == "Compliance Bot" and not u.get("deactivatedAt")]
    if len(bots) != 1:
        raise SystemExit("sync: set PIPELANE_COMPLIANCE_USER (the Compliance Bot's user id)")
    return bots[0]["id"]


def last_activity(client: Client, opp: dict) -> int:
    acts = client.walk(f"/v1/opportunities/{opp['id']}/activities")
    stamps = [a["createdAt"] for a in acts if a.get("createdAt") is not None]
    return max(stamps + [opp["createdAt"]])


def main() -> int:
    out_dir = Path(os.environ.get("IB_OUTPUT_DIR", "output"))
    client = Client(os.environ["PIPELANE_BASE_URL"], os.environ["PIPELANE_API_KEY"])
    bot = bot_id(client)
    region_of = {p["id"]: (p.get("categories") or {}).get("location") or "" for p in client.walk("/v1/postings")}
    opps = client.walk("/v1/opportunities")
    latest: dict[str, int] = {}
    for iv in client.walk("/v1/interviews"):
        oid = iv["opportunityId"]
        if oid not in latest or iv["date"] > latest[oid]:
            latest[oid] = iv["date"]
    now_ms = client.server_now_ms()

    archived = 0
    for o in opps:
        if o.get("archived") is not None:
            continue
        hint = max(x for x in (o.get("lastInteractionAt"), o.get("lastAdvancedAt"), o["createdAt"]) if x is not None)
        if now_ms - hint <= WINDOW_MS:
            continue  # something happened recently: not stale whatever the log says
        if now_ms - last_activity(client, o) <= WINDOW_MS:
            continue
        try:
            client.post(f"/v1/opportunities/{o['id']}/archive", {"reason": "stale"}, {"perform_as": bot})
            archived += 1
        except HttpError as err:
            if err.code != "already_archived":
                print(f"sync: archive of {o['id']} failed: {err}")
                return 1

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "interviews.csv"
    part = out_dir / ".interviews.csv.part"
    with part.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(FIELDS)
        for o in opps:
            when = latest.get(o["id"])
            writer.writerow([o["id"], o["contactId"], region_of.get(o.get("postingId") or "", ""),
                             iso_utc(when) if when is not None else "", o["stage"]])
    part.replace(target)
    print(f"sync: {len(opps)} candidacies, {archived} archived as stale")
    return 0
