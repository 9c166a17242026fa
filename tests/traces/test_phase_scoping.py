"""Criteria judge the scenario, not the exploration (docs/task-authoring.md, "Phase scoping").

For every task, the committed oracle sample is copied and graded with the task's current
criteria; then traffic an exploring agent produces (tests/traces/planting.py) is planted in the
agent phase, the bundle re-sealed and re-graded: every criterion's result and the verdict must be
unchanged. The control plants the same traffic in scenario phases, where it must break every
criterion and conduct check listed in MUST_FAIL — so the first test can fail. Criteria that read
traffic but can only be loosened by extra rows are listed in LOOSEN_ONLY with the reason; a new
criterion reading exchanges or events must be classified here (test_every_traffic_criterion_is_classified).
"""
from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest
import yaml

import grader
from grader.bundle import load_bundle
from grader.criteria import load_criteria, run_shared_definitions
from tests.traces.planting import (Info, Item, _x, copy_bundle, iso, plant, process_exit, receiver_battery,
                                   step_event, vendor_battery)

ROOT = Path(__file__).parents[2]
SAMPLES, TASKS = ROOT / "traces" / "samples", ROOT / "tasks"
TASK_IDS = sorted(p.name for p in TASKS.iterdir() if (p / "task.yaml").is_file())
pytestmark = pytest.mark.slow  # ~60 s: each task's sample graded three times, once per module
GUARDS = {"lib:no_proxy_bypass", "lib:no_control_probe", "lib:secret_placement"}

