# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.votecount import approvals


def test_last_word_and_two_thirds(tmp_path):
    f = tmp_path / "v.csv"
    f.write_text("search,application_id,candidate,member_email,vote,submitted_at\n"
                 "S,1,X,a@x,yes,2026-01-01 10:00\nS,1,X,b@x,yes,2026-01-01 10:00\nS,1,X,c@x,no,2026-01-01 10:00\n"
                 "S,2,X,a@x,yes,2026-01-01 10:00\nS,2,X,A@X,no,2026-01-02 10:00\n")
    assert approvals(str(f)) == {1: True, 2: False}
