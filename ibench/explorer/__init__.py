"""The explorer: a deterministic stand-in for what real agents do during the agent phase, so
`ibench validate` can check that grading survives it (docs/agents.md, docs/task-authoring.md).

It runs in the harness process but uses only what an agent is given: the workspace, the values
in `.ibench/env` and the vendors through their proxy URLs. Per vendor of the task it reads the
docs and the OpenAPI document, logs in (after a try with wrong credentials), calls every
documented operation — lists, records, writes with valid and invalid bodies, deletes — asks
for a record that does not exist, registers a webhook endpoint at the receiver URL where the
vendor has webhooks, and bursts into the documented rate limit. Then it runs the starter's
entry commands, sends signed and badly signed test deliveries to the receiver, leaves files in
the state and output folders and deletes both folders.

Same seed, same requests in the same order: values come from a random.Random seeded by task
and vendor, ids from the seeded lists it read, and the walk is paced under the vendors' limits
so no throttling decides what comes next. It never raises (except for Ctrl-C): every failure
is a line in logs/agent.log."""
from __future__ import annotations

import random
import time
import traceback
import zlib
from pathlib import Path

from ibench.explorer.burst import burst
from ibench.explorer.client import Client
from ibench.explorer.entries import litter_and_delete, run_entries
from ibench.explorer.openapi import doc_links, operations, package_document, parse_document
from ibench.explorer.walk import VendorWalk
from ibench.explorer.webhooks import deliveries

WALK_BUDGET_S = 40.0  # the walk of one vendor is paced to fit in about this long


class Log:
    def __init__(self, path: Path):
        self.path = path
        self.t0 = time.monotonic()
        path.parent.mkdir(parents=True, exist_ok=True)

    def __call__(self, line: str) -> None:
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(f"[explorer {time.monotonic() - self.t0:7.2f}s] {line}\n")


def read_env(path: Path) -> dict[str, str]:
    env: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#") and "=" in line:
            key, _, value = line.partition("=")
            env[key.strip()] = value.strip()
    return env


def request_budget(traits) -> int:
    """Requests one vendor's walk may make: a few hundred, fewer where the documented limit
    would otherwise stretch the walk past WALK_BUDGET_S."""
    budget = 300
    for rule in traits.rate_limits.rules:
        if rule.match:
            continue
        if rule.policy == "fixed_window":
            budget = min(budget, int(rule.limit * WALK_BUDGET_S / rule.window_s))
        elif rule.policy == "token_bucket":
            budget = min(budget, int(rule.limit + 0.8 * (rule.refill_per_s or 1) * WALK_BUDGET_S))
    return max(40, budget)


