"""What the sandbox's network bridge costs: the same HTTP client against the same upstream,
once directly on the host's loopback and once from inside a run's network namespace through
the bridge (ibench.netns.RunNetwork: a listener in the namespace relayed to the host port by
the harness process), in one run, rounds interleaved, the median round reported.

Workloads (each a client process doing its requests one after another, like a connector):
  small-new   small GETs, a new connection each (requests without a Session)
  small-keep  small GETs on one keep-alive connection
  large       POST of a large body echoed back (both directions through the relay)
  parallel    small GETs from 16 threads, a new connection each
  rec-new     small-new, through the recorder in front of the same upstream (the real path:
  rec-keep    small-keep,  an integration always talks to the recorder's public listener)

The first four are the bridge against a trivial upstream (the worst case: the bridge's hop is
most of the round trip); the rec-* pair is what an integration sees. Prints the time of each,
the median of the per-round ratios bridged/direct and the ratio of the best times; compare
ratios, not times (a shared machine varies). Needs root
(a network namespace).

    .venv/bin/python benchmarks/sandbox_bridge.py [--requests 2000] [--large-mb 32] [--rounds 5]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

UPSTREAM = r'''
import json, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    wbufsize = 1 << 16  # headers and body in one write, as a real server sends them (no Nagle stall)
    def _send(self, body):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def do_GET(self):
        self._send(json.dumps({"data": [{"id": i, "name": f"item-{i}"} for i in range(5)]}).encode())
    def do_POST(self):
        self._send(self.rfile.read(int(self.headers["Content-Length"])))
    def log_message(self, *a):
        pass

ThreadingHTTPServer.request_queue_size = 1024
ThreadingHTTPServer.daemon_threads = True
srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
print(srv.server_address[1], flush=True)
srv.serve_forever()
'''

CLIENT = r'''
import http.client, json, sys, time
from concurrent.futures import ThreadPoolExecutor
port, kind, n, mb = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])

def get(conn=None):
    c = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    c.request("GET", "/v1/items")
    r = c.getresponse(); r.read()
    assert r.status == 200, (r.status, r.headers.items())
    if conn is None:
        c.close()

t = time.perf_counter()
if kind == "small-new":
    for _ in range(n):
        get()
elif kind == "small-keep":
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(n):
        get(c)
elif kind == "parallel":
    with ThreadPoolExecutor(16) as pool:
        list(pool.map(lambda _: get(), range(n)))
elif kind == "large":
    body = b"x" * (mb * 1024 * 1024)
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    c.request("POST", "/echo", body=body)
    r = c.getresponse()
    assert len(r.read()) == len(body)
print(json.dumps({"s": time.perf_counter() - t}))
'''


def run_client(prefix: list[str], port: int, kind: str, n: int, mb: int) -> float:
    out = subprocess.run(prefix + [sys.executable, "-c", CLIENT, str(port), kind, str(n), str(mb)],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"client {kind} {'bridged' if prefix else 'direct'} failed: {out.stderr.strip()[-800:]}")
    return json.loads(out.stdout)["s"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--large-mb", type=int, default=32)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    if os.geteuid() != 0:
        print("needs root (a network namespace of its own)", file=sys.stderr)
        return 2
    from ibench.netns import RunNetwork

    import tempfile

    from recorder.process import start_recorder

    upstream = subprocess.Popen([sys.executable, "-c", UPSTREAM], stdout=subprocess.PIPE, text=True)
    port = int(upstream.stdout.readline())
    recorder = start_recorder({
        "run_id": "bench", "out_dir": tempfile.mkdtemp(prefix="ib-bench-bridge-"), "nonce": "bench-nonce-0001",
        "vendors": [{"name": "placemint", "upstream_url": f"http://127.0.0.1:{port}", "listen_port": 0}],
        "control": {"port": 0, "token": "bench-token-0001"},
        # the rate limiter runs but never refuses (placemint's own limits would)
        "rate_limits": {"placemint": {"rules": [{"id": "bench", "policy": "fixed_window", "limit": 10**9,
                                                 "window_s": 60}]}}}, timeout=60)
    rec_port = recorder.vendor_ports["placemint"]
    net = RunNetwork([port, rec_port])
    inside = ["nsenter", f"--net={net.path}", "--"]
    try:
        rec_n = max(1, args.requests // 4)
        kinds = {"small-new": (port, args.requests), "small-keep": (port, args.requests),
                 "parallel": (port, args.requests), "large": (port, 1),
                 "rec-new": (rec_port, rec_n), "rec-keep": (rec_port, rec_n)}
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.rounds):
            for kind, (target, n) in kinds.items():
                for where, prefix in (("direct", []), ("bridged", inside)):
                    times.setdefault((kind, where), []).append(
                        run_client(prefix, target, kind.replace("rec-", "small-"), n, args.large_mb))
        # Each round runs direct and bridged back to back: the median of those paired ratios
        # and the ratio of the best times are both robust to a neighbour's load coming and going.
        print(f"{'workload':<12} {'direct s':>9} {'bridged s':>9} {'ratio':>6} {'best/best':>9}   (median of "
              f"{args.rounds} rounds)")
        for kind, (_, n) in kinds.items():
            d, b = times[(kind, "direct")], times[(kind, "bridged")]
            paired = statistics.median(y / x for x, y in zip(d, b))
            what = f"{n} req" if kind != "large" else f"{args.large_mb} MB"
            print(f"{kind:<12} {statistics.median(d):>9.3f} {statistics.median(b):>9.3f} {paired:>6.2f} "
                  f"{min(b) / min(d):>9.2f}   {what}")
    finally:
        net.close()
        recorder.stop()
        upstream.kill()
        upstream.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
