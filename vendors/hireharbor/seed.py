"""HireHarbor datasets: deterministic functions of (dataset, seed) and the clock instant the
seeder sees (the kit freezes it while seeding). One `random.Random("hireharbor:<dataset>:<seed>")`
drives every draw; integer ids are assigned in insertion order from 1; timestamps are offsets
back from the clock. Rows are bulk-inserted (the `large` dataset seeds in well under 3 s).
No activity rows are seeded: `activity` holds only what happens after the reset.

Datasets and their planted records:

small (50 candidates) / large (5,000 candidates)
    12 users / 40 users: user 1 is the admin `admin@hireharbor.example`, user 2 the
    integration user `integrations@hireharbor.example` (role `integration`), the last user is
    disabled; the rest are recruiters, coordinators and hiring managers.
    Custom fields: candidate `linkedin_url`; application `bg_provider`, `bg_status`,
    `bg_completed_on`; job `requisition_id` (`REQ-<1000+job id>`).
    8 jobs / 40 jobs (every 8th job `closed`), each with the six stages Application Review,
    Recruiter Screen, Committee Review, Face to Face, Campus Visit, Offer (stage names repeat
    across jobs; stage ids do not).
    Candidates: 1–2 e-mails (lower case `first.last.N@…`), a phone, ≈ 1 in 10 with a
    non-ASCII name (Zoë Ångström, José Núñez, Søren Kierkegård, Chloé Lefèvre, Jürgen Müller,
    Łucja Wróbel, Björk Guðmundsdóttir, Ana María Peña). Every candidate has 1–2 applications
    on distinct jobs: ≈ 70 % active at a random stage, 20 % rejected, 10 % hired.
    Merges: the last two candidates of the dataset were merged into candidates 1 and 2
    (`merged_into`; their applications were moved to the winner at the merge, so they own
    none; their e-mails were added to the winner's list).
    `updated_at` of candidates and applications lies 1–400 days before the clock.
empty: the users, custom fields, jobs and stages of `small`; no candidates.

Task datasets (see the functions' docstrings below for exact plantings):
  calder-1 (build-04), film-crew (fix-04), skyguard (migrate-09), helix (migrate-10),
  coop (harden-03), apotek-jobs (migrate-03).
"""
from __future__ import annotations

import random

from . import seed_tasks
from .generator import generic

SIZES = {"small": (50, 8, 12), "large": (5000, 40, 40), "empty": (0, 8, 12)}


def seed(s, c, dataset: str, seed_value: int) -> None:
    rng = random.Random(f"hireharbor:{dataset}:{seed_value}")
    if dataset in SIZES:
        n_cand, n_jobs, n_users = SIZES[dataset]
        generic(s, rng, c.now(), n_cand, n_jobs, n_users)
        return
    seed_tasks.DATASETS[dataset](s, rng, c.now(), seed_value)
    c.settings.update(seed_tasks.DATASET_SETTINGS.get(dataset, {}))
