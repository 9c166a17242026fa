"""HAR out of a bundle, and traffic recorded elsewhere (a HAR file, a mitmproxy flow file)
audited by the conduct library as a bundle is (docs/grader.md, "HAR export", "Auditing other
traffic")."""
from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from grader import cli as grader_cli
from ibench.cli import USER_ERRORS
from grader.har import validate_har

SAMPLES = Path(__file__).parents[2] / "traces" / "samples"
# a receiver task (forged deliveries, faults, the webhook endpoint registration) and a
# rate-limited client task
BUNDLES = [SAMPLES / "harden-02-placemint-webhook-gauntlet__oracle__t1",
           SAMPLES / "harden-01-staffline-drifting-census__oracle__t1"]
STATE_CHECKS = {"no_proxy_bypass"}  # read vendor state, which a HAR does not hold


@pytest.fixture
def cli():
    group = click.Group("ibench")
    for c in grader_cli.commands:
        group.add_command(c)
    return group


def invoke(cli, *args):
    r = CliRunner().invoke(cli, list(map(str, args)))
    if isinstance(r.exception, USER_ERRORS):
        return 2, f"ibench: error: {r.exception}"
    if r.exception and not isinstance(r.exception, SystemExit):
        raise r.exception
    return r.exit_code, r.output


def findings(report):
    return sorted((c["check"], c["criterion"], c.get("status"), c.get("violations"), c.get("population"))
                  for c in report["conduct"] + report["conduct_not_graded"] if c["check"] not in STATE_CHECKS)


@pytest.mark.parametrize("bundle", BUNDLES, ids=lambda b: b.name.split("__")[0])
def test_a_sample_exports_to_har_and_audits_back_to_the_same_findings(cli, tmp_path, bundle):
    har = tmp_path / "run.har"
    code, out = invoke(cli, "export", "har", bundle, "-o", har)
    assert code == 0, out
    doc = json.loads(har.read_text())
    assert validate_har(doc) == []
    log = doc["log"]
    assert log["version"] == "1.2" and log["creator"]["name"] == "Integration Bench"
    rows = [json.loads(line) for line in (bundle / "exchanges.jsonl").read_text().splitlines()]
    assert len(log["entries"]) == len(rows)
    assert {p["id"] for p in log["pages"]} == {r["phase"] for r in rows}
    first = log["entries"][0]
    assert first["request"]["method"] == rows[0]["method"] and first["request"]["url"] == rows[0]["url"]
    assert first["response"]["status"] == (rows[0]["status"] or 0)
    assert first["_ibench"]["seq"] == rows[0]["seq"] and first["_ibench"]["phase"] == rows[0]["phase"]
    # faults and forgeries survive as custom fields
    assert sum(1 for e in log["entries"] if e["_ibench"]["fault"]) == sum(1 for r in rows if r["fault"])
    assert sum(1 for e in log["entries"] if e["_ibench"]["forged"]) == sum(1 for r in rows if r["forged"])

    code, out = invoke(cli, "audit", har, "--criteria", bundle / "criteria", "--format", "json")
    assert code == 0, out
    from_har = json.loads(out)
    code, out = invoke(cli, "audit", bundle, "--format", "json")
    own = json.loads(out)
    assert findings(from_har) == findings(own)
    assert [(s["phase"], [v["vendor"] for v in s["vendors"]]) for s in from_har["scenario"]] == \
        [(s["phase"], [v["vendor"] for v in s["vendors"]]) for s in own["scenario"]]


