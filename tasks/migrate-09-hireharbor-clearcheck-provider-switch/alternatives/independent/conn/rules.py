# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The vetting policy. Vantage dates come as 2025-06-28 or 06/04/2025; the slashed ones are
American (month first: the sandbox has 12/14/2025). Ages are measured as elapsed time from
the start of the day in question, on HireHarbor's clock."""
from datetime import datetime, timedelta, timezone

OK_WORDS = ("clear", "cleared", "clr")
OPEN_WORDS = ("in progress", "pending", "submitted")


def as_day(text):
    text = (text or "").strip()
    for fmt in ("%Y-%m-%d", "%m/%d/%Y"):
        try:
            return datetime.strptime(text, fmt).replace(tzinfo=timezone.utc)
        except ValueError:
            pass
    return None


def eligible(app, now):
    if app["status"] == "hired":
        hired = datetime.fromisoformat(app["hired_at"].replace("Z", "+00:00"))
        return now - hired <= timedelta(days=90)
    stage = app.get("current_stage") or {}
    return app["status"] == "active" and stage.get("name", "").lower() == "offer"


def verdict(fields, now):
    word = (fields.get("bg_status") or "").strip().lower()
    if word in OK_WORDS:
        done = as_day(fields.get("bg_completed_on"))
        if done is None:
            return "order"
        try:
            limit = now.replace(year=now.year - 1)
        except ValueError:
            limit = now.replace(year=now.year - 1, day=28)
        return "keep" if done >= limit.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1) else "order"
    if word in OPEN_WORDS:
        ordered = as_day(fields.get("bg_ordered_on"))
        if ordered is not None and now - ordered <= timedelta(days=14):
            return "wait"
    return "order"
