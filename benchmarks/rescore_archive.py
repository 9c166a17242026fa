"""Benchmark: re-scoring an archive of bundles, batch against one `ibench grade` per bundle.

    .venv/bin/python benchmarks/rescore_archive.py [--bundles 1000] [--jobs 2] [--baseline 20]

Builds an archive of `--bundles` bundles in a temporary directory from the committed samples
(traces/samples, hard-linked copies, so it costs no disk), then in the same run:

- batch: `ibench rescore ARCHIVE -j JOBS` over the whole archive (bundles per second);
- baseline: `ibench grade BUNDLE --out FILE` once per bundle, a process each, as a lab scripting
  the grader bundle by bundle would, over `--baseline` bundles spread across the archive;
- identity: every batch verdict byte-identical to the baseline's verdict of the same bundle,
  and every copy of a sample to the first copy's.

Prints bundles/s against the goal of 20 and the batch's speed-up over the baseline against the
goal of 5× (docs/grader.md, "Re-scoring an archive"). Nothing here is a timed test assertion.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "traces" / "samples"
IBENCH = [sys.executable, "-m", "ibench.cli"]
GOAL_RATE, GOAL_SPEEDUP = 20.0, 5.0


def build_archive(dest: Path, n: int) -> list[Path]:
    samples = sorted(p for p in SAMPLES.iterdir() if (p / "manifest.json").is_file())
    out = []
    for i in range(n):
        src = samples[i % len(samples)]
        target = dest / f"copy{i // len(samples):03d}" / src.name
        # hard links: a re-score writes verdict.rescored.json as a new file (written atomically,
        # bundle/signing.py), so the committed samples are never written through
        shutil.copytree(src, target, copy_function=os.link,
                        ignore=shutil.ignore_patterns("verdict.rescored.*"))
        out.append(target)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bundles", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--baseline", type=int, default=20, help="bundles graded one process each")
    ap.add_argument("--keep", type=Path, help="build the archive here and keep it")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="ib-rescore-bench-"))
    arch = args.keep or tmp / "archive"
    trust = ["--trust", str(SAMPLES / "signers.pub")]  # the samples key, outside traces/samples
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        bundles = build_archive(arch, args.bundles)
        t0 = time.perf_counter()
        r = subprocess.run(IBENCH + ["rescore", str(arch), "-j", str(args.jobs)] + trust,
                           capture_output=True, text=True, env=env, cwd=ROOT)
        batch_s = time.perf_counter() - t0
        if r.returncode != 0:
            print(r.stdout[-2000:], r.stderr[-2000:], sep="\n")
            print("FAIL: the batch re-score did not grade every bundle")
            return 1
        step = max(1, len(bundles) // max(1, args.baseline))
        chosen = bundles[::step][:args.baseline]
        base_dir = tmp / "baseline"
        base_dir.mkdir()
        t0 = time.perf_counter()
        for i, b in enumerate(chosen):
            subprocess.run(IBENCH + ["grade", str(b), "--out", str(base_dir / f"{i}.json")] + trust,
                           capture_output=True, text=True, env=env, cwd=ROOT)
        base_s = time.perf_counter() - t0
        differ = [str(b) for i, b in enumerate(chosen)
                  if not (base_dir / f"{i}.json").is_file()
                  or (base_dir / f"{i}.json").read_bytes() != (b / "verdict.rescored.json").read_bytes()]
        first: dict[str, bytes] = {}
        for b in bundles:
            data = (b / "verdict.rescored.json").read_bytes()
            if first.setdefault(b.name, data) != data:
                differ.append(str(b))
        rate = len(bundles) / batch_s
        per_base, per_batch = base_s / len(chosen), batch_s / len(bundles)
        speedup = per_base / per_batch
        print(f"archive: {len(bundles)} bundles (copies of {len(first)} samples), jobs {args.jobs}")
        print(f"batch    ibench rescore      {batch_s:8.1f} s  {rate:6.1f} bundles/s  "
              f"(goal >= {GOAL_RATE:g}: {'met' if rate >= GOAL_RATE else 'NOT met'})")
        print(f"baseline ibench grade x{len(chosen):<4}  {base_s:8.1f} s  {per_base:6.3f} s/bundle")
        print(f"speed-up batch / baseline: {speedup:.1f}x  "
              f"(goal >= {GOAL_SPEEDUP:g}x: {'met' if speedup >= GOAL_SPEEDUP else 'NOT met'})")
        print(f"verdicts byte-identical: {'yes' if not differ else f'NO, {len(differ)} differ'}")
        return 1 if differ else 0
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