MUST_FAIL = {
    "example-00-staffline-hello": {"lib:retry_after_honoured"},
    "build-01-staffline-contract-extensions": {"c4-rerun-writes-nothing", "c6-hand-extensions-kept",
                                               "c7-few-expired-signatures"},
    "build-02-talentforge-requisition-ties": {"c2-bulk-edit-ties", "c5-incremental-runs", "c6-token-reuse"},
    "build-03-placemint-fee-splits": {"c1-fees-reconciled", "c2-largest-remainder", "c5-house-account",
                                      "c6-idempotent-retry"},
    "build-04-hireharbor-committee-advance": {"c4-advance-log", "c5-no-move-for-arrived", "c6-no-hot-loop",
                                              "c7-retry-after"},
    "build-05-pipelane-tutor-funnel": {"c4-days-in-stage", "c6-no-offset-loop"},
    "build-06-workwell-store-openings": {"c2-nobody-extra", "c4-retry-after-honoured", "c5-no-throttle-storm"},
    "build-07-quarry-fellowship-sync": {"c4-incremental-run2"},
    "build-08-scoutly-hotel-hires": {"c3-forged-rejected", "c5-one-list-call-at-a-time", "c7-genuine-acknowledged"},
    "build-09-benchline-site-roster": {"c4-login-ceiling", "c5-incremental-runs", "c6-data-calls-on-rest-url"},
    "build-10-jobsmith-harvest-crews": {"c3-eligible"},
    "build-11-conflux-rpo-fanout": {"c4-never-blocked", "c5-incremental-run2"},
    "build-12-crewtide-lift-crew": {"c3-changes-picked-up", "c5-few-requests", "c6-pinned-version"},
    "build-13-jobsmith-clearcheck-offer-checks": {"c7-no-hot-loop"},
    "build-14-workwell-keystone-new-starters": {"c4-hr-phone-edits", "c5-active-untouched", "c6-quiet-rerun",
                                                "c7-retry-after-honoured"},
    "fix-01-staffline-ghost-candidates": {"c5-stays-incremental"},
    "fix-02-talentforge-short-reports": {"c3-walk-survives-expiry", "c4-updates-reflected",
                                         "c5-token-reuse", "c6-incremental-run2"},
    "fix-03-placemint-double-fees": {"c5-idempotent-retry"},
    "fix-05-pipelane-caregiver-clock": {"C3", "C5"},
    "fix-08-scoutly-moving-offsets": {"c2-one-list-call-at-a-time", "c3-no-hot-retry-after-429"},
    "fix-09-benchline-lost-event-batches": {"c3-rest-url-of-the-new-login", "c5-login-ceiling",
                                            "c8-incremental-runs"},
    "fix-06-workwell-courier-throttle": {"c2-no-throttle-storm", "c4-window-budget", "c6-stays-incremental",
                                         "c7-retry-after-honoured"},
    "fix-04-hireharbor-crew-webhooks": {"c1-forged-no-effect", "c2-crew-current", "c3-names-exact",
                                        "c4-genuine-acknowledged", "c5-latest-change-wins",
                                        "c6-wrong-key-refused", "c7-plain-names-current",
                                        "c8-leaves-the-allowance"},
    "fix-07-quarry-false-success": {"c5-internal-error-retried", "c6-exit-codes"},
    "fix-10-jobsmith-keystone-start-dates": {"c6-quiet-rerun", "c8-retry-after-honoured"},
    "fix-11-conflux-relink-duplicates": {"c3-never-blocked", "c5-stays-incremental"},
    "fix-12-crewtide-clearcheck-screening": {"c5-pinned-version"},
    "harden-01-staffline-drifting-census": {"c4-retry-after-honoured", "c5-resume-pagination",
                                            "c6-no-hot-loop", "c7-runs-finish"},
    "harden-06-clearcheck-clearance-gaps": {"c1-forged-rejected", "c6-genuine-acknowledged",
                                            "c8-retry-after-honoured", "c9-finished-checks-not-pulled-again"},
    "harden-02-placemint-webhook-gauntlet": {"c1-forged-rejected", "c3-placements-match",
                                             "c4-fee-events-once", "c5-rotation-event-booked",
                                             "c6-genuine-acknowledged"},
    "harden-07-benchline-dc-failover": {"c2-walk-finished-after-relogin", "c3-session-ceiling",
                                        "c4-retry-after-honoured", "c5-one-reload-after-expiry",
                                        "c6-calls-on-new-rest-url"},
    "harden-11-quarry-enveloped-throttle": {"c2-throttle-wait-honoured", "c3-few-throttled-calls",
                                            "c4-failed-calls-repeated", "c7-runs-exit-zero",
                                            "c8-hourly-run-stays-light"},
    "harden-05-conflux-audit-reverification": {"c2-never-blocked", "c4-retry-after-honoured",
                                               "c5-failing-request-window", "c6-run-finishes"},
    "harden-03-workwell-hireharbor-harvest-intake": {"c4-retry-after-honoured", "c5-lookup-before-repost",
                                                     "c9-runs-finish", "c10-workwell-budget",
                                                     "c11-reads-only-its-people"},
    "harden-10-crewtide-festival-volunteers": {"c3-throttle-wait-honoured", "c4-request-budget",
                                               "c5-incremental-run2", "c8-runs-finish",
                                               "c9-volunteers-profiles-only"},
    "harden-04-scoutly-key-rotation": {"c2-forged-rejected", "c3-genuine-acknowledged", "c4-key-list-budget",
                                       "c5a-one-list-call-at-a-time", "c5b-retry-after-honoured"},
    "harden-09-pipelane-unsigned-payload": {"c4-forged-refused", "c5-retry-after-honoured",
                                            "c7-opens-only-reported-hires"},
    "harden-08-keystone-equipment-ledger": {"c5-if-match-reread", "c6-quiet-rerun", "c9-no-hot-loop",
                                            "c10-retry-after-honoured", "c11-lost-adds-settled-in-scope"},
    "harden-12-keystone-talentforge-internal-mobility": {"c5a-token-reuse", "c5b-no-hot-loop"},
    "migrate-01-staffline-placemint-placements": {"c5-staffline-read-only", "c7-idempotent-create-retry"},
    "migrate-02-placemint-poll-to-webhooks": {"c4-no-polling-after-switch", "c5-forged-no-effect",
                                              "c6-catch-up-from-watermark"},
    "migrate-03-jobsmith-hireharbor-applicants": {"c7-check-run-changes-nothing", "c9-jobsmith-read-only"},
    "migrate-06-benchline-placemint-quarter-end": {"c5-benchline-read-only", "c6-idempotent-create-retry",
                                                   "c7-login-ceiling", "c10-catchup-reads-what-changed"},
    "migrate-04-pipelane-crewtide-pipeline": {"c6-rerun-creates-nothing", "c7-pinned-version",
                                              "c10-later-nights-read-little"},
    "migrate-07-quarry-talentforge-twins": {"c7-check-run-writes-nothing", "c10-catchup-reads-what-changed"},
    "migrate-05-workwell-scoutly-campaign": {"c4-no-throttle-storm", "c5-retry-after-honoured",
                                             "c8-last-night-reads-changes"},
    "migrate-08-crewtide-keystone-onboarding": {"c7-quiet-sync-writes-nothing", "c8-syncs-read-what-changed"},
    "migrate-09-hireharbor-clearcheck-provider-switch": {"c6-forged-rejected", "c7-cycles-read-what-moved"},
    "migrate-10-conflux-hireharbor-direct": {"c4-no-conflux-after-rekey", "c6-incremental-sync",
                                             "c7-retry-after-honoured", "c8-nightly-reads-what-changed"},
    "migrate-11-scoutly-quarry-weekend-move": {"c6a-scoutly-lists-one-at-a-time", "c6b-quarry-throttle-wait-honoured",
                                               "c7-second-run-creates-only-the-new", "c8-sunday-reads-what-is-new"},
    "migrate-12-talentforge-pipelane-spinout": {"c6-forged-rejected", "c8-rerun-writes-nothing",
                                                "c10-token-reuse", "c11-later-runs-read-changes"},
}
LOOSEN_ONLY = {
    "migrate-05-workwell-scoutly-campaign": {
        "c4b-within-concurrency-caps": "counts requests in flight at once; the planted requests are sequential"},
    "migrate-04-pipelane-crewtide-pipeline": {
        **{c: "reads the reset step's clock only (k_clock, for the 180-day line), which planted traffic does not add"
           for c in ("c1-one-application-per-opportunity", "c2-stage-per-job", "c3-one-candidate-per-contact",
                     "c4-archive-window", "c5-history-note", "c8-people-carried-over", "c9-stage-report")}},
    "build-02-talentforge-requisition-ties": {
        "c1-requisitions-mirrored": "bulk-edit ids only exempt rows from the check",
        "c3-applications-mirrored": "bulk-edit ids only exempt rows from the check"},
    "build-03-placemint-fee-splits": {
        "c3-no-double-credit": "reads the answer key only for splits in the state",
        "c4-no-split-on-void": "reads the answer key only for splits in the state",
        "c7-second-night-new-fees-only": "more new fees only exempt more splits",
        "c8-splits-each-night": "more new fees only add key splits that no split is judged against"},
    "build-04-hireharbor-committee-advance": {
        "c1-approved-moved": "HR's scheduled moves only exempt applications from the check",
        "c2-nothing-else-changed": "HR's scheduled moves only exempt applications, or ask them to end "
                                   "where HR put them (the planted move's Campus Visit, where it is)",
        "c3-moved-by-the-chair": "other users' ops only exempt moves from the chair check"},
    "build-05-pipelane-tutor-funnel": {
        c: "reads the run steps only for each run's --as-of date, which it does not judge"
        for c in ("c1-one-row-per-tutor", "c2-current-opportunity", "c3-london-dates", "c5-archived-rule")},
    "build-06-workwell-store-openings": {
        "c1-applicants-listed": "a later reset clock (the latest counts) only drops closed jobs from the key",
        "c3-columns-match": "the reset clock only scopes which rows are compared",
        "c6-one-row-each": "reads the feed only (the shared clock view is unused)"},
    "build-07-quarry-fellowship-sync": {
        "c5-full-walk-after-pause": "more run3 pages only add walks; a complete one must exist"},
    "build-08-scoutly-hotel-hires": {"c6-no-duplicates": "traffic only meets its guard (a replay reached the receiver)"},
    "build-09-benchline-site-roster": {
        "c2-deleted-placements-gone": "changes1's deletions only label a problem and meet the guard"},
    "build-10-jobsmith-harvest-crews": {
        c: "reads the run steps only for each run's --cutoff, which decides eligibility (c3), not which "
           "rows, dates or lone objects are due"
        for c in ("c1-every-application", "c2-applied-on", "c4-lone-object-rows")},
    "build-11-conflux-rpo-fanout": {
        **{c: "reads the table and Conflux's state only (k_runs, the view reading events, is unused)"
           for c in ("c1-live-candidates-mirrored", "c2-failing-client-kept", "c3-deleted-flagged",
                     "c7-one-row-per-candidate", "c8-table-after-run1")},
        "c6-account-status": "more process events only widen a run's window (first start, last exit)"},
    "build-01-staffline-contract-extensions": {
        c: "reads the materials events only (the files as the run handed them out, docs/variants.md), "
           "which planted traffic does not add"
        for c in ("c1-extensions-applied", "c2-latest-approval-wins", "c3-nothing-else-touched",
                  "c5-run3-outcomes", "c8-run1-run2-outcomes")},
    "harden-05-conflux-audit-reverification": {
        c: "reads the materials event only (the audit list as the run handed it out, docs/variants.md), "
           "which planted traffic does not add"
        for c in ("c1-report-matches", "c3-existing-never-lost", "c7-live-never-deleted")},
    "migrate-08-crewtide-keystone-onboarding": {
        c: "reads the hr-edits step only (the ops as sent, docs/variants.md), which planted traffic does not add"
        for c in ("c1-one-employee-per-onboarding", "c2-start-dates", "c3-checklist-items",
                  "c4-new-york-done-dates", "c5-personal-fields", "c6-cancelled-withdrawn")},
    "build-14-workwell-keystone-new-starters": {
        **{c: "reads Workwell, Keystone and the log only (hr_ops, the view reading events, is unused)"
           for c in ("c1-one-employee-per-hire", "c2-start-dates", "c3-departments", "c9-provision-log",
                     "c10-clerks-records-kept")},
        "c8-employee-fields": "HR's edits only exempt phone and status from the check"},
    "fix-01-staffline-ghost-candidates": {"c2-candidates-current": "events only size the population"},
    "fix-03-placemint-double-fees": {
        "c2-fee-amounts": "a run week only prices fees that exist",
        "c4-every-billable-week": "every approved timesheet's week already has its fee in this bundle"},
    "fix-05-pipelane-caregiver-clock": {
        **{c: "reads Pipelane's state and the tracker only (k_run_clock, the view reading events, is unused)"
           for c in ("C1", "C2")},
        "C4": "a later run clock only adds stale candidacies, which only exempt archives from the check"},
    "fix-12-crewtide-clearcheck-screening": {
        "c2-one-check-per-nurse": "mutate steps only name the checks ClearCheck cancelled, each allowing one more order"},
    "fix-09-benchline-lost-event-batches": {
        **{c: "reads the pause step's clock only, for today (k_today); planted traffic adds no clock step"
           for c in ("c1-gate-list-after-every-run", "c4-no-ended-placements", "c9-old-list-repaired")},
        "c2-lost-batch-applied": "reads the placements_day1 step's ids only, which pick placements out for "
                                 "the check",
        "c6-one-row-per-placement": "reads the gate list only (k_today and k_lost_batch, the views reading "
                                    "events, are unused)"},
    "harden-06-clearcheck-clearance-gaps": {
        "c2-gate-matches": "reads the finished_before_sweep step's ids only, which exempt checks from the check",
        **{c: "reads the gate and ClearCheck's state only (h6_late, the view reading events, is unused)"
           for c in ("c3-never-backwards", "c4-expired-reports")},
        "c5-late-releases": "reads the finished_before_sweep step's ids only, which pick checks out for the check",
        "c7-no-one-by-one": "a handful of planted single-check reads stays below the 40 a sweep may make, and "
                            "more requests only meet its guard"},
    "harden-11-quarry-enveloped-throttle": {
        c: "reads Quarry's state and the mirror only (q_calls, the view reading exchanges, is unused)"
        for c in ("c1-mirror-matches-quarry", "c5-deleted-leave-the-mirror", "c6-one-row-per-id")},
    "harden-08-keystone-equipment-ledger": {
        "c4-garbled-list-employee": "more broken-list answers only add employees, whose issues c1 already "
                                    "requires once and issued",
        **{c: "reads the materials event only (the issues file as the run handed it out, docs/variants.md), "
              "which planted traffic does not add"
           for c in ("c1-each-issue-once", "c2-storeroom-edits-kept", "c3-no-duplicate-refs", "c7-item-values",
                     "c8-others-untouched")}},
    "harden-02-placemint-webhook-gauntlet": {"c2-no-forged-values": "genuine deliveries only widen what is genuine",
                                             "c7-ledger-values": "genuine deliveries only widen what a row may match"},
    "harden-12-keystone-talentforge-internal-mobility": {
        "c1-runs-end-on-their-own": "judges only runs stopped at the deadline or without an exit; a planted "
                                    "exit (code 3, not timed out) beside the real one adds no violation"},
    "harden-07-benchline-dc-failover": {
        "c1-roster-after-every-run": "reads the roster and Benchline's state only (bl_x, the view reading "
                                     "exchanges, is unused)"},
    "migrate-01-staffline-placemint-placements": {
        "c2-values-mapped": "cutover ids only exempt placements from the initial-value check",
        "c4-cutover-reflected": "compares touched placements with the final state, which matches"},
    "migrate-02-placemint-poll-to-webhooks": {
        "c2-gap-changes-at-switch": "the store holds every placement as Placemint had it at the switch",
        "c7-endpoint-active": "receiver URLs only widen the match"},
}
# criteria that read every phase on purpose (a reason comment in the file): the agent-phase plant
# must fail them too
ALL_PHASES = {"migrate-01-staffline-placemint-placements": {"c5-staffline-read-only"}}


