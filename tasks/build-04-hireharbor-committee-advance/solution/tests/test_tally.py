# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.sheets import Vote
from conn.tally import tally


def v(n, app, email, vote, at):
    return Vote(n, "CVU-F101", app, "X", email, vote, at)


def test_two_thirds_is_enough():
    t = tally([v(1, 1, "a@x", "yes", "1"), v(2, 1, "b@x", "Yes", "2"), v(3, 1, "c@x", "no", "3")])[1]
    assert (t.yes, t.votes, t.approved) == (2, 3, True)


def test_latest_vote_per_member_counts_case_insensitively():
    t = tally([v(1, 1, "a@x", "yes", "1"), v(2, 1, "b@x", "yes", "2"), v(3, 1, "A@X", "no", "3")])[1]
    assert (t.yes, t.votes, t.approved) == (1, 2, False)
