"""Datasets: deterministic per (dataset, seed), with the planted records seed.py documents."""
from __future__ import annotations

import hashlib
import json

from .helpers import Api, make_app


def _digest(api: Api) -> str:
    return hashlib.sha256(json.dumps(api.control("dump", method="GET")["tables"], sort_keys=True).encode()).hexdigest()


def test_same_dataset_and_seed_give_identical_dumps():
    api = Api(make_app("small", 3))
    first = _digest(api)
    api.mutate({"op": "update", "table": "candidates", "where": {"account_id": "acct_lever"}, "limit": 1,
                "values": {"title": "noise"}})
    api.control("reset", {"dataset": "small", "seed": 99})
    api.control("reset", {"dataset": "small", "seed": 3})
    assert _digest(api) == first
    assert _digest(Api(make_app("small", 3))) == first
    api.control("reset", {"dataset": "small", "seed": 4})
    assert _digest(api) != first


def test_small_has_two_accounts_and_the_planted_records():
    api = Api(make_app())
    cands = api.rows("candidates")
    assert len(cands) == 50
    by_acct = {a: [c for c in cands if c["account_id"] == a] for a in ("acct_greenhouse", "acct_lever")}
    assert len(by_acct["acct_greenhouse"]) == 36 and len(by_acct["acct_lever"]) == 14
    assert sum(c["remote_was_deleted"] for c in cands) == 3  # serials 5 and 22 (Greenhouse), 5 (Lever)
    assert all(c["id"] != c["remote_id"] for c in cands)
    assert all(c["remote_id"].isdigit() for c in by_acct["acct_greenhouse"])
    assert all(len(c["remote_id"]) == 36 for c in by_acct["acct_lever"])


def test_large_seeds_to_size():
    api = Api(make_app())
    r = api.control("reset", {"dataset": "large", "seed": 1})
    assert r["tables"]["candidates"] == 5000 and r["tables"]["jobs"] == 160


def test_task_datasets_are_deterministic():
    for dataset, seed in (("rpo-3x400", 6), ("quillon", 43), ("greyhollow", 79), ("helix", 167)):
        a, b = Api(make_app(dataset, seed)), Api(make_app(dataset, seed))
        assert _digest(a) == _digest(b), dataset


def test_rpo_three_accounts_each_see_their_own_400():
    from .helpers import CREDS
    app = make_app("rpo-3x400", 6)
    seen = {}
    for name in ("account_token", "account_token_b", "account_token_c"):
        api = Api(app, CREDS[name])
        items, _ = api.walk("/candidates")
        seen[api.get("/account-details").json["integration"]] = len(items)
    assert seen == {"Greenhouse": 400, "Lever": 400, "Workable": 400}


def test_greyhollow_audit_list_plantings():
    from vendors.conflux.seed import greyhollow_audit
    api = Api(make_app("greyhollow", 79))
    cands = api.rows("candidates")
    audit = greyhollow_audit(cands, 79)
    # the person of a remote_id: its live record when there is one (a leftover of the re-link
    # is remote-deleted next to it)
    remote = {c["remote_id"]: c for c in sorted(cands, key=lambda c: not c["remote_was_deleted"])}
    people = {c["id"] for c in remote.values()}
    assert len(audit) == 320 and len({a["remote_id"] for a in audit}) == 320
    stale = [a for a in audit if a["conflux_id"] not in people and a["remote_id"] in remote]
    assert len(stale) == 75
    assert sum(remote[a["remote_id"]]["remote_was_deleted"] for a in stale) == 15
    assert sum(a["remote_id"] not in remote for a in audit) == 20
    assert sum(a["remote_id"] in remote and remote[a["remote_id"]]["remote_was_deleted"] for a in audit) == 30
    assert sum(c["remote_was_deleted"] for c in cands) == 71  # 60 deleted people, 11 leftovers