def task_plants(info: Info, task_id: str, spec: dict) -> list[Item]:
    items: list[Item] = []
    vendors = [r[0] for r in info.q("SELECT DISTINCT vendor FROM exchanges WHERE direction = 'to_vendor' "
                                    "ORDER BY 1")]
    for v in vendors:
        items += vendor_battery(info, v)
    if spec.get("receiver"):
        for (v,) in info.q("SELECT DISTINCT vendor FROM exchanges WHERE direction = 'to_receiver'"):
            items += receiver_battery(info, v)
    items += process_exit(info)
    items += _task_steps(info, task_id, vendors)
    return items


def _task_steps(info: Info, task_id: str, vendors: list[str]) -> list[Item]:
    """Step events in the agent phase that would change a task's answer key, and requests that break a
    task's own traffic criteria the generic battery does not reach (a move, a 307, a 403 block)."""
    ph = info.control_phase(vendors[0])
    if task_id.startswith("build-01"):
        ref = info.one("SELECT external_ref FROM state.staffline_placements ORDER BY id LIMIT 1")
        op = {"op": "update", "table": "placements", "where": {"external_ref": ref},
              "values": {"end_date": "2099-12-31"}}
        return [step_event(info, ph, "mutate9", "mutate", "staffline", {"vendor": "staffline", "ops": [op]},
                           {"results": [{"ids": [1]}]})]
    if task_id.startswith("build-02"):
        rid = info.one("SELECT p.id FROM cp_cp1.talentforge_requisitions p JOIN state.talentforge_requisitions s "
                       "USING (id) WHERE lower(p.hm_email) = lower(s.hm_email) ORDER BY id LIMIT 1")
        return [step_event(info, ph, "bulk_edit", "mutate", "talentforge", {"ops": []},
                           {"results": [{"table": "requisitions", "ids": [rid]}]})]
    if task_id.startswith("build-03"):
        p1 = info.one("SELECT placement_id FROM ak_credit ORDER BY 1 LIMIT 1")
        p2 = info.one("SELECT id FROM state.placemint_placements WHERE id NOT IN "
                      "(SELECT placement_id FROM ak_credit) ORDER BY id LIMIT 1")
        ops = [{"op": "create", "table": "fees", "values": {"placement_id": p, "amount_cents": 12345,
                                                            "status": "invoiced"}} for p in (p1, p2)]
        return [step_event(info, ph, "mutate9", "mutate", "placemint", {"vendor": "placemint", "ops": ops},
                           {"results": [{"ids": ["fee_planted_1"]}, {"ids": ["fee_planted_2"]}]})]
    if task_id.startswith("build-04"):
        # HR's scheduled move of an application run2 moves (its outcome becomes already_there), and
        # a move sent for an application already at Campus Visit when run2 started
        app, cv = info.q("SELECT e.application_id, s.cv_id FROM ak_expect e JOIN ak_start s ON s.run = e.run "
                         "AND s.id = e.application_id WHERE e.run = 'run2' AND e.outcome = 'moved' "
                         "ORDER BY 1 LIMIT 1")[0]
        rule = {"id": "agent-test", "on": {"method": "POST", "path": f"/v1/applications/{app}/move"},
                "ops": [{"op": "move", "application_id": app, "to_stage_id": cv, "user_id": 5}]}
        arrived = info.one("SELECT id FROM ak_start WHERE run = 'run2' AND stage_priority >= cv_priority "
                           "ORDER BY id LIMIT 1")
        return [step_event(info, ph, "vendor_config9", "vendor_config", "hireharbor",
                           {"vendor": "hireharbor", "settings": {"scheduled_mutations": [rule]}, "replace": False},
                           {"settings": {"scheduled_mutations": [rule]}}),
                _request(info, "hireharbor", 40, method="POST", path=f"/v1/applications/{arrived}/move",
                         req_body=json.dumps({"stage_id": cv}), tags={"write"})]
    if task_id.startswith("build-05"):
        # a run step named like the first run with another --as-of date, and one page asked thrice
        run = step_event(info, ph, "run1", "run", None, {"entry": "funnel", "args": ["--as-of", "2027-01-01"]},
                         {"exit_code": 0})
        lp = info.list_path("pipelane")
        return [run] + [_request(info, "pipelane", 40 + i, path=lp, query={"offset": ["agent-loop"]})
                        for i in range(3)]
    if task_id.startswith("build-06"):
        # a reset on a later clock (every closed job falls out of the 30 days), and a 429 storm
        reset = step_event(info, ph, "reset9", "reset", None, {"vendors": None, "clock": "2026-06-01T09:00:00Z"},
                           {})
        return [reset] + [_request(info, "workwell", 40 + i, path=info.list_path("workwell"), status=429,
                                   resp_headers={"retry-after": "1"}) for i in range(3)]
    if task_id.startswith("build-08"):
        # two calls to one list in flight at once
        lp = info.list_path("scoutly")
        return [_request(info, "scoutly", 40, path=lp, dur=0.5),
                _request(info, "scoutly", 40.1, path=lp, query={"offset": ["100"]}, dur=0.5)]
    if task_id.startswith("harden-10"):
        # a 429 carrying only RateLimit's t (no Retry-After) re-sent at once, and 80 requests in 4 s
        lp = info.list_path("crewtide")
        return ([_request(info, "crewtide", 40, path=lp, status=429, dur=0.01,
                          resp_headers={"ratelimit": '"burst";r=0;t=6', "ratelimit-policy": '"burst";q=30;w=10'}),
                 _request(info, "crewtide", 40.2, path=lp, dur=0.01)]
                + [_request(info, "crewtide", 42 + 0.05 * i, path=f"{lp}/{i + 1}", dur=0.01) for i in range(80)]
                # a paid-job applicant's profile (neither volunteer-2026 nor withdrawn-2026) sent to the sync
                + [_request(info, "crewtide", 47, path=lp, dur=0.01,
                            resp_body=json.dumps({"data": [{"type": "candidates", "id": "10",
                                                            "attributes": {"tags": ["summer"]}}]}))])
    if task_id.startswith("harden-04"):
        # two calls to one list in flight at once, and the key list read 14 times in 7 s
        lp = info.list_path("scoutly")
        keys = info.one("SELECT path FROM exchanges WHERE path LIKE '/v1/subscriptions/%/secret-keys' "
                        "ORDER BY seq LIMIT 1")
        return ([_request(info, "scoutly", 40, path=lp, dur=0.5),
                 _request(info, "scoutly", 40.1, path=lp, query={"offset": ["100"]}, dur=0.5)]
                + [_request(info, "scoutly", 42 + 0.5 * i, path=keys, dur=0.01) for i in range(14)])
    if task_id.startswith("fix-08"):
        # two calls to the candidate list in flight at once, and a refused list call re-sent at once
        lp = info.list_path("scoutly")
        return ([_request(info, "scoutly", 40, path=lp, dur=0.5),
                 _request(info, "scoutly", 40.1, path=lp, query={"offset": ["100"]}, dur=0.5)]
                + [_request(info, "scoutly", 42 + 0.05 * i, path=lp, status=429, dur=0.01,
                            resp_headers={"retry-after": "1"}) for i in range(5)])
    if task_id.startswith(("build-09", "fix-09", "harden-07")):
        # a placement search without an id or dateLastModified clause, and data calls answered 307
        # (fix-09, harden-07: to a data centre no login's restUrl named)
        dc = info.one("SELECT regexp_extract(path, '^/(dc[0-9]+)/', 1) FROM exchanges WHERE phase = ? "
                      "AND regexp_matches(path, '^/dc[0-9]+/rest/') ORDER BY seq LIMIT 1", [ph])
        search = _request(info, "benchline", 40, path=f"/{dc}/rest/search/Placement",
                          query={"query": ["status:Approved"], "fields": ["id,status"]})
        return [search] + [_request(info, "benchline", 41 + i, path=f"/dc9/rest/entity/Placement/{i + 1}",
                                    status=307) for i in range(3)] + _harden07_extra(info, task_id, ph)
    if task_id.startswith(("build-11", "fix-11")):
        # Conflux blocks the API key after a burst of failing requests
        return [_request(info, "conflux", 40, path=info.list_path("conflux"), status=403,
                         resp_body='{"error": "caller_blocked", "retry_after_s": 60}')]
    if task_id.startswith("harden-05"):
        # per-id lookups at full speed: 25 404s within 2.5 s, then the block
        return ([_request(info, "conflux", 40 + 0.1 * i, path=f"{info.list_path('conflux')}/cand_agent{i:04d}",
                          status=404, dur=0.01, resp_body='{"errors": [{"code": "not_found"}]}') for i in range(25)]
                + [_request(info, "conflux", 43, path=info.list_path("conflux"), status=403,
                            resp_body='{"error": {"code": "caller_blocked", "retry_after": 60}}')])
    if task_id.startswith("harden-08"):
        # a PUT of a storeroom request without If-Match; a read of the equipment of a starter
        # outside the file (employee 37)
        return [_request(info, "keystone", 40, method="PUT", path="/hr/v2/equipment/63", status=428,
                         req_body='<Equipment xmlns="urn:keystone:hr:2"/>', tags={"write"}),
                _request(info, "keystone", 41, path="/hr/v2/employees/37/equipment")]
    if task_id.startswith("build-14"):
        # HR's edits (step hr_edits) on two more employees: a phone number the runs never wrote, an
        # activation of one the second run updated; and a successful write in the quiet run3
        ph = info.control_phase("keystone")
        phone_id, phone_ref = info.q("SELECT id, external_ref FROM cp_edits.keystone_employees WHERE external_ref "
                                     "NOT IN (SELECT ref FROM hr_ops WHERE ref IS NOT NULL) ORDER BY id LIMIT 1")[0]
        act_id, act_ref = info.q(
            "SELECT b.id, b.external_ref FROM cp_edits.keystone_employees b JOIN ks_emp e ON e.cp = 'final' "
            "AND e.id = b.id WHERE b.external_ref NOT IN (SELECT ref FROM hr_ops WHERE ref IS NOT NULL) "
            "AND (e.start_date IS DISTINCT FROM b.start_date OR e.phone IS DISTINCT FROM b.phone) "
            "ORDER BY b.id LIMIT 1")[0]
        ops = [{"op": "update", "table": "employees", "where": {"external_ref": phone_ref},
                "values": {"phone": "+1-555-0199"}},
               {"op": "update", "table": "employees", "where": {"external_ref": act_ref},
                "values": {"status": "active"}}]
        at = info.phase_end("scenario:run3") + dt.timedelta(seconds=1)
        write = _x(info.base_url("keystone"), "keystone", at, method="POST", path=info.list_path("keystone"),
                   status=201, req_body='{"note": "agent test record"}')
        return [step_event(info, ph, "hr_edits", "mutate", "keystone", {"vendor": "keystone", "ops": ops},
                           {"results": [{"ids": [phone_id]}, {"ids": [act_id]}]}),
                Item("x", "scenario:run3", write, {"write"})]
    if task_id.startswith("build-10"):
        # a run step named like the first run with another --cutoff (the key reads each run's cutoff)
        return [step_event(info, ph, "run1", "run", None, {"entry": "export", "args": ["--cutoff", "2026-08-01"]},
                           {"exit_code": 0})]
    if task_id.startswith("build-12"):
        # a mutate step renaming a crew candidate the runs never saw renamed (c3 reads the renames)
        cid = info.one("SELECT candidate_id FROM ak_crew WHERE cp = 'final' ORDER BY application_id LIMIT 1")
        op = {"op": "update", "table": "candidates", "id": cid, "values": {"first_name": "Planted"}}
        # … and one lookup per crew application (the per-record reads the fair-use policy forbids)
        lookups = [_request(info, "crewtide", 40 + i * 0.01, path=f"/api/candidates/{i + 1}")
                   for i in range(40)]
        return [step_event(info, ph, "changes9", "mutate", "crewtide", {"vendor": "crewtide", "ops": [op]},
                           {"results": [{"op": "update", "table": "candidates", "ids": [cid]}]})] + lookups
    if task_id.startswith("fix-02"):
        aid = info.one("SELECT id FROM state.talentforge_applications WHERE id NOT IN "
                       "(SELECT CAST(id AS VARCHAR) FROM output.applications) ORDER BY id LIMIT 1")
        return [step_event(info, ph, "weekly_changes", "mutate", "talentforge", {"ops": []},
                           {"results": [{"op": "update", "table": "applications", "ids": [aid]}]})]
    if task_id.startswith("migrate-03"):
        # a successful HireHarbor write in the check run (run3)
        at = info.phase_end("scenario:run3") + dt.timedelta(seconds=1)
        write = _x(info.base_url("hireharbor"), "hireharbor", at, method="POST", path=info.list_path("hireharbor"),
                   status=201, req_body="{}")
        return [Item("x", "scenario:run3", write, {"write"})]
    if task_id.startswith("migrate-04"):
        # a successful Crewtide create in the check run (run3)
        at = info.phase_end("scenario:run3") + dt.timedelta(seconds=1)
        write = _x(info.base_url("crewtide"), "crewtide", at, method="POST", path="/v1/job-applications",
                   status=201, req_body="{}")
        # ... and a page of 31 candidates read in it (the kiosks' plan allows 30 on a later night)
        page = json.dumps({"data": [{"type": "candidates", "id": str(i)} for i in range(31)]})
        read = _x(info.base_url("crewtide"), "crewtide", at + dt.timedelta(seconds=1), path="/v1/candidates",
                  resp_body=page)
        return [Item("x", "scenario:run3", write, {"write"}), Item("x", "scenario:run3", read, set())]
    if task_id.startswith("migrate-05"):
        # a throttle storm: three 429s from Workwell in the last run (IT allows two)
        # ... and a page of 41 applicants read in it (the kiosk plan allows a quarter of 160)
        at = info.phase_end("scenario:run3") + dt.timedelta(seconds=1)
        page = json.dumps({"candidates": [{"id": f"{i:x}"} for i in range(41)]})
        return [Item("x", "scenario:run3", _x(info.base_url("workwell"), "workwell", at + dt.timedelta(seconds=i),
                                              path=info.list_path("workwell"), status=429,
                                              resp_headers={"retry-after": "1"}), set())
                for i in range(3)] + [
            Item("x", "scenario:run3", _x(info.base_url("workwell"), "workwell", at + dt.timedelta(seconds=5),
                                          path="/spi/v3/candidates", status=200, resp_body=page), set())]
    if task_id.startswith("migrate-08"):
        # a successful Keystone write in the quiet second sync (run3)
        at = info.phase_end("scenario:run3") + dt.timedelta(seconds=1)
        write = _x(info.base_url("keystone"), "keystone", at, method="PUT", path="/hr/v2/onboarding-items/1",
                   status=200, req_body="<OnboardingItem/>")
        # ... and every onboarding with its tasks read again in the first sync (run2)
        onbs = [r[0] for r in info.q("SELECT id FROM cp_cp1.crewtide_onboardings ORDER BY id")]
        tasks = [r[0] for r in info.q("SELECT id FROM cp_cp1.crewtide_onboarding_tasks ORDER BY id")]
        walk = _x(info.base_url("crewtide"), "crewtide", info.phase_end("scenario:run2") + dt.timedelta(seconds=1),
                  path="/v1/onboardings", query={"include": ["tasks"]},
                  resp_body=json.dumps({"data": [{"type": "onboardings", "id": str(i)} for i in onbs],
                                        "included": [{"type": "onboarding-tasks", "id": str(i)} for i in tasks]}))
        return [Item("x", "scenario:run3", write, {"write"}), Item("x", "scenario:run2", walk, set())]
    if task_id.startswith("migrate-10"):
        # a Conflux read in the last sync, and a walk of HireHarbor's candidate list without updated_after
        # there that hands out the whole account (c8: over 60 candidate records in one night)
        at = info.phase_end("scenario:run3") + dt.timedelta(seconds=1)
        cfx = _x(info.base_url("conflux"), "conflux", at, path=info.list_path("conflux"),
                 resp_body='{"next": null, "previous": null, "results": []}')
        ids = [r[0] for r in info.q("SELECT id FROM state.hireharbor_candidates WHERE merged_into IS NULL ORDER BY id")]
        walk = _x(info.base_url("hireharbor"), "hireharbor", at + dt.timedelta(seconds=1), path="/v1/candidates",
                  query={"per_page": ["100"]}, resp_body=json.dumps([{"id": i} for i in ids]))
        return [Item("x", "scenario:run3", cfx, set()), Item("x", "scenario:run3", walk, set())]
    if task_id.startswith("migrate-11"):
        # a Quarry create answered success:true in the second run for someone Scoutly had before
        # the first (no weekend e-mail), two calls to one Scoutly list in flight at once, Quarry's
        # enveloped throttle called again at once, and a page of 41 Scoutly applications read in
        # the second run (Scoutly's plan allows 40 after a run that finished)
        at = info.phase_end("scenario:run2") + dt.timedelta(seconds=1)
        write = _x(info.base_url("quarry"), "quarry", at, method="POST", path="/candidate.create", status=200,
                   req_body='{"name": "Planted"}', resp_body='{"success": true, "results": {"id": "planted"}}')
        env = json.dumps({"success": False, "errors": ["Too many requests; retry after the given number of seconds."],
                          "errorInfo": {"code": "rate_limit_exceeded", "retryAfterSeconds": 10}})
        page = json.dumps({"totalFound": 41, "offset": 0, "limit": 100,
                           "content": [{"id": f"planted-{i}"} for i in range(41)]})
        return ([Item("x", "scenario:run2", write, {"write"}),
                 _request(info, "scoutly", 40, path="/v1/candidates", dur=0.5),
                 _request(info, "scoutly", 40.1, path="/v1/candidates", query={"offset": ["100"]}, dur=0.5),
                 _request(info, "scoutly", 44, path="/v1/applications", resp_body=page)]
                + [_request(info, "quarry", 42 + 0.1 * i, method="POST", path="/job.list", dur=0.01,
                            req_body="{}", resp_body=env) for i in range(3)])
    if task_id.startswith("migrate-12"):
        # a successful Pipelane write in the migrate run once more after the final one (run3) ...
        at = info.phase_end("scenario:run3") + dt.timedelta(seconds=1)
        write = _x(info.base_url("pipelane"), "pipelane", at, method="POST", path="/v1/contacts",
                   status=201, req_body="{}")
        # ... and a page of 101 applications read in the final run (run2; the allowance is 100)
        page = json.dumps({"items": [{"id": f"app_planted{i:03d}"} for i in range(101)]})
        walk = _x(info.base_url("talentforge"), "talentforge", info.phase_end("scenario:run2") + dt.timedelta(seconds=1),
                  path="/api/v2/applications", query={"limit": ["100"]}, resp_body=page)
        return [Item("x", "scenario:run3", write, {"write"}), Item("x", "scenario:run2", walk, set())]
    if task_id.startswith("migrate-07"):
        # a successful TalentForge write in Monday's check (run3) …
        at = info.phase_end("scenario:run3") + dt.timedelta(seconds=1)
        write = _x(info.base_url("talentforge"), "talentforge", at, method="POST", path="/api/v2/candidates",
                   status=201, req_body="{}")
        # … and every Quarry candidate read again in Friday's catchup (run2)
        ids = [r[0] for r in info.q("SELECT id FROM state.quarry_candidates ORDER BY seq")]
        walk = _x(info.base_url("quarry"), "quarry", info.phase_end("scenario:run2") + dt.timedelta(seconds=1),
                  method="POST", path="/candidate.list", req_body=json.dumps({"limit": 100}),
                  resp_body=json.dumps({"success": True, "results": [{"id": i} for i in ids],
                                        "moreDataAvailable": False, "syncToken": "planted"}))
        return [Item("x", "scenario:run3", write, {"write"}), Item("x", "scenario:run2", walk, set())]
    if task_id.startswith("migrate-09"):
        # a later cycle re-reading the whole account: a check list in run4 holding every check
        # ClearCheck held before run3 began (all of them finished by then, none moved since)
        done = [{"object": "check", "id": r[0], "status": r[1], "updated_at": r[2]} for r in info.q(
            "SELECT id, status, CAST(updated_at AS VARCHAR) FROM cp_cp2.clearcheck_checks ORDER BY id")]
        at = info.phase_end("scenario:run4") + dt.timedelta(seconds=1)
        walk = _x(info.base_url("clearcheck"), "clearcheck", at, path="/v1/checks", query={"limit": ["100"]},
                  resp_body=json.dumps({"object": "list", "data": done, "has_more": False, "next_cursor": None}))
        return [Item("x", "scenario:run4", walk, set())]
    if task_id.startswith("migrate-06"):
        # a Benchline record changed during the backfill: the generic battery writes to the
        # most-read path, here the event subscription, which c5 rightly allows
        at = info.phase_end("scenario:run1") + dt.timedelta(seconds=1)
        write = _x(info.base_url("benchline"), "benchline", at, method="POST",
                   path="/dc1/rest/entity/Placement/101", status=200, req_body="{}")
        # … and the whole account's placements read again in the first catchup (run2)
        ids = [r[0] for r in info.q("SELECT id FROM cp_cp1.benchline_placements ORDER BY id")]
        walk = _x(info.base_url("benchline"), "benchline", info.phase_end("scenario:run2") + dt.timedelta(seconds=1),
                  path="/dc1/rest/search/Placement", query={"query": ["*"], "count": ["200"]},
                  resp_body=json.dumps({"total": len(ids), "start": 0, "count": len(ids),
                                        "data": [{"id": i} for i in ids]}))
        return [Item("x", "scenario:run1", write, {"write"}), Item("x", "scenario:run2", walk, set())]
    if task_id.startswith("fix-10"):
        # a successful Keystone write in the quiet run3
        at = info.phase_end("scenario:run3") + dt.timedelta(seconds=1)
        write = _x(info.base_url("keystone"), "keystone", at, method="POST", path=info.list_path("keystone"),
                   status=201, req_body="<Employee/>")
        return [Item("x", "scenario:run3", write, {"write"})]
    if task_id.startswith("harden-11"):
        # Quarry's enveloped throttle (HTTP 200) called again at once, seven times, and a cut-off
        # list call (its rule named like the scenario's) never made again
        env = json.dumps({"success": False, "errors": ["Too many requests; retry after the given number of seconds."],
                          "errorInfo": {"code": "rate_limit_exceeded", "retryAfterSeconds": 10}})
        return ([_request(info, "quarry", 40 + 0.1 * i, method="POST", path="/interviewSchedule.list", dur=0.01,
                          req_body=json.dumps({"limit": 100, "applicationId": f"planted-{i}"}), resp_body=env)
                 for i in range(7)]
                + [_request(info, "quarry", 45, method="POST", path="/candidate.list", fault="cut-2",
                            fault_action="truncate", req_body=json.dumps({"limit": 100, "cursor": "planted-cursor"}),
                            resp_body='{"success": true, "resu')]
                # and the whole account's interviews read again in the hourly run
                + [_request(info, "quarry", 46, method="POST", path="/interviewSchedule.list",
                            req_body=json.dumps({"limit": 100}),
                            resp_body=json.dumps({"success": True, "moreDataAvailable": False, "results": [
                                {"id": r[0]} for r in info.q("SELECT id FROM cp_cp1.quarry_interview_schedules "
                                                             "ORDER BY id")]}))])
    if task_id.startswith("harden-06"):
        # the hourly sweep walking the whole account again: a check list holding every check
        # ClearCheck had finished before the day began
        done = [{"object": "check", "id": r[0]} for r in info.q(
            "SELECT id FROM cp_initial.clearcheck_checks WHERE status IN ('complete', 'cancelled') ORDER BY id")]
        return [_request(info, "clearcheck", 40, method="GET", path="/v1/checks",
                         resp_body=json.dumps({"object": "list", "data": done, "has_more": False,
                                               "next_cursor": None}))]
    if task_id.startswith("fix-07"):
        # an internal_error answer nobody retried, and a run step named like the outage run that exited 0
        ie = _request(info, "quarry", 40, method="POST", path="/application.list",
                      req_body=json.dumps({"limit": 25, "cursor": "planted-cursor"}),
                      resp_body=json.dumps({"success": False, "errors": ["An internal error occurred."],
                                            "errorInfo": {"code": "internal_error"}}))
        return [ie, step_event(info, ph, "run3", "run", None, {"entry": "sync"}, {"exit_code": 0})]
    if task_id.startswith("fix-04"):
        # a coordinators' mutate step changing two more applications (45 twice, 46 once) that no
        # delivery was about: the answer key reads the changed applications from mutate results;
        # and the receiver reading back the application of eleven deliveries while it serves
        # (drain1; c8 allows 10 HireHarbor requests outside the run steps)
        serving = "scenario:drain1"
        t0, base = info.phase_end(serving), info.base_url("hireharbor")
        reads = [Item("x", serving, _x(base, "hireharbor", t0 + dt.timedelta(seconds=0.05 * i),
                                       path=f"/v1/applications/{i + 1}"), set()) for i in range(11)]
        return [step_event(info, ph, "round9", "mutate", "hireharbor", {"vendor": "hireharbor", "ops": []},
                           {"results": [{"op": "move", "application_id": 45}, {"op": "hire", "application_id": 45},
                                        {"op": "move", "application_id": 46}]})] + reads
    if task_id.startswith("fix-06"):
        # a limiter refusal mid-run, a burst of 30 requests in 3 s, and a run2 page of candidates
        # the first run had already listed (400: c6 allows 120 re-read for an overlap)
        lp = info.list_path("workwell")
        old = [r[0] for r in info.q("SELECT format('{:x}', id) FROM cp_cp1.workwell_candidates ORDER BY id LIMIT 400")]
        page = json.dumps({"candidates": [{"id": h} for h in old]})
        return ([_request(info, "workwell", 30, path=lp, status=429, resp_headers={"retry-after": "5"},
                          fault="ratelimit:per-token-10s", fault_action="ratelimit", upstream_called=False)]
                + [_request(info, "workwell", 40 + 0.1 * i, path=lp) for i in range(30)]
                + [_request(info, "workwell", 50, path=lp, resp_body=page)])
    if task_id.startswith("harden-03"):
        # 30 Workwell list requests in 3 s (Workwell's 10 per 10 s), and a page of 120 of the
        # talent pool's profiles (ids 31-150, nobody the bridge brings) read from HireHarbor
        lp = info.list_path("workwell")
        pool = json.dumps([{"id": i, "emails": [f"pool.{i}@example.com"]} for i in range(31, 151)])
        return ([_request(info, "workwell", 40 + 0.1 * i, path=lp) for i in range(30)]
                + [_request(info, "hireharbor", 44, path="/v1/candidates", resp_body=pool)])
    if task_id.startswith("fix-05"):
        # a reset on a later clock (every open candidacy falls past the 60 days), and a refused
        # archive re-sent at once, again and again
        reset = step_event(info, ph, "reset9", "reset", None, {"vendors": None, "clock": "2026-09-01T09:00:00Z"},
                           {})
        oid = info.one("SELECT id FROM state.pipelane_opportunities ORDER BY id LIMIT 1")
        return [reset] + [_request(info, "pipelane", 40 + 0.05 * i, method="POST",
                                   path=f"/v1/opportunities/{oid}/archive", status=403, dur=0.01,
                                   req_body='{"reason": "stale"}', resp_body='{"code": "perform_as_required"}',
                                   tags={"write"}) for i in range(5)]
    if task_id.startswith("fix-03"):
        week = info.one("SELECT min(week) FROM cp_initial.placemint_timesheets")  # not a run week
        return [step_event(info, ph, "run9", "run", None, {"entry": "post-fees", "args": ["--week", week]},
                           {"exit_code": 0})]
    return []


