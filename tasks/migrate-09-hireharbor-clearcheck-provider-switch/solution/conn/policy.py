# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Skyguard's screening policy (TICKET.md "Our rules"), as a pure function of an application
and HireHarbor's date."""
import datetime as dt
import re

CLEAR = {"clear", "cleared", "clr"}          # Vantage wrote these (any case) for a clear check
IN_FLIGHT = {"in progress", "pending", "submitted"}


def parse_day(raw) -> dt.date | None:
    """Vantage's dates: ISO `YYYY-MM-DD` or US `MM/DD/YYYY` (some days > 12 prove the order)."""
    s = str(raw or "").strip()
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
            return dt.date.fromisoformat(s)
        m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", s)
        if m:
            return dt.date(int(m[3]), int(m[1]), int(m[2]))
    except ValueError:
        return None
    return None


def year_before(d: dt.date) -> dt.date:
    try:
        return d.replace(year=d.year - 1)
    except ValueError:  # 29 February
        return d.replace(year=d.year - 1, day=28)


def in_scope(app: dict, today: dt.date) -> bool:
    if app.get("status") == "active":
        return ((app.get("current_stage") or {}).get("name") or "").strip().lower() == "offer"
    if app.get("status") == "hired" and app.get("hired_at"):
        hired = dt.datetime.fromisoformat(app["hired_at"].replace("Z", "+00:00")).astimezone(dt.timezone.utc).date()
        return (today - hired).days <= 90
    return False


def decide(app: dict, today: dt.date) -> str:
    """keep | wait | order, for an in-scope application without a ClearCheck check."""
    cf = app.get("custom_fields") or {}
    status = str(cf.get("bg_status") or "").strip().lower()
    if status in CLEAR:
        done = parse_day(cf.get("bg_completed_on"))
        if done is not None and done > year_before(today):
            return "keep"
        return "order"
    if status in IN_FLIGHT:
        ordered = parse_day(cf.get("bg_ordered_on"))
        if ordered is not None and (today - ordered).days <= 14:
            return "wait"
        return "order"
    return "order"