def test_greyhollow_relink_leftovers():
    """harden-05 v2: for 11 people on the audit list, the pre-re-link id the list carries still
    answers 200, remote-deleted, while their live record (same remote_id, another id) is the one
    Greenhouse feeds; a remote_id lookup with deleted records shows both. Silent elsewhere: no
    other dataset holds two records of one remote_id."""
    from vendors.conflux.seed import greyhollow_audit
    api = Api(make_app("greyhollow", 79))
    cands = api.rows("candidates")
    audit = greyhollow_audit(cands, 79)
    by_id = {c["id"]: c for c in cands}
    live = {c["remote_id"]: c for c in cands if not c["remote_was_deleted"]}
    leftovers = [a for a in audit if a["conflux_id"] in by_id and by_id[a["conflux_id"]]["remote_was_deleted"]
                 and a["remote_id"] in live]
    assert len(leftovers) == 11
    a = leftovers[0]
    r = api.get(f"/candidates/{a['conflux_id']}")
    assert r.status_code == 200 and r.json["remote_was_deleted"] is True and r.json["applications"] == []
    both = api.get(f"/candidates?remote_id={a['remote_id']}&include_remote_deleted=true").json["results"]
    assert sorted(c["remote_was_deleted"] for c in both) == [False, True]
    assert {c["id"] for c in both} == {a["conflux_id"], live[a["remote_id"]]["id"]}
    assert [c["id"] for c in api.get(f"/candidates?remote_id={a['remote_id']}").json["results"]] == \
        [live[a["remote_id"]]["id"]]
    # the other stale ids still answer 404, as the docs say
    stale = [x for x in audit if x["conflux_id"] not in by_id and x["remote_id"] in live]
    assert stale and api.get(f"/candidates/{stale[0]['conflux_id']}").status_code == 404
    for dataset, seed in (("small", 1), ("quillon", 43), ("rpo-3x400", 6)):
        rows = Api(make_app(dataset, seed)).rows("candidates")
        keys = [(c["account_id"], c["remote_id"]) for c in rows]
        assert len(keys) == len(set(keys)), dataset


def test_helix_mirrors_hireharbor():
    from vendors.hireharbor.app import create_app as hireharbor_app
    from vendors.kit.app import context_of
    from vendors.conflux.seed import helix_zero_padded
    hh = context_of(hireharbor_app({"DATASET": "helix", "SEED": 167, "DELIVERIES": False}))
    with hh.db.session() as s:
        from sqlalchemy import select
        from vendors.hireharbor.models import Candidate
        want = {c.id: (c.first_name, c.last_name, list(c.emails)) for c in s.scalars(select(Candidate))}
    from vendors.hireharbor.seed_tasks import helix_merges
    for winner, loser in helix_merges(167):  # Conflux saw them before the merge
        want[winner] = (want[winner][0], want[winner][1], [e for e in want[winner][2] if e not in want[loser][2]])
    got = [c for c in Api(make_app("helix", 167)).rows("candidates") if c["account_id"] == "acct_helix"]
    live = {int(c["remote_id"]): (c["first_name"], c["last_name"], [e["value"] for e in c["email_addresses"]])
            for c in got if not c["remote_was_deleted"]}
    assert live == want
    padded = [c["remote_id"] for c in got if c["remote_id"].startswith("0")]
    assert "000417" in padded and all(helix_zero_padded(int(p)) for p in padded)
    assert sum(c["remote_was_deleted"] for c in got) == 5


def test_quillon_near_duplicates_are_separate_source_records():
    """fix-11: eight people were entered twice in Quillon's Greenhouse: same name and e-mail,
    two remote ids, both live; the other datasets have no such pairs planted."""
    from collections import defaultdict
    api = Api(make_app("quillon", 43))
    rows = api.rows("candidates")
    assert len(rows) == 308 and sum(r["remote_was_deleted"] for r in rows) == 18
    by_email = defaultdict(list)
    for r in rows:
        by_email[r["email_addresses"][0]["value"]].append(r)
    pairs = [v for v in by_email.values() if len(v) == 2]
    assert len(pairs) == 8 and all(len(v) <= 2 for v in by_email.values())
    for a, b in pairs:
        assert a["remote_id"] != b["remote_id"] and a["id"] != b["id"]
        assert (a["first_name"], a["last_name"]) == (b["first_name"], b["last_name"])
        assert not a["remote_was_deleted"] and not b["remote_was_deleted"]
    small = Api(make_app("small", 1)).rows("candidates")
    emails = [r["email_addresses"][0]["value"] for r in small]
    assert len(emails) == len(set(emails))