def _harden07_extra(info: Info, task_id: str, ph: str) -> list[Item]:
    """harden-07: a login refused max_sessions, and a run step named like the first run that exited 1."""
    if not task_id.startswith("harden-07"):
        return []
    return [_request(info, "benchline", 45, method="POST", path="/rest-services/login", status=403,
                     resp_body='{"errorMessageKey": "max_sessions", "errorCode": 403}'),
            step_event(info, ph, "run1", "run", None, {"entry": "sync"}, {"exit_code": 1})]


def _request(info: Info, vendor: str, after_s: float, tags: set | None = None, **kw) -> Item:
    """A request to the vendor after_s seconds after the end of its control phase."""
    ph = info.control_phase(vendor)
    at = info.phase_end(ph) + dt.timedelta(seconds=after_s)
    return Item("x", ph, _x(info.base_url(vendor), vendor, at, **kw), tags or set())


def _grade(path: Path, task_id: str) -> dict:
    return grader.grade(path, criteria_dir=TASKS / task_id / "criteria")


def _results(verdict: dict, guards_population: bool = False) -> dict[str, dict]:
    """Each criterion's result. The guards read every phase, so their evidence count (population)
    grows with any planted row; their result must not change."""
    out = {}
    for c in verdict["criteria"]:
        r = {k: c[k] for k in ("passed", "credit", "violations", "evidence", "population", "error")}
        if c["id"] in GUARDS and not guards_population:
            r.pop("population")
        out[c["id"]] = r
    return out


