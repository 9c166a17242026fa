"""Bursts: the explorer finds the vendor's rate limit the way an impatient agent does, by
sending one list request many times at once, sized from the limit the vendor documents so the
burst is the same every run and does cross it."""
from __future__ import annotations

import math
import re
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from ibench.agents import STOP
from ibench.explorer.client import rule_matches

MAX_BURST = 1000  # beyond this a limit is not worth finding by brute force


def plan(traits, list_paths: list[str]) -> tuple[int, int, str, object] | None:
    """(requests, parallel workers, path, rule) of the cheapest burst that crosses a rule."""
    headers = traits.rate_limits.dialect != "none"
    options = []
    for rule in traits.rate_limits.rules:
        paths = [p for p in list_paths if rule_matches(rule, "GET", p.split("?", 1)[0])]
        if not paths:
            continue
        if rule.policy == "fixed_window":
            # With the reset time in the headers the burst can start in a fresh window, so
            # limit + a few cross it; without, two windows' worth is the only guarantee.
            n, workers = (rule.limit + 5 if headers else 2 * rule.limit + 1), 4
        elif rule.policy == "token_bucket":
            n, workers = rule.limit + math.ceil(2 * (rule.refill_per_s or rule.limit / rule.window_s)) + 10, 4
        elif rule.policy == "concurrency":
            n, workers = 8 * rule.limit + 8, 8
        else:
            continue  # error_burst: a block, not a rate limit (and a 60 s one): not provoked
        options.append((n, workers, paths[0], rule))
    return min(options, key=lambda o: o[0]) if options else None


def reset_in(traits, headers) -> float | None:
    """Seconds until the current window resets, from the dialect's headers."""
    dialect = traits.rate_limits.dialect
    if dialect == "x-ratelimit":
        value = headers.get("X-RateLimit-Reset")
    elif dialect == "x-rate-limit":
        value = headers.get("X-Rate-Limit-Reset")
    elif dialect == "ietf":
        m = re.search(r";t=(\d+)", headers.get("RateLimit", ""))
        value = m.group(1) if m else None
    else:
        value = None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def burst(walk) -> dict:
    client, traits = walk.client, walk.traits
    gets = [path for op, path in walk.read_calls if op.method == "GET"]
    chosen = plan(traits, gets)
    if chosen is None:
        walk.log(f"{walk.name} burst: no documented rate limit on a list the explorer read")
        return {}
    n, workers, path, rule = chosen
    if n > MAX_BURST:
        walk.log(f"{walk.name} burst: rule {rule.id} needs {n} requests (over {MAX_BURST}); not provoked")
        return {}
    if rule.policy == "fixed_window":
        left = reset_in(traits, client.last_headers)
        needed = n * client.mean_latency() / workers * 2 + 1
        if left is not None and left < needed:  # start in a fresh window, so the burst fills one
            walk.log(f"{walk.name} burst: waiting {left:.1f} s for the window of {rule.id} to reset")
            STOP.wait(left + 0.5)
    walk.log(f"{walk.name} burst: {n} x GET {path} with {workers} at once (rule {rule.id}, {rule.policy})")
    statuses: Counter = Counter()
    lock = threading.Lock()
    started = time.monotonic()

    def one(_: int) -> None:
        resp = client.send("GET", path, paced=False, quiet=True)
        with lock:
            statuses[resp.status_code if resp is not None else "error"] += 1

    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(one, range(n)))
    summary = {str(k): v for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0]))}
    walk.log(f"{walk.name} burst: {summary} in {time.monotonic() - started:.1f} s")
    return summary
