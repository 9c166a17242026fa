"""`python -m ibench.vendor_service`: a run's vendors in a process of their own (the services
container of `--runtime docker`, ibench.docker_runtime).

It reads one JSON line on stdin — the vendors (name, dataset, seed, credentials), their ports
and control tokens, the proxy nonce — starts them as a local run does (ibench.vendorhost),
prints `{"ready": true}` and serves until stdin closes or SIGTERM: the harness holds stdin, so
the vendors never outlive the run that started them. The tokens travel on the pipe, never on
a command line or in an environment."""
from __future__ import annotations

import json
import signal
import sys
import threading
from types import SimpleNamespace


def main() -> int:
    from ibench.vendorhost import start_vendors

    line = sys.stdin.readline()
    try:
        cfg = json.loads(line)
        uses = [SimpleNamespace(name=v["name"], dataset=v["dataset"], seed=v["seed"],
                                credentials=dict(v.get("credentials") or {})) for v in cfg["vendors"]]
    except (ValueError, KeyError, TypeError) as exc:
        print(f"vendor_service: bad config line: {exc}", file=sys.stderr)
        return 2
    handles = start_vendors(uses, cfg.get("nonce"), cfg.get("ports"), tokens=cfg.get("tokens"))
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    print(json.dumps({"ready": True, "vendors": {n: h.upstream_url for n, h in handles.items()}}), flush=True)
    done.wait()
    for h in handles.values():
        h.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