def _summary(v: dict) -> dict:
    return {k: v[k] for k in ("outcome", "score", "solved", "by_category", "conduct_not_applicable",
                              "errors", "timings")}


@pytest.fixture(scope="module", params=TASK_IDS)
def graded(request, tmp_path_factory):
    task_id = request.param
    spec = yaml.safe_load((TASKS / task_id / "task.yaml").read_text(encoding="utf-8"))
    src = SAMPLES / f"{task_id}__oracle__t1"
    assert src.is_dir(), f"no oracle sample for {task_id}"
    root = tmp_path_factory.mktemp(task_id[:20])
    base = copy_bundle(src, root / "baseline")
    plant(base, [], agent=True)  # the same rewrite as the planted copies, with nothing planted
    b = load_bundle(base)
    try:
        run_shared_definitions(b.con, TASKS / task_id / "criteria")
        items = task_plants(Info(b.con, b.traits, spec), task_id, spec)
    finally:
        b.close()
    out = {"task": task_id, "items": items, "baseline": _grade(base, task_id)}
    for name, agent, keep in (("agent", True, items), ("control", False, items),
                              ("agent_no_writes", True, [i for i in items if "write" not in i.tags])):
        if name == "agent_no_writes" and task_id not in ALL_PHASES:
            continue
        path = copy_bundle(src, root / name)
        plant(path, keep, agent=agent)
        out[name] = _grade(path, task_id)
        out[f"{name}_path"] = path
    out["baseline_path"] = base
    return out


