# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import datetime as dt

from conn.funnel import board_day, build_rows


def ms(y, mo, d, h, mi):
    return int(dt.datetime(y, mo, d, h, mi, tzinfo=dt.timezone.utc).timestamp() * 1000)


def test_summer_midnight_is_the_next_london_day():
    assert board_day(ms(2026, 6, 14, 23, 30)) == dt.date(2026, 6, 15)
    assert board_day(ms(2026, 1, 14, 23, 30)) == dt.date(2026, 1, 14)


def test_archived_only_when_all_are():
    contacts = [{"id": "a", "emails": ["a@x"]}, {"id": "b", "emails": ["b@x"]}, {"id": "c", "emails": []}]
    open_ = [{"id": "o1", "contactId": "a", "stage": "interview", "lastAdvancedAt": ms(2026, 6, 1, 9, 0), "createdAt": 1}]
    arch = [{"id": "o2", "contactId": "a", "stage": "offer", "lastAdvancedAt": ms(2026, 6, 9, 9, 0), "createdAt": 2,
             "archived": {"archivedAt": ms(2026, 6, 10, 9, 0)}},
            {"id": "o3", "contactId": "b", "stage": "offer", "lastAdvancedAt": ms(2026, 6, 9, 9, 0), "createdAt": 2,
             "archived": {"archivedAt": ms(2026, 6, 10, 9, 0)}}]
    rows = {r["contact_id"]: r for r in build_rows(contacts, open_, arch, dt.date(2026, 6, 15))}
    assert set(rows) == {"a", "b"}
    assert rows["a"]["opportunity_id"] == "o1" and rows["a"]["days_in_stage"] == 14
    assert rows["b"]["stage"] == "archived" and rows["b"]["entered_stage_on"] == "2026-06-10"
