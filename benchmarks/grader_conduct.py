"""Benchmark: the conduct library over a synthetic 1,000,000-exchange bundle.

    .venv/bin/python benchmarks/grader_conduct.py [--rows 1000000] [--keep DIR] [--threads N]

Generates the bundle with DuckDB (exchanges.parquet, events.jsonl, traits, a state dump,
manifest) in a temporary directory, loads it with the grader, then times every conduct check
(each one recorded with its evidence: the traits below give every check something to judge) and
compares with a plain `SELECT count(*)` and a one-column scan in the same process. Target: the
whole library in at most 5 s on the 2-core reference machine (docs/grader.md, "Speed").
"""
from __future__ import annotations

import argparse
import copy
import shutil
import sys
import tempfile
import time
from pathlib import Path

import duckdb
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bundle.signing import seal_bundle  # noqa: E402
from grader.bundle import load_bundle  # noqa: E402
from grader.conduct import Context, checks, evaluate  # noqa: E402
from grader.criteria import Criterion  # noqa: E402
from grader.sqlutil import literal  # noqa: E402

VENDORS = ["placemint", "talentforge", "staffline"]


def traits() -> dict[str, dict]:
    docs = {v: yaml.safe_load((ROOT / "vendors" / v / "vendor.yaml").read_text()) for v in VENDORS}
    docs = copy.deepcopy(docs)
    # give every rate-limit policy something to judge
    docs["placemint"]["rate_limits"]["rules"] += [
        {"id": "one-list", "policy": "concurrency", "limit": 1, "match": {"method": "GET"}},
        {"id": "errors", "policy": "error_burst", "limit": 20, "window_s": 10, "block_s": 60}]
    return docs


EXCHANGES_SQL = """
COPY (
  WITH base AS (
    SELECT i AS seq, CAST(hash(i) % 1000 AS BIGINT) AS h, i % 3 AS vi, i % 50 AS w, (i % 40) * 25 AS off
    FROM range(1, {n} + 1) t(i)
  ), rows AS (
    SELECT seq, h, w, off,
      ['placemint', 'talentforge', 'staffline'][vi + 1] AS vendor,
      CASE WHEN seq <= {n} // 50 THEN 'agent'
           ELSE 'scenario:run' || CAST(1 + (seq * 4) // ({n} + 1) AS VARCHAR) END AS phase,
      CASE WHEN seq % 997 = 0 THEN 'to_receiver' ELSE 'to_vendor' END AS direction,
      CASE WHEN h < 4 THEN 429 WHEN h < 9 THEN 503 WHEN h < 11 THEN 401 WHEN h < 13 THEN NULL
           WHEN h < 15 THEN 404 ELSE 200 END AS status,
      TIMESTAMP '2026-03-02 09:00:00' + to_microseconds(seq * 10000) AS started_at
    FROM base
  )
  SELECT seq, 'bench' AS run_id, phase, direction, vendor, started_at,
    started_at + to_microseconds(3000 + (h * 7) % 5000) AS ended_at,
    (3000 + (h * 7) % 5000) / 1000.0 AS duration_ms,
    CASE WHEN w = 0 THEN 'POST' ELSE 'GET' END AS method,
    'http://127.0.0.1:18000' || p || '?offset=' || off AS url,
    CASE WHEN direction = 'to_receiver' THEN '/hooks/' || vendor
         WHEN vendor = 'talentforge' AND seq % 200 = 1 THEN '/oauth/token'
         WHEN vendor = 'staffline' AND seq % 5000 = 2 THEN '/v1/login' ELSE p END AS path,
    json_object('offset', [CAST(off AS VARCHAR)], 'limit', ['25'])::JSON AS query,
    json_object('authorization', CASE vendor WHEN 'placemint' THEN 'Bearer pm_test_4f8e21bb'
                                             ELSE 'Bearer tok_' || (seq // 6000) END,
                'user-agent', 'conn/1.0',
                'idempotency-key', CASE WHEN w = 0 THEN 'k-' || (seq // 2) END)::JSON AS req_headers,
    json_object('content-type', 'application/json',
                'retry-after', CASE WHEN status IN (429, 503) AND vendor <> 'talentforge' THEN '1' END,
                'ratelimit', CASE WHEN status = 429 AND vendor = 'talentforge' THEN '"burst";r=0;t=1' END,
                'date', strftime(started_at, '%a, %d %b %Y %H:%M:%S GMT'))::JSON AS resp_headers,
    CASE WHEN w = 0 THEN '{{"placement_id": "plc_' || (seq // 2) || '", "amount_cents": 1000}}' END AS req_body,
    CASE WHEN status = 200 AND h = 999 THEN '{{"success": false, "errorInfo": {{"code": "rate_limit_exceeded", "retryAfterSeconds": 1}}}}'
         WHEN status = 200 THEN '{{"data": [{{"id": "plc_' || seq || '"}}], "total": 1000}}'
         ELSE '{{"error": "x"}}' END AS resp_body,
    'utf8' AS req_body_encoding, 'utf8' AS resp_body_encoding,
    status,
    CASE WHEN status IN (429, 503) OR status IS NULL THEN 'rule-' || h END AS fault,
    CASE WHEN status IS NULL THEN 'reset' WHEN status IN (429, 503) THEN 'status' END AS fault_action,
    status IS NOT NULL AS upstream_called,
    CASE WHEN status IS NULL THEN 'reset' ELSE 'full' END AS client_saw,
    CASE WHEN direction = 'to_receiver' AND seq % 3 = 0 THEN 'bad_signature' END AS forged,
    NULL::VARCHAR AS error
  FROM (SELECT *, CASE vendor WHEN 'placemint' THEN '/v1/placements'
                              WHEN 'talentforge' THEN '/api/v2/candidates'
                              ELSE '/v1/candidates' END AS p FROM rows)
  ORDER BY seq
) TO {out} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880)
"""