def explore(rc) -> dict:
    log = Log(rc.bundle / "logs" / "agent.log")
    started = time.monotonic()
    summary: dict = {"vendors": {}, "entries": [], "deliveries": [], "removed": []}
    walks: list[VendorWalk] = []
    env: dict[str, str] = {}
    try:
        env = read_env(rc.workspace.repo / ".ibench" / "env")
        log(f"task {rc.spec.id}: exploring {', '.join(v.name for v in rc.spec.vendors)}")
        for use in rc.spec.vendors:
            walk = explore_vendor(rc.spec.id, use, env, log, read_only=use.name in rc.spec.agent.read_only)
            if walk is not None:
                walks.append(walk)
                summary["vendors"][use.name] = {"requests": walk.client.requests,
                                                "statuses": {str(k): v for k, v in sorted(walk.client.statuses.items(), key=str)}}

        def deliver() -> list:
            summary["deliveries"] = deliveries(walks, env.get("IB_RECEIVER_URL"), log)
            return summary["deliveries"]

        summary["entries"] = run_entries(rc, log, log.path, deliver)
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - the explorer must never fail a run
        log(f"explorer stopped early: {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        summary["error"] = f"{type(exc).__name__}: {exc}"
    finally:
        for walk in walks:
            walk.client.close()
    try:
        summary["removed"] = litter_and_delete(env, log)
    except Exception as exc:  # noqa: BLE001
        log(f"cleaning up failed: {type(exc).__name__}: {exc}")
    summary["duration_s"] = round(time.monotonic() - started, 3)
    log(f"done in {summary['duration_s']:.1f} s: {summary['vendors']}")
    return summary


def explore_vendor(task_id: str, use, env: dict[str, str], log: Log,
                   read_only: bool = False) -> VendorWalk | None:
    from bundle.traits import load_traits

    traits = load_traits(use.name)
    prefix = traits.env_prefix + "_"
    base, docs = env.get(prefix + "BASE_URL"), env.get(prefix + "DOCS_URL")
    if not base:
        log(f"{use.name}: no {prefix}BASE_URL in .ibench/env; skipped")
        return None
    creds = {k[len(prefix):].lower(): v for k, v in env.items()
             if k.startswith(prefix) and k not in (prefix + "BASE_URL", prefix + "DOCS_URL")}
    client = Client(use.name, base, traits, creds, log, request_budget(traits))
    rng = random.Random(zlib.crc32(f"{task_id}:{use.name}:{use.seed}".encode()))
    doc = read_docs(client, docs, use.name, log)
    if doc is None:
        log(f"{use.name}: no OpenAPI document; only the docs were read")
        return None
    walk = VendorWalk(use.name, traits, client, operations(doc), rng, env.get("IB_RECEIVER_URL"), log)
    stages = [("log in", lambda: walk.bootstrap(wrong_first=True)), ("reads", walk.reads),
              ("401", walk.probe_unauthorized), ("404", walk.probe_missing), ("writes", walk.writes),
              ("deletes", walk.deletes), ("burst", lambda: burst(walk))]
    if read_only:  # the task's agent.read_only: the ticket forbids writes here, even in tests
        log(f"{use.name}: read-only for this task (agent.read_only): no writes, no deletes")
        stages = [(n, f) for n, f in stages if n not in ("writes", "deletes")]
    short_tokens = traits.auth.token is not None and traits.auth.token.ttl_s <= 300
    for i, (name, stage) in enumerate(stages):
        if short_tokens and i > 1:  # fresh tokens at fixed points (not on expiry: that is timing)
            walk.bootstrap(wrong_first=False)
        try:
            stage()
        except KeyboardInterrupt:
            raise
        except Exception as exc:  # noqa: BLE001 - one stage failing does not end the walk
            log(f"{use.name} {name} failed: {type(exc).__name__}: {exc}\n{traceback.format_exc()}")
    log(f"{use.name}: {client.requests} requests, statuses {dict(client.statuses)}")
    return walk


def read_docs(client: Client, docs_url: str | None, vendor: str, log: Log) -> dict | None:
    """The docs index and every page it links to, then the OpenAPI document: served at
    /openapi.yaml, or (for a vendor that keeps it internal) the vendor package's copy."""
    doc = None
    if docs_url:
        docs_path = client.target(docs_url)[len(client.base):]
        index = client.send("GET", docs_path, mode="none", label="(docs) ")
        links = doc_links(index.text) if index is not None and index.status_code == 200 else []
        for link in links[:40]:
            path = link if link.startswith("/") else docs_path.rstrip("/") + "/" + link
            resp = client.send("GET", path, mode="none", label="(docs) ")
            if link.endswith(".yaml") and resp is not None and resp.status_code == 200:
                doc = parse_document(resp.text)
    if doc is None:
        resp = client.send("GET", "/openapi.yaml", mode="none", label="(docs) ")
        if resp is not None and resp.status_code == 200:
            doc = parse_document(resp.text)
    if doc is None:
        doc = package_document(vendor)
        if doc is not None:
            log(f"{vendor}: /openapi.yaml is not served; using the vendor package's OpenAPI document")
    return doc
