"""Re-grading many bundles at once (`ibench rescore`): one process per job, each grading its
share of the bundles in turn, so an archive pays the interpreter's start-up and the grader's
imports once per worker instead of once per bundle (docs/grader.md, "Re-scoring an archive").

Every bundle is graded exactly as `ibench grade` grades it (grader/scoring.py, its own criteria
snapshot, a fresh DuckDB catalog of its own), so a verdict is byte-identical to one graded alone;
what is shared across bundles is only what cannot differ between them: the open DuckDB database
(grader/catalogs.py), the parsed vendor traits of identical vendor.yaml texts (grader/bundle.py)
and the keys.
"""
from __future__ import annotations

import json
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from grader.errors import BundleError, GraderError

# a worker's keys, read once by _init_worker (a bad key file fails before any grading)
_WORKER: dict[str, Any] = {}


def rescore_one(bundle: Path, overwrite: bool, allow_tampered: bool, threads: int, ring,
                key, catalogs=None) -> dict:
    """Grade one bundle and write its signed verdict; a row for the summary (never raises for
    a bundle that cannot be graded: the row carries the error)."""
    from bundle.signing import write_signed_verdict
    from grader.scoring import grade_bundle

    row = {"bundle": str(bundle), "run_id": bundle.name, "outcome": None, "score": None,
           "solved": None, "previous_score": None, "previous_solved": None, "error": None}
    old = bundle / "verdict.json"
    if old.is_file():
        try:
            prev = json.loads(old.read_text(encoding="utf-8"))
            row["previous_score"], row["previous_solved"] = prev.get("score"), prev.get("solved")
        except (OSError, json.JSONDecodeError, AttributeError):
            pass
    try:
        v = grade_bundle(bundle, allow_tampered=allow_tampered, threads=threads, keyring=ring,
                         catalogs=catalogs)
    except (GraderError, BundleError) as exc:
        row["error"] = str(exc)
        return row
    except Exception as exc:  # pragma: no cover - a grader bug must not stop the batch
        row["error"] = f"internal error: {type(exc).__name__}: {exc}"
        return row
    target = old if overwrite else bundle / "verdict.rescored.json"
    write_signed_verdict(target, v, key)
    row.update(run_id=v["run_id"], outcome=v["outcome"], score=v["score"], solved=v["solved"],
               written=str(target))
    return row


def _init_worker(trust: tuple[str, ...], threads: int) -> None:
    from bundle.keys import Keyring, load_private_key

    _WORKER.update(ring=Keyring.default(trust), key=load_private_key(), threads=threads,
                   catalogs=_catalogs(threads))


def _catalogs(threads: int):
    from grader.bundle import connect
    from grader.catalogs import Catalogs

    return Catalogs(lambda: connect(threads))


def _worker_rescore(args: tuple[str, bool, bool]) -> dict:
    bundle, overwrite, allow_tampered = args
    return rescore_one(Path(bundle), overwrite, allow_tampered, _WORKER["threads"],
                       _WORKER["ring"], _WORKER["key"], _WORKER["catalogs"])


def rescore_bundles(bundles: list[Path], jobs: int, overwrite: bool, allow_tampered: bool,
                    trust: tuple[Path, ...] = ()) -> list[dict]:
    """Rows in the order of `bundles`. jobs == 1 grades in this process; more start that many
    worker processes (spawned, not forked: the caller may hold DuckDB connections and threads),
    each with DuckDB limited to its share of the cores."""
    from bundle.keys import Keyring, load_private_key

    # read here first, so a bad key or trust file stops the batch with one message
    ring, key = Keyring.default(trust), load_private_key()
    jobs = max(1, min(jobs, len(bundles)))
    threads = max(1, (os.cpu_count() or 1) // jobs)
    if jobs == 1:
        catalogs = _catalogs(threads)
        try:
            return [rescore_one(b, overwrite, allow_tampered, threads, ring, key, catalogs)
                    for b in bundles]
        finally:
            catalogs.close()
    # chunks big enough to keep the pipe quiet, small enough that no worker idles at the end
    chunk = max(1, min(16, len(bundles) // (jobs * 4)))
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_init_worker,
                             initargs=(tuple(str(t) for t in trust), threads)) as pool:
        return list(pool.map(_worker_rescore,
                             [(str(b), overwrite, allow_tampered) for b in bundles],
                             chunksize=chunk))
