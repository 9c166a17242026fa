"""Suite aggregation over many verdicts: mean score, solve rate with a Wilson 95 % interval,
per kind, per category, pass^k across trials (docs/grader.md "Suite aggregation").

Conventions (docs/grader.md):
- mean score and the category means are over runs whose outcome is `completed` or
  `agent_error` (the agent's own failure is a zero, so a run cannot be made to vanish);
- the solve rate is over the same runs; `unscored`, `harness_error` and `interrupted` runs are
  counted apart and never enter a rate as zeros;
- pass^k for a task with n completed trials of which c solved is C(c, k) / C(n, k) (the chance
  that k trials drawn without replacement all solve); the suite's pass^k is the mean over the
  tasks with n >= k.
"""
from __future__ import annotations

import math
import os
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterable, Iterator

Z95 = 1.959963984540054
KINDS = ("build", "fix", "harden", "migrate")
CATEGORIES = ("correctness", "resilience", "integrity", "conduct")


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float | None, float | None]:
    if n <= 0:
        return None, None
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)


def task_kind(task_id: str | None) -> str:
    head = (task_id or "").split("-", 1)[0]
    return head if head in KINDS else "other"


def find_bundles(root: str | os.PathLike) -> list[Path]:
    """Directories holding a manifest.json under root (a bundle is not searched inside)."""
    root = Path(root)
    if (root / "manifest.json").is_file():
        return [root]
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        if "manifest.json" in filenames:
            out.append(Path(dirpath))
            dirnames[:] = []
    return out


def verdict_path(bundle: Path, prefer: str = "rescored") -> Path | None:
    names = ["verdict.rescored.json", "verdict.json"] if prefer == "rescored" else \
        ["verdict.json", "verdict.rescored.json"]
    for n in names:
        if (bundle / n).is_file():
            return bundle / n
    return None


def judged(bundles: Iterable[Path], prefer: str = "rescored",
           keyring=None) -> Iterator[tuple[Path, Path | None, dict | None, str | None]]:
    """Each bundle with its verdict file and whether that verdict may be counted: (bundle,
    verdict path or None, the verified verdict or None, why it does not count or None). A
    verdict counts only when its bundle verifies (files and signed manifest) and a grader whose
    key `keyring` accepts signed it (bundle/signing.py `check_verdict`). `ibench leaderboard`
    and `ibench view` both count through here."""
    from bundle.keys import Keyring
    from bundle.signing import check_verdict

    ring = keyring if keyring is not None else Keyring.default()
    for b in bundles:
        vp = verdict_path(b, prefer)
        if vp is None:
            yield b, None, None, "no verdict (run `ibench rescore`)"
            continue
        v, why = check_verdict(b, vp, ring)
        if why is None and (not isinstance(v, dict) or "outcome" not in v):
            v, why = None, "not a verdict"
        yield b, vp, v, why


def collect(root: str | os.PathLike, prefer: str = "rescored",
            keyring=None) -> tuple[list[dict], list[str]]:
    """Verified verdict records under root, plus what was left out and why (`judged`): a
    verdict.json edited by hand, or one beside a tampered bundle, is left out and listed."""
    records, problems = [], []
    bundles = find_bundles(root)
    if not bundles:
        # exported verdicts without their bundle: nothing ties them to a run, so none counts
        for vp in sorted(Path(root).rglob("verdict*.json")):
            problems.append(f"{vp}: left out: not inside a bundle, so it cannot be verified")
    for b, vp, v, why in judged(bundles, prefer, keyring):
        if vp is None:
            problems.append(f"{b}: {why}")
        elif why is not None:
            problems.append(f"{vp}: left out: {why}")
        else:
            records.append(record(v, str(vp)))
    records.sort(key=lambda r: (str(r["agent"]), str(r["task"]), str(r["trial"]), r["run_id"]))
    return records, problems


# Outcomes that count in means and solve rates: a graded run, and the agent's own failure (a
# zero). harness_error, unscored and interrupted runs are listed, never counted.
SCORED = ("completed", "agent_error")


def record(v: dict[str, Any], source: str = "") -> dict[str, Any]:
    task = v.get("task") or {}
    cats = {c: (v.get("by_category") or {}).get(c, {}).get("score") for c in CATEGORIES}
    return {"run_id": v.get("run_id"), "task": task.get("id"), "kind": task_kind(task.get("id")),
            "agent": v.get("agent") or "?", "model": v.get("model"), "trial": v.get("trial"),
            "variant": v.get("variant") or 0,
            "outcome": v.get("outcome"),
            "score": v.get("score"), "solved": v.get("solved"), "categories": cats,
            "source": source}