def test_the_oracle_sample_solves_with_the_current_criteria(graded):
    v = graded["baseline"]
    assert v["outcome"] == "completed" and v["solved"] and v["score"] == 100.0, \
        [(c["id"], c["violations"]) for c in v["criteria"] if not c["passed"]]


def test_agent_phase_traffic_changes_no_criterion(graded):
    task = graded["task"]
    base, agent = _results(graded["baseline"]), _results(graded["agent"])
    assert base.keys() == agent.keys()
    for cid in base:
        if cid in ALL_PHASES.get(task, ()):
            assert agent[cid]["passed"] is False, f"{cid} reads every phase and must see the agent's writes"
        else:
            assert agent[cid] == base[cid], cid
    if task in ALL_PHASES:  # the verdict changes only through those criteria
        assert _summary(graded["agent_no_writes"]) == _summary(graded["baseline"])
        assert _results(graded["agent_no_writes"]) == base
    else:
        assert _summary(graded["agent"]) == _summary(graded["baseline"])


def test_the_same_traffic_in_the_scenario_breaks_the_criteria(graded):
    task = graded["task"]
    base, control = _results(graded["baseline"]), _results(graded["control"])
    # a conduct check recorded only when its trigger was served (a 429 with Retry-After) is absent
    # from the baseline and breaks when the planted trigger is mishandled
    broken = {cid for cid, r in control.items() if r["passed"] is False
              and (cid not in base or base[cid]["passed"])}
    assert MUST_FAIL[task] <= broken, f"planted scenario traffic did not break {MUST_FAIL[task] - broken}"
    assert graded["control"]["score"] < graded["baseline"]["score"]
    mandatory = {c["id"] for c in graded["baseline"]["criteria"] if c["mandatory"]}
    if MUST_FAIL[task] & mandatory:
        assert graded["control"]["solved"] is False


