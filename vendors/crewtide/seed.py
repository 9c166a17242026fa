"""Crewtide datasets: deterministic functions of (dataset, seed) and the frozen clock the
seeder sees. One `random.Random("crewtide:<dataset>:<seed>")` drives every draw; ids are
assigned per table in insertion order from 1, so ids overlap across types; timestamps are
whole-second offsets back from the clock. Rows are bulk-inserted (`large` seeds in < 3 s).

Datasets and their planted records:

small (50 candidates, 14 jobs) / large (5,000 candidates, 60 jobs)
    Users: user 1 `admin@crewtide.example` (admin), user 2 `integrations@crewtide.example`.
    Jobs: titles from the kit's list; every 7th job `archived`, job 3 `unlisted`; job external
    ids `REQ-<1000+id>`. Candidate 12 and job 12 both exist (ids overlap across types).
    Stages: each job owns five stages, in order Inbox (inbox), Phone Screen, Interview, Offer,
    Hired (stage types inbox, in_process, in_process, offer, hired); names repeat across jobs, ids do not (job j's stages are
    5j-4 … 5j).
    Custom fields: 1 `screening-status` (select: pending|clear|consider), 2 `shirt-size`.
    Candidates: lower-case unique e-mail, phone; every 2nd candidate has external id
    `ATS-<10000+id>`; 0–2 tags from {summer, winter, returning, referral, student}; a
    `screening-status` value for every 3rd candidate. Each candidate has 1–2 job applications;
    about 1 in 10 is a general application (no job, no stage). Of applications on a job:
    ≈ 70 % active at a random non-hired stage, 20 % rejected, 10 % hired (stage Hired).
    Onboardings: every hired application has one onboarding (active, start date 0–30 days
    ahead) with four tasks (contract, id-check, uniform, induction); each task done with
    probability 0.4 (`done-at` 1–10 days before the clock).
    `updated_at` of candidates and applications lies 1–400 days before the clock.
empty: users, custom fields, the 14 jobs and their stages of `small`; no candidates.

Task datasets (plantings in seed_tasks.py): resort-250 (build-12), paws (fix-12),
sunfold-1200 (harden-10), saltmarsh-jobs (unused), saltmarsh-pilot (migrate-04), alder (migrate-08).
"""
from __future__ import annotations

import random

from . import seed_tasks
from .generator import generic

SIZES = {"small": (50, 14), "large": (5000, 60), "empty": (0, 14)}


def seed(s, c, dataset: str, seed_value: int) -> None:
    rng = random.Random(f"crewtide:{dataset}:{seed_value}")
    if dataset in SIZES:
        n_cand, n_jobs = SIZES[dataset]
        generic(s, rng, c.now(), n_cand, n_jobs)
        return
    if dataset in seed_tasks.SEEDED:
        seed_tasks.DATASETS[dataset](s, rng, c.now(), seed_value)
        return
    seed_tasks.DATASETS[dataset](s, rng, c.now())