def _flows(path: Path, gaps: list[float]) -> None:
    """A flow file of GETs to StaffLine: 429 with Retry-After 2 until the last, then 200."""
    from mitmproxy import io
    from mitmproxy.test import tflow

    t = 1_700_000_000.0
    with path.open("wb") as f:
        w = io.FlowWriter(f)
        for i, gap in enumerate(gaps + [None]):
            fl = tflow.tflow(resp=True)
            fl.request.scheme, fl.request.host, fl.request.port = "http", "staffline.example.test", 80
            fl.request.path = "/v1/candidates?start=0&count=100"
            fl.request.timestamp_start = fl.request.timestamp_end = t
            last = gap is None
            fl.response.status_code = 200 if last else 429
            if not last:
                fl.response.headers["Retry-After"] = "2"
            fl.response.timestamp_start, fl.response.timestamp_end = t, t + 0.01
            w.add(fl)
            t += 0.02 + (gap or 0)


def _status(report, check):
    return next(c["status"] for c in report["conduct"] + report["conduct_not_graded"] if c["check"] == check)


def test_a_mitmproxy_flow_file_is_judged_by_the_conduct_library(cli, tmp_path):
    hasty, patient = tmp_path / "hasty.flows", tmp_path / "patient.flows"
    _flows(hasty, [0.0, 0.0])        # retried at once after each 429: fires
    _flows(patient, [2.0, 2.0])      # waited the 2 s asked for: silent
    code, out = invoke(cli, "audit", hasty, "--vendor", "staffline=staffline.example.test", "--format", "json")
    assert code == 0, out
    report = json.loads(out)
    assert _status(report, "retry_after_honoured") == "would fail"
    assert report["scenario"][0]["vendors"][0]["vendor"] == "staffline"
    code, out = invoke(cli, "audit", patient, "--vendor", "staffline", "--format", "json")
    assert _status(json.loads(out), "retry_after_honoured") == "would pass"
    code, out = invoke(cli, "audit", hasty, "--vendor", "staffline")
    assert code == 0 and "imported from" in out and "retry_after_honoured" in out


def test_a_foreign_har_maps_hosts_to_vendors(cli, tmp_path):
    entry = {"startedDateTime": "2026-03-02T09:00:00.000Z", "time": 5, "cache": {},
             "timings": {"send": 0, "wait": 5, "receive": 0},
             "request": {"method": "GET", "url": "https://api.placemint.example/v1/fees?limit=10",
                         "httpVersion": "HTTP/2", "cookies": [], "queryString": [], "headersSize": -1, "bodySize": 0,
                         "headers": [{"name": ":authority", "value": "api.placemint.example"},
                                     {"name": "Authorization", "value": "Bearer pm_test_4f8e21bb"}]},
             "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/2", "cookies": [], "headers": [],
                          "content": {"size": 2, "mimeType": "application/json", "text": "{}"},
                          "redirectURL": "", "headersSize": -1, "bodySize": 2}}
    har = tmp_path / "browser.har"
    har.write_text(json.dumps({"log": {"version": "1.2", "creator": {"name": "a browser", "version": "1"},
                                       "entries": [entry, entry]}}))
    code, out = invoke(cli, "audit", har, "--vendor", "placemint=*.placemint.example", "--format", "json")
    assert code == 0, out
    report = json.loads(out)
    vendor = report["scenario"][0]["vendors"][0]
    assert vendor["vendor"] == "placemint" and vendor["requests"] == 2


@pytest.mark.parametrize("content, args, message", [
    ("not traffic at all", ["--vendor", "staffline"], "neither a HAR file nor a mitmproxy flow file"),
    ('{"log": {"entries": "x"}}', ["--vendor", "staffline"], "not a HAR 1.2 log"),
    ('{"log": {"version": "1.2", "creator": {}, "entries": []}}', [], "no exchange maps to a vendor"),
])
def test_bad_traffic_files_are_one_clear_message(cli, tmp_path, content, args, message):
    f = tmp_path / "x.har"
    f.write_text(content)
    code, out = invoke(cli, "audit", f, *args)
    assert code == 2 and message in out, out


def test_unknown_vendor_needs_its_traits(cli, tmp_path):
    _flows(tmp_path / "f.flows", [0.0])
    code, out = invoke(cli, "audit", tmp_path / "f.flows", "--vendor", "acme")
    assert code == 2 and "no traits for vendor 'acme'" in out
