# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from pathlib import Path

from conn.sheets import load_committees, load_votes

MATERIALS = Path(__file__).resolve().parent.parent / "materials"


def test_committees_load():
    committees = load_committees(MATERIALS / "committees.csv")
    assert len(committees) == 8 and all("@" in c.chair_email for c in committees)


def test_votes_load():
    votes = load_votes(MATERIALS / "votes-2026-03-02.csv")
    assert votes and votes[0].row_no == 1