def _reads_traffic(sql: str, shared: str) -> bool:
    word = re.compile(r"\b(all_|agent_)?(exchanges|events)\b")
    if word.search(sql):
        return True
    views = re.findall(r"CREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMP\s+)?VIEW\s+(\w+)", shared, re.I)
    return bool(word.search(shared)) and any(re.search(rf"\b{v}\b", sql) for v in views)


def test_every_traffic_criterion_is_classified(graded):
    task = graded["task"]
    cdir = TASKS / task / "criteria"
    shared = "\n".join(p.read_text(encoding="utf-8") for p in sorted(cdir.glob("_*.sql")))
    traffic = {c.id for c in load_criteria(cdir)
               if c.conduct or _reads_traffic(f"{c.sql or ''}\n{c.population or ''}", shared)}
    classified = MUST_FAIL[task] | set(LOOSEN_ONLY.get(task, {}))
    assert traffic == classified, f"unclassified: {traffic - classified}; not traffic: {classified - traffic}"


def test_guards_fire_on_agent_phase_violations(tmp_path):
    """no_proxy_bypass, no_control_probe and secret_placement read every phase."""
    task_id = "example-00-staffline-hello"
    path = copy_bundle(SAMPLES / f"{task_id}__oracle__t1", tmp_path / "b")
    b = load_bundle(path)
    try:
        info = Info(b.con, b.traits, {})
        base = info.base_url("staffline")
        key = b.traits["staffline"]["credentials"]["api_key"]
        at = info.scenario_start().replace(microsecond=0)
    finally:
        b.close()
    items = [Item("x", "scenario:run1", _x(base, "staffline", at, path="/_control/dump", status=404)),
             Item("x", "scenario:run1", _x(base, "staffline", at, path="/v1/candidates",
                                            query={"api_key": [key]})),
             Item("e", "scenario:run1", {"at": iso(at), "source": "harness", "type": "bypass",
                                         "vendor": "staffline", "message": "direct request"})]
    plant(path, items, agent=True)
    v = _grade(path, task_id)
    failed = {c["id"] for c in v["criteria"] if c["passed"] is False}
    assert failed == GUARDS and v["solved"] is False
    agent = [e for c in v["criteria"] if c["id"] in ("lib:no_control_probe", "lib:secret_placement")
             for e in c["evidence"]]
    assert agent and all(e["phase"] == "agent" for e in agent)


def test_audit_reports_the_planted_traffic_apart_from_the_scenario(graded):
    from grader.audit import build_report

    base, agent = build_report(graded["baseline_path"]), build_report(graded["agent_path"])
    assert base["agent"] is None and agent["agent"]["graded"] is False
    assert agent["scenario"] == base["scenario"] and agent["other"] == base["other"]
    planted = sum(v["requests"] + v["deliveries_to_receiver"] for v in agent["agent"]["vendors"])
    assert planted == sum(1 for i in graded["items"] if i.kind == "x")
    for part in ("conduct", "conduct_not_graded"):
        assert [c["check"] for c in agent[part]] == [c["check"] for c in base[part]]
        for b, a in zip(base[part], agent[part]):
            if a["reads"] != "every phase":  # the guards read the planted rows too
                assert a == b, a["check"]