def test_quillon_relinked_adds_the_pre_relink_leftovers_only():
    """fix-11 v2: `quillon-relinked` is `quillon` record for record, plus, for 12 people, their
    record from before the March re-link (old Conflux id, remote-deleted, same details, no
    applications) beside the live one with the same remote_id. `quillon` itself has none
    (silent)."""
    from collections import defaultdict
    plain = Api(make_app("quillon", 43))
    relinked = Api(make_app("quillon-relinked", 43))
    before = {r["id"]: r for r in plain.rows("candidates")}
    after = relinked.rows("candidates")
    assert all(before[r["id"]] == r for r in after if r["id"] in before)
    extra = [r for r in after if r["id"] not in before]
    assert len(before) == 308 and len(after) == 320 and len(extra) == 12
    for table in ("jobs", "applications", "linked_accounts"):
        assert plain.rows(table) == relinked.rows(table), table
    by_rid = defaultdict(list)
    for r in after:
        by_rid[r["remote_id"]].append(r)
    for old in extra:
        assert old["remote_was_deleted"] is True
        (live,) = [r for r in by_rid[old["remote_id"]] if r is not old]
        assert not live["remote_was_deleted"] and live["id"] != old["id"]
        assert (live["first_name"], live["last_name"], live["email_addresses"]) == \
            (old["first_name"], old["last_name"], old["email_addresses"])
        assert old["modified_at"] < live["modified_at"]
    # the API lists both, and the old record answers by its id with no applications
    both = relinked.get(f"/candidates?remote_id={extra[0]['remote_id']}").json["results"]
    assert sorted(c["remote_was_deleted"] for c in both) == [False, True]
    got = relinked.get(f"/candidates/{extra[0]['id']}")
    assert got.status_code == 200 and got.json["applications"] == []
    # silent: plain quillon has one record per remote_id
    rids = [r["remote_id"] for r in plain.rows("candidates")]
    assert len(rids) == len(set(rids))


def test_relink_regenerates_the_leftovers_ids_too():
    """A re-link stamps every record of the account, the pre-re-link leftovers included (they keep
    remote_was_deleted): an incremental walk after it brings each such person twice."""
    api = Api(make_app("quillon-relinked", 43))
    olds = {r["id"] for r in api.rows("candidates") if r["remote_was_deleted"]}
    api.mutate({"op": "relink", "account_id": "acct_quillon"})
    rows = api.rows("candidates")
    assert not olds & {r["id"] for r in rows}
    assert len({r["modified_at"] for r in rows}) == 1 and sum(r["remote_was_deleted"] for r in rows) == 30


def test_greyhollow_generates_its_audit_list_as_a_material():
    """`GET /_control/materials/audit.csv` answers the audit list of the dataset just seeded:
    for seed 79 the rows of the task's materials/audit.csv, for another seed that seed's own
    list (naming its own candidates), so a variant's list keeps its plantings."""
    import csv
    from pathlib import Path

    from vendors.conflux.seed import greyhollow_audit
    api = Api(make_app("greyhollow", 79))
    answer = api.control("materials/audit.csv", method="GET")
    written = Path(__file__).parents[3] / "tasks" / "harden-05-conflux-audit-reverification" / "materials" / "audit.csv"
    with open(written, newline="") as fh:
        assert answer["rows"] == list(csv.DictReader(fh))
    assert (answer["dataset"], answer["seed"]) == ("greyhollow", 79)
    api.control("reset", {"dataset": "greyhollow", "seed": 80})
    other = api.control("materials/audit.csv", method="GET")["rows"]
    cands = api.rows("candidates")
    assert other != answer["rows"] and other == greyhollow_audit(cands, 80)
    # 320 lines, 225 under the person's current id (75 stale ids, 20 who never existed)
    live_ids = {c["id"] for c in cands if not c["remote_was_deleted"]} | \
        {c["id"] for c in cands if c["remote_was_deleted"] and c["remote_id"] not in
         {d["remote_id"] for d in cands if not d["remote_was_deleted"]}}
    assert len(other) == 320 and sum(a["conflux_id"] in live_ids for a in other) == 225


def test_a_material_the_dataset_does_not_generate_is_a_404():
    api = Api(make_app("greyhollow", 79))
    r = api.control("materials/people.csv", method="GET", expect=404)
    assert r["errors"][0]["code"] == "unknown_material"
    api.control("reset", {"dataset": "small", "seed": 1})
    r = api.control("materials/audit.csv", method="GET", expect=404)
    assert "'small'" in r["errors"][0]["detail"]
