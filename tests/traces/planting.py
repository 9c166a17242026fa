"""Planting traffic into a copy of a committed sample bundle (tests/traces/test_phase_scoping.py).

A plant is a list of items, each an exchange or an event with the scenario phase it would belong
to in the control; `render(items, agent=True)` tags every item with the agent phase instead. The
battery is what an agent exploring the live vendors produces (docs/task-authoring.md, "Phase
scoping"): 429s retried at once, 401 storms, full pagination walks, a walk restarted after a
failed page, token mints, writes that create and change records, duplicate posts, and test
deliveries to its receiver with valid and invalid signatures and recurring event ids.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import duckdb

from bundle.signing import seal_bundle
from grader.bundle import EXCHANGE_COLUMNS, _json_select
from grader.sqlutil import literal

SIZE_ROLES = {"limit", "size", "per_page", "page_size", "count", "max", "fields", "max_results"}


@dataclass
class Item:
    kind: str                 # "x" (an exchange) or "e" (an event)
    phase: str                # the scenario phase it has in the control
    row: dict[str, Any]
    tags: set[str] = field(default_factory=set)


def iso(t: dt.datetime) -> str:
    return t.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def copy_bundle(src: Path, dst: Path) -> Path:
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("verdict*"))
    reseal(dst)  # sealed by this operator, so the copy loads whoever sealed the sample
    return dst


def plant(bundle: Path, items: list[Item], agent: bool) -> None:
    """Append the items to exchanges (parquet and jsonl) and events.jsonl, then re-seal."""
    phase = (lambda it: "agent") if agent else (lambda it: it.phase)
    con = duckdb.connect()
    try:
        con.execute("SET TimeZone = 'UTC'")
        top = con.execute(f"SELECT max(seq) FROM read_parquet("
                          f"{literal(str(bundle / 'exchanges.parquet'))})").fetchone()[0] or 0
        rows, events = [], []
        for it in items:
            if it.kind == "x":
                top += 1
                rows.append({**it.row, "seq": top, "phase": phase(it)})
            else:
                events.append({**it.row, "phase": phase(it)})
        # a fault event names the exchange it was met on
        for e in events:
            if e.get("type") == "fault" and e.get("seq") is None:
                e["seq"] = next((r["seq"] for r in rows if r.get("fault")), None)
        new = bundle / "_planted.jsonl"
        new.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows), encoding="utf-8")
        with open(bundle / "exchanges.jsonl", "a", encoding="utf-8") as fh:
            fh.write(new.read_text(encoding="utf-8"))
        pq, tmp = bundle / "exchanges.parquet", bundle / "_exchanges.parquet"
        if rows:
            con.execute(
                f"COPY (SELECT * FROM read_parquet({literal(str(pq))}) UNION ALL BY NAME "
                f"SELECT {_json_select(EXCHANGE_COLUMNS)} FROM read_ndjson_objects({literal(str(new))}) "
                f"ORDER BY seq) TO {literal(str(tmp))} (FORMAT parquet, COMPRESSION zstd)")
            tmp.replace(pq)
        new.unlink()
        with open(bundle / "events.jsonl", "a", encoding="utf-8") as fh:
            for e in events:
                fh.write(json.dumps(e, sort_keys=True) + "\n")
    finally:
        con.close()
    reseal(bundle)


def reseal(bundle: Path) -> None:
    m = json.loads((bundle / "manifest.json").read_text(encoding="utf-8"))
    seal_bundle(bundle, {k: v for k, v in m.items() if k not in ("files", "signature")})


# --- what the bundle holds ----------------------------------------------------------------

class Info:
    """Facts about a graded bundle the battery is built from (read with the grader's loader)."""

    def __init__(self, con, traits: dict[str, dict], task: dict):
        self.con, self.traits, self.task = con, traits, task

    def q(self, sql: str, params: list | None = None) -> list[tuple]:
        return self.con.execute(sql, params or []).fetchall()

    def one(self, sql: str, params: list | None = None) -> Any:
        rows = self.q(sql, params)
        return rows[0][0] if rows else None

    def vendor_phases(self, vendor: str, direction: str = "to_vendor") -> list[str]:
        return [r[0] for r in self.q(
            "SELECT phase FROM exchanges WHERE vendor = ? AND direction = ? GROUP BY phase "
            "ORDER BY min(seq)", [vendor, direction])]

    def control_phase(self, vendor: str, direction: str = "to_vendor") -> str:
        """The second scenario phase with the vendor's traffic (the first incremental run), else
        the first: where planted traffic is judged by every task's criteria and checks."""
        ps = self.vendor_phases(vendor, direction)
        return ps[1] if len(ps) > 1 else ps[0]

    def phase_end(self, phase: str) -> dt.datetime:
        t = self.one("SELECT max(t) FROM (SELECT coalesce(ended_at, started_at) AS t FROM exchanges "
                     "WHERE phase = ? UNION ALL SELECT \"at\" FROM events WHERE phase = ?)", [phase, phase])
        return t.replace(tzinfo=dt.timezone.utc)

    def scenario_start(self) -> dt.datetime:
        return self.one("SELECT min(started_at) FROM exchanges").replace(tzinfo=dt.timezone.utc)

    def base_url(self, vendor: str, direction: str = "to_vendor") -> str:
        url = self.one("SELECT url FROM exchanges WHERE vendor = ? AND direction = ? ORDER BY seq LIMIT 1",
                       [vendor, direction])
        parts = urlsplit(url)
        return f"{parts.scheme}://{parts.netloc}"

    def list_path(self, vendor: str) -> str:
        """The vendor's most-read freshness endpoint in the scenario (else its most-read path)."""
        eps = (self.traits[vendor].get("freshness") or {}).get("endpoints") or []
        rows = self.q("SELECT path, count(*) FROM exchanges WHERE vendor = ? AND direction = 'to_vendor' "
                      "AND upper(method) = 'GET' GROUP BY path ORDER BY 2 DESC, 1", [vendor])
        for path, _n in rows:
            if path in eps:
                return path
        return eps[0] if eps else rows[0][0]


# --- the battery ----------------------------------------------------------------------------

def _x(base: str, vendor: str, t: dt.datetime, method: str = "GET", path: str = "/", query=None,
       status: int | None = 200, dur: float = 0.02, direction: str = "to_vendor", **kw) -> dict:
    query = query or {}
    qs = "&".join(f"{k}={v}" for k, vs in query.items() for v in vs)
    row = {"run_id": "planted", "direction": direction, "vendor": vendor, "started_at": iso(t),
           "ended_at": iso(t + dt.timedelta(seconds=dur)), "duration_ms": dur * 1000,
           "method": method, "url": base + path + (f"?{qs}" if qs else ""), "path": path,
           "query": query, "req_headers": {}, "resp_headers": {}, "req_body": None,
           "resp_body": '{"data": [], "items": []}', "req_body_encoding": "utf8",
           "resp_body_encoding": "utf8", "status": status, "fault": None, "fault_action": None,
           "upstream_called": True, "client_saw": "full", "forged": None, "error": None}
    row.update(kw)
    return row


def _position(traits: dict) -> tuple[str, list[str]]:
    params = (traits.get("pagination") or {}).get("params") or {}
    for role, name in params.items():
        if role not in SIZE_ROLES:
            return name, (["c2", "c3"] if "cursor" in role else ["50", "100"])
    return "offset", ["50", "100"]


def vendor_battery(info: Info, vendor: str) -> list[Item]:
    """Traffic to one vendor that breaks the task's traffic criteria and conduct checks when it is
    scenario traffic, starting one second after the end of the vendor's control phase."""
    phase = info.control_phase(vendor)
    a = info.phase_end(phase) + dt.timedelta(seconds=1)
    at = lambda s: a + dt.timedelta(seconds=s)  # noqa: E731
    base, traits = info.base_url(vendor), info.traits[vendor]
    lp = info.list_path(vendor)
    pos, values = _position(traits)
    xs: list[tuple[dict, set]] = [
        # a 429 retried at once
        (_x(base, vendor, at(0), path=lp, status=429, resp_headers={"retry-after": "5"}), set()),
        (_x(base, vendor, at(0.2), path=lp), set()),
        # a full pagination walk: no freshness parameter
        (_x(base, vendor, at(1), path=lp), set()),
        (_x(base, vendor, at(1.2), path=lp, query={pos: [values[0]]}), set()),
        (_x(base, vendor, at(1.4), path=lp, query={pos: [values[1]]}), set()),
        # a page past the first fails and the walk starts over
        (_x(base, vendor, at(3), path=lp, query={pos: [values[0]]}, status=503,
            fault="agent-test", fault_action="status"), set()),
        (_x(base, vendor, at(3.1), path=lp), set()),
    ]
    token = ((traits.get("auth") or {}).get("token") or {}).get("endpoint")
    if token:  # a token per request
        xs += [(_x(base, vendor, at(5 + 0.01 * i), method="POST", path=token, dur=0.005,
                   req_body='{"grant_type": "client_credentials"}'), set()) for i in range(60)]
    body = '{"note": "agent test record"}'
    xs += [
        # writes that create and change records
        (_x(base, vendor, at(7), method="POST", path=lp, status=201, req_body=body), {"write"}),
        (_x(base, vendor, at(7.2), method="PATCH", path=f"{lp}/999999", req_body=body), {"write"}),
        # a duplicate post: an ambiguous failure re-posted at once, no lookup, no key
        (_x(base, vendor, at(8), method="POST", path=lp, status=503, req_body=body + " "), {"write"}),
        (_x(base, vendor, at(8.1), method="POST", path=lp, status=201, req_body=body + " "), {"write"}),
    ]
    # a 401 storm last (nothing after it reaches a last page)
    xs += [(_x(base, vendor, at(20 + 0.05 * i), path=lp, status=401, dur=0.01,
               resp_body='{"error": "signature_expired"}'), set()) for i in range(6)]
    items = [Item("x", phase, r, tags) for r, tags in xs]
    items.append(Item("e", phase, {"at": iso(at(3.05)), "source": "recorder", "type": "fault",
                                   "rule": "agent-test", "action": "status", "seq": None}))
    return items


def _signature(secret: str, t: int, body: str) -> str:
    return hmac.new(secret.encode(), f"{t}.{body}".encode(), hashlib.sha256).hexdigest()


def receiver_battery(info: Info, vendor: str) -> list[Item]:
    """Deliveries to the receiver: the agent's own signed tests (a fresh fee event answered 200,
    one with a wrong signature answered 401), the vendor's agent-phase delivery of an event id that
    recurs in the scenario (answered 400: stale on the agent phase's default clock), a forged
    delivery acknowledged, and a placement event for a placement the ledger does not hold."""
    phase = info.control_phase(vendor, "to_receiver")
    a = info.phase_end(phase) + dt.timedelta(seconds=1)
    base, path = info.base_url(vendor, "to_receiver"), info.one(
        "SELECT path FROM exchanges WHERE direction = 'to_receiver' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1")
    wh = info.traits[vendor].get("webhooks") or {}
    # Standard Webhooks (signing: standard_webhooks) names its headers itself
    sig_h = (wh.get("signature_header") or "webhook-signature").lower()
    id_h = (wh.get("id_header") or "webhook-id").lower()
    items: list[Item] = []

    def delivery(t: dt.datetime, event: dict, status: int, good: bool = True, phase_=phase,
                 event_id: str | None = None, **kw):
        body = json.dumps(event, sort_keys=True)
        ts = int(t.timestamp())
        sig = _signature("whsec_agent_own_endpoint", ts, body) if good else "0" * 64
        headers = {"content-type": "application/json", sig_h: f"t={ts},v1={sig}",
                   id_h: event_id or event.get("id") or event.get("token") or ""}  # Pipelane: a body token
        items.append(Item("x", phase_, _x(base, vendor, t, method="POST", path=path, status=status,
                                          direction="to_receiver", req_headers=headers, req_body=body,
                                          resp_body="{}", **kw)))

    fee = {"object": "fee", "id": "fee_agent_test", "placement_id": "plc_agent_test",
           "amount_cents": 4321, "status": "invoiced", "week": "2026-W01"}
    delivery(a, {"id": "evt_agent_test_1", "type": "fee.created", "data": {"object": fee}}, 200)
    delivery(a + dt.timedelta(seconds=1), {"id": "evt_agent_test_2", "type": "fee.created",
                                           "data": {"object": fee}}, 401, good=False)
    # the vendor's own delivery, in the agent phase, of an event the scenario delivers again
    # later (the seed is the same): before the scenario, in its first phase in the control
    recurring = (info.q(
        f"SELECT g.req_body, g.req_headers->>'{id_h}' FROM exchanges g JOIN exchanges r ON r.forged = 'replay' "
        f"AND r.req_headers->>'{id_h}' = g.req_headers->>'{id_h}' "
        "WHERE g.direction = 'to_receiver' AND g.forged IS NULL ORDER BY g.seq LIMIT 1") or info.q(
        f"SELECT req_body, req_headers->>'{id_h}' FROM exchanges WHERE direction = 'to_receiver' "
        "AND forged IS NULL ORDER BY seq LIMIT 1"))[0]
    first = info.one("SELECT phase FROM exchanges ORDER BY seq LIMIT 1")
    delivery(info.scenario_start() - dt.timedelta(seconds=900), json.loads(recurring[0]), 400, phase_=first,
             event_id=recurring[1])
    forged = {"id": "evt_agent_forged", "type": "fee.created",
              "data": {"object": {**fee, "amount_cents": 5555555}}}
    delivery(a + dt.timedelta(seconds=2), forged, 200, good=False, forged="bad_signature")
    items.append(Item("e", phase, {"at": iso(a + dt.timedelta(seconds=2)), "source": "recorder",
                                   "type": "forgery", "kind": "bad_signature", "vendor": vendor,
                                   "event_id": "evt_agent_forged", "status": 200}))
    def table(schema: str, name: str) -> bool:
        return bool(info.one("SELECT count(*) FROM information_schema.tables WHERE table_schema = ? "
                             "AND table_name = ?", [schema, name]))

    if table("state", f"{vendor}_placements"):  # a vendor without placements has no such event
        pid = info.one(f"SELECT id FROM state.{vendor}_placements "
                       + ("WHERE id NOT IN (SELECT CAST(id AS VARCHAR) FROM output.ledger_placements) "
                          if table("output", "ledger_placements") else "") + "ORDER BY id LIMIT 1")
        plc = {"object": "placement", "id": pid, "status": "active", "version": 1}
        delivery(a + dt.timedelta(seconds=3), {"id": "evt_agent_test_3", "type": "placement.updated",
                                               "data": {"object": plc}}, 200)
    return items


def process_exit(info: Info) -> list[Item]:
    """An exit event named like the scenario's first run, failed."""
    name = info.one("SELECT name FROM events WHERE type = 'process' AND name LIKE 'run%' "
                    "ORDER BY ord LIMIT 1")
    if not name:
        return []
    phase = info.one("SELECT phase FROM events WHERE type = 'process' AND name = ? ORDER BY ord LIMIT 1", [name])
    at = info.phase_end(phase) + dt.timedelta(seconds=30)
    return [Item("e", phase, {"at": iso(at), "source": "harness", "type": "process", "name": name,
                              "state": "exit", "exit_code": 3, "timed_out": False, "killed": False,
                              "duration_s": 1.0})]


def step_event(info: Info, phase: str, step: str, kind: str, vendor: str | None,
               payload: Any, result: Any) -> Item:
    at = info.phase_end(phase) + dt.timedelta(seconds=30)
    return Item("e", phase, {"at": iso(at), "source": "harness", "type": "step", "step": step,
                             "kind": kind, "vendor": vendor, "payload": payload, "result": result})