def _mean(xs: Iterable[float | None]) -> float | None:
    vals = [float(x) for x in xs if x is not None]
    return round(sum(vals) / len(vals), 4) if vals else None


def _rate(rs: list[dict]) -> dict[str, Any]:
    done = [r for r in rs if r["outcome"] in SCORED]
    k = sum(1 for r in done if r["solved"])
    lo, hi = wilson(k, len(done))
    return {"solved": k, "n": len(done), "rate": round(k / len(done), 6) if done else None,
            "ci95": [lo, hi]}


def pass_hat_k(rs: list[dict]) -> dict[str, float]:
    per_task: dict[str, list[bool]] = defaultdict(list)
    for r in rs:
        if r["outcome"] in SCORED:
            per_task[str(r["task"])].append(bool(r["solved"]))
    if not per_task:
        return {}
    kmax = max(len(v) for v in per_task.values())
    out = {}
    for k in range(1, kmax + 1):
        vals = [math.comb(sum(v), k) / math.comb(len(v), k) for v in per_task.values() if len(v) >= k]
        if vals:
            out[str(k)] = round(sum(vals) / len(vals), 6)
    return out


def summarize(rs: list[dict]) -> dict[str, Any]:
    done = [r for r in rs if r["outcome"] in SCORED]
    out = {
        "runs": len(rs), "completed": len(done),
        "unscored": sum(1 for r in rs if r["outcome"] == "unscored"),
        "harness_error": sum(1 for r in rs if r["outcome"] == "harness_error"),
        "agent_error": sum(1 for r in rs if r["outcome"] == "agent_error"),
        "interrupted": sum(1 for r in rs if r["outcome"] == "interrupted"),
        "tasks": len({r["task"] for r in rs}),
        "variants": sorted({int(r.get("variant") or 0) for r in rs}),
        "mean_score": _mean(r["score"] for r in done),
        "solve_rate": _rate(rs),
        "per_category": {c: _mean(r["categories"].get(c) for r in done) for c in CATEGORIES},
        "pass_k": pass_hat_k(rs),
        "per_kind": {},
    }
    for kind in sorted({r["kind"] for r in rs}):
        kr = [r for r in rs if r["kind"] == kind]
        out["per_kind"][kind] = {"runs": len(kr), "mean_score": _mean(r["score"] for r in kr
                                                                     if r["outcome"] in SCORED),
                                 "solve_rate": _rate(kr)}
    return out


def agent_label(r: dict[str, Any]) -> str:
    """One leaderboard row per agent and model: the same agent name on two models is two
    entries (`name [model]`); a run without a model is its agent's name alone."""
    return f"{r['agent']} [{r['model']}]" if r.get("model") else str(r["agent"])


def aggregate(records: list[dict]) -> dict[str, Any]:
    by_agent: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        by_agent[agent_label(r)].append(r)
    agents = {a: {**summarize(rs), "model": rs[0].get("model")} for a, rs in sorted(by_agent.items())}
    order = sorted(agents, key=lambda a: (-(agents[a]["solve_rate"]["rate"] or 0),
                                          -(agents[a]["mean_score"] or 0), a))
    return {"agents": agents, "ranking": order, "runs": len(records)}


def leaderboard_rows(agg: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for rank, a in enumerate(agg["ranking"], 1):
        s = agg["agents"][a]
        sr = s["solve_rate"]
        row = {"rank": rank, "agent": a, "model": s.get("model"), "runs": s["runs"], "completed": s["completed"],
               "unscored": s["unscored"], "harness_error": s["harness_error"],
               "variants": ",".join(map(str, s["variants"])),
               "mean_score": s["mean_score"], "solve_rate": sr["rate"],
               "ci95_low": sr["ci95"][0], "ci95_high": sr["ci95"][1]}
        for kind in KINDS:
            k = s["per_kind"].get(kind)
            row[f"{kind}_solve_rate"] = k["solve_rate"]["rate"] if k else None
        for c in CATEGORIES:
            row[f"{c}_mean"] = s["per_category"].get(c)
        for k, v in s["pass_k"].items():
            row[f"pass^{k}"] = v
        rows.append(row)
    return rows