def generate(root: Path, n: int) -> None:
    root.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect()
    con.execute(EXCHANGES_SQL.format(n=n, out=literal(str(root / "exchanges.parquet"))))
    (root / "events.jsonl").write_text(
        '{"at": "2026-03-02T09:00:00Z", "source": "harness", "type": "phase", "phase": "agent", '
        '"name": "agent", "state": "start"}\n')
    (root / "traits").mkdir(exist_ok=True)
    for v, doc in traits().items():
        (root / "traits" / f"{v}.yaml").write_text(yaml.safe_dump(doc))
    st = root / "state" / "final" / "placemint"
    st.mkdir(parents=True, exist_ok=True)
    con.execute(f"COPY (SELECT 'plc_' || i AS id FROM range(1000) t(i)) TO "
                f"{literal(str(st / 'placements.parquet'))} (FORMAT parquet)")
    con.execute(f"COPY (SELECT 'x' AS path WHERE FALSE) TO "
                f"{literal(str(st / 'bypass_log.parquet'))} (FORMAT parquet)")
    con.close()
    seal_bundle(root, {"schema_version": 1, "run_id": "bench", "task": {"id": "bench"},
                       "agent": "bench", "outcome": "completed"})


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--keep", type=Path, help="write the bundle here and keep it")
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="ib-grader-bench-"))
    root = args.keep or tmp / "bundle"
    try:
        t_gen, _ = timed(lambda: generate(root, args.rows))
        size = (root / "exchanges.parquet").stat().st_size / 1e6
        print(f"generated {args.rows:,} exchanges in {t_gen:.1f} s ({size:.0f} MB parquet)")
        t_load, bundle = timed(lambda: load_bundle(root, threads=args.threads))
        print(f"verify + load: {t_load:.2f} s (verify {bundle.timings['verify_s']:.2f} s, "
              f"load {bundle.timings['load_s']:.2f} s)")
        con = bundle.con
        base1, _ = timed(lambda: con.execute("SELECT count(*) FROM exchanges").fetchall())
        base2, _ = timed(lambda: con.execute(
            "SELECT count(*) FROM exchanges WHERE contains(path, 'x') OR status = 999").fetchall())
        ctx = Context.from_bundle(bundle)
        total = 0.0
        print(f"{'check':<26} {'time s':>8} {'recorded':>9} {'violations':>11} {'evidence':>9}")
        for check in checks():
            crit = Criterion(id=check.id, source="bench", category="conduct", conduct=check.id,
                             params={"phases": ["*"]} if check.id in ("no_full_resync",) else {})
            t, r = timed(lambda: evaluate(ctx, crit))
            total += t
            if r.error:
                print(f"{check.id:<26} {t:8.3f}  ERROR {r.error}")
                continue
            print(f"{check.id:<26} {t:8.3f} {str(r.applicable):>9} {str(r.violations):>11} "
                  f"{int(r.population or 0):>9}")
        print(f"{'whole library':<26} {total:8.3f}")
        print(f"baseline SELECT count(*):            {base1 * 1000:8.2f} ms "
              f"(library = {total / max(base1, 1e-9):,.0f}x)")
        print(f"baseline one-column scan (path):     {base2 * 1000:8.2f} ms "
              f"(library = {total / max(base2, 1e-9):,.0f}x)")
        print(f"target: whole library <= 5 s -> {'MET' if total <= 5 else 'MISSED'}")
        bundle.close()
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
