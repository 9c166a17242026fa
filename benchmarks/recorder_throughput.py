"""Throughput and latency of the recorder, in one run, on loopback:

  (a) a tiny Flask app served by waitress, direct
  (b) mitmproxy as shipped in front of it: a reverse-proxy DumpMaster with every default addon
      mitmproxy loads (no term log, no dumper) and none of the recorder's
  (b2) "pruned": the same DumpMaster with only the default addons the recorder keeps
      (recorder.master.KEEP_ADDONS) and none of the recorder's own
  (c) the recorder: the pruned defaults plus all its own addons (guard, webhooks, rate limits,
      faults, record), no active faults

c/b2 is the cost of the recorder's own addons alone, c/b the recorder against mitmproxy as
shipped. The goal (issue "Speed at archive scale") is c/b2 >= 0.9 at concurrency 1 and 8: the
run checks it on paired rounds, each round's recorder req/s over the pruned proxy's in the
same round (the targets of a round run back to back), and reports the median of those ratios:
on a 2-core machine the load generator, the upstream and the proxy share the cores, and whole
rounds speed up or slow down together.

Prints req/s, p50 and p99 latency of each and the ratios b/a and c/b. Each target gets the same
bounded number of keep-alive requests at the same concurrency; rounds are interleaved and the
median round is reported (runs on a shared machine vary by +-30%: compare ratios in one run).

    .venv/bin/python benchmarks/recorder_throughput.py [--requests 3000] [--concurrency 8]
        [--rounds 3] [--rss 50000]

`--rss N` also sends N requests through the recorder and reports its RSS growth.
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_RATIO = 0.9  # recorder req/s over the pruned proxy's (issue "Speed at archive scale")
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


# -- child processes ------------------------------------------------------------------------------

def serve_upstream() -> None:
    from flask import Flask, jsonify, request
    from waitress import create_server

    app = Flask("bench-upstream")

    @app.route("/v1/items", methods=["GET", "POST"])
    def items():
        return jsonify(data=[{"id": i, "name": f"item-{i}"} for i in range(5)], n=request.args.get("n"))

    server = create_server(app, host="127.0.0.1", port=0, threads=8)
    print(json.dumps({"port": server.effective_port}), flush=True)
    server.run()


def serve_bare_proxy(upstream: str, prune: bool = False) -> None:
    async def main():
        from mitmproxy import options
        from mitmproxy.tools.dump import DumpMaster

        confdir = tempfile.mkdtemp(prefix="ib-bench-")
        opts = options.Options(mode=[f"reverse:{upstream}@0"], listen_host="127.0.0.1", confdir=confdir)
        master = DumpMaster(opts, with_termlog=False, with_dumper=False)
        if prune:
            from recorder.master import prune_addons

            prune_addons(master)
        master.options.update(connection_strategy="lazy", keep_host_header=True)
        task = asyncio.create_task(master.run())
        proxyserver = master.addons.get("proxyserver")
        while not proxyserver.is_running:
            await asyncio.sleep(0.01)
        port = next(iter(proxyserver.servers)).listen_addrs[0][1]
        print(json.dumps({"port": port}), flush=True)
        await task

    asyncio.run(main())


def spawn(*args: str) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, __file__, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = proc.stdout.readline()
    return proc, json.loads(line)["port"]


# -- load -----------------------------------------------------------------------------------------

def load(port: int, total: int, concurrency: int) -> dict:
    latencies: list[float] = []
    lock = threading.Lock()
    counter = iter(range(total))
    errors = [0]

    def worker():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        while True:
            with lock:
                i = next(counter, None)
            if i is None:
                break
            t0 = time.perf_counter()
            try:
                conn.request("GET", f"/v1/items?n={i}")
                resp = conn.getresponse()
                resp.read()
                if resp.status != 200:
                    errors[0] += 1
            except OSError:
                errors[0] += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            mine.append(time.perf_counter() - t0)
        conn.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    start = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    elapsed = time.perf_counter() - start
    latencies.sort()
    return {
        "rps": total / elapsed,
        "p50_ms": latencies[len(latencies) // 2] * 1000,
        "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "errors": errors[0],
    }


def cpu_s(pid: int) -> float:
    """User + system CPU seconds used so far by a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--rss", type=int, default=0, help="also send N requests through the recorder, report RSS")
    parser.add_argument("--serve-upstream", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--bare-proxy", help=argparse.SUPPRESS)
    parser.add_argument("--prune", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_upstream:
        serve_upstream()
        return 0
    if args.bare_proxy:
        serve_bare_proxy(args.bare_proxy, args.prune)
        return 0

    from recorder.process import start_recorder

    children: list[subprocess.Popen] = []
    recorder = None
    try:
        upstream, up_port = spawn("--serve-upstream")
        children.append(upstream)
        bare, bare_port = spawn("--bare-proxy", f"http://127.0.0.1:{up_port}")
        children.append(bare)
        pruned, pruned_port = spawn("--bare-proxy", f"http://127.0.0.1:{up_port}", "--prune")
        children.append(pruned)
        bundle = tempfile.mkdtemp(prefix="ib-bench-bundle-")
        recorder = start_recorder({
            "run_id": "bench", "out_dir": bundle, "nonce": "bench-nonce-0001",
            "vendors": [{"name": "placemint", "upstream_url": f"http://127.0.0.1:{up_port}", "listen_port": 0}],
            "control": {"port": 0, "token": "bench-token-0001"},
            # the rate limiter runs (and adds its headers) but never refuses
            "rate_limits": {"placemint": {"rules": [{"id": "bench", "policy": "fixed_window", "limit": 10**9,
                                                     "window_s": 60}]}},
        }, timeout=60)
        targets = {"a_direct": up_port, "b_mitmproxy": bare_port, "b2_pruned": pruned_port,
                   "c_recorder": recorder.vendor_ports["placemint"]}
        # CPU time of the serving process per request: steadier than req/s on a busy machine
        pids = {"a_direct": upstream.pid, "b_mitmproxy": bare.pid, "b2_pruned": pruned.pid,
                "c_recorder": recorder.pid}
        results: dict[str, list[dict]] = {k: [] for k in targets}
        for port in targets.values():
            load(port, args.warmup, args.concurrency)
        for _ in range(args.rounds):
            for name, port in targets.items():
                cpu0 = cpu_s(pids[name])
                result = load(port, args.requests, args.concurrency)
                result["cpu_us"] = (cpu_s(pids[name]) - cpu0) / args.requests * 1e6
                results[name].append(result)
        rss = None
        if args.rss:
            before = rss_kb(recorder.pid)
            done = 0
            while done < args.rss:
                n = min(5000, args.rss - done)
                load(targets["c_recorder"], n, args.concurrency)
                done += n
            rss = (before, rss_kb(recorder.pid))
    finally:
        if recorder is not None:
            recorder.stop()
        for proc in children:
            proc.terminate()
            proc.wait(10)
    rows = Path(bundle, "exchanges.jsonl").read_text().count("\n")

    med = {name: sorted(rs, key=lambda r: r["rps"])[len(rs) // 2] for name, rs in results.items()}
    print(f"{args.requests} GET requests per target, concurrency {args.concurrency}, "
          f"{args.rounds} rounds (median round shown), loopback, {os.cpu_count()} CPUs")
    cpu = {name: statistics.median(x["cpu_us"] for x in rs) for name, rs in results.items()}
    print(f"{'target':<14}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'errors':>8}{'CPU us/req':>12}   rounds req/s")
    for name, r in med.items():
        each = " ".join(f"{x['rps']:.0f}" for x in results[name])
        print(f"{name:<14}{r['rps']:>10.0f}{r['p50_ms']:>10.2f}{r['p99_ms']:>10.2f}{r['errors']:>8}"
              f"{cpu[name]:>12.0f}   {each}")
    print(f"ratio b/a (mitmproxy / direct):   {med['b_mitmproxy']['rps'] / med['a_direct']['rps']:.2f}")
    print(f"ratio c/b (recorder / mitmproxy): {med['c_recorder']['rps'] / med['b_mitmproxy']['rps']:.2f}")
    print(f"ratio c/b2 (recorder / mitmproxy with the recorder's pruned default addons): "
          f"{med['c_recorder']['rps'] / med['b2_pruned']['rps']:.2f}")
    print(f"CPU per request (median of rounds): recorder {cpu['c_recorder']:.0f} us, bare mitmproxy "
          f"{cpu['b_mitmproxy']:.0f} us, pruned {cpu['b2_pruned']:.0f} us -> CPU-bound throughput ratio "
          f"c/b {cpu['b_mitmproxy'] / cpu['c_recorder']:.2f}, c/b2 {cpu['b2_pruned'] / cpu['c_recorder']:.2f}")
    paired = sorted(c["rps"] / b["rps"] for c, b in zip(results["c_recorder"], results["b2_pruned"]))
    ratio = statistics.median(paired)
    print(f"paired rounds, recorder / pruned req/s: {' '.join(f'{x:.2f}' for x in paired)}")
    print(f"recorder / pruned mitmproxy at concurrency {args.concurrency}: median of paired rounds "
          f"{ratio:.2f} (goal >= {GOAL_RATIO}: {'met' if ratio >= GOAL_RATIO else 'NOT met'})")
    print(f"recorder wrote {rows} exchange rows")
    if rss:
        print(f"recorder RSS over {args.rss} more exchanges: {rss[0] / 1024:.1f} MB -> {rss[1] / 1024:.1f} MB "
              f"(growth {(rss[1] - rss[0]) / 1024:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
