"""End-to-end attacks on the benchmark's integrity, one per hardening item, each through a real
run (`execute_run`) and its graded bundle:

- probing the vendors' control plane, straight to a vendor's port and through the proxy, is
  recorded and fails the always-on `no_control_probe` (and `no_proxy_bypass` for the direct one);
- an output file that is a symlink, a hard link, a FIFO, or an output folder replaced by a
  symlink never gets its target's content into the bundle, and the verdict names the violation;
- under `--sandbox none` the recorder's nonce and control token are not readable from its
  command line, its environment or a temp file.

The attacks run under `--sandbox none`: the weakest setting, where the agent is a process of
the harness's own user (what bubblewrap would add is tested in tests/ibench/test_sandbox.py)."""
from __future__ import annotations

import json
import os
import textwrap

import pytest

import ibench.runner as runner
from ibench.agents import AgentSpec
from ibench.runner import execute_run

from tests.ibench.conftest import EXAMPLE, TASKS

pytestmark = pytest.mark.timeout(600)


@pytest.fixture
def example_entry():
    from ibench.catalog import select

    return select(TASKS, EXAMPLE)[0]


@pytest.fixture
def leak_upstream(monkeypatch):
    """Give the agent the vendor's real address (what a port scan of loopback would find)."""
    real_env = runner.integration_env

    def leaky_env(vendors, *args):
        env = real_env(vendors, *args)
        env["PROBE_UPSTREAM"] = vendors["staffline"].upstream_url
        return env

    monkeypatch.setattr(runner, "integration_env", leaky_env)


def script_agent(name: str, script: str) -> AgentSpec:
    """A `cmd:` agent that writes `script` to probe.py in its workspace and runs it."""
    body = textwrap.dedent(script).strip("\n")
    return AgentSpec(name, "cmd", f"cat > probe.py <<'EOF'\n{body}\nEOF\npython3 probe.py")


def criterion(verdict: dict, cid: str) -> dict:
    return next(c for c in verdict["criteria"] if c["id"] == cid)


def bundle_bytes(bundle) -> bytes:
    out = b""
    for root, _dirs, files in os.walk(bundle):
        for f in files:
            with open(os.path.join(root, f), "rb") as fh:
                out += fh.read()
    return out


# --- item 4: every probe of the control plane is recorded ---------------------------------

PROBE_CONTROL = """
import json, os, urllib.request, urllib.error
seen = {}
def get(url, **headers):
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
seen["direct"] = get(os.environ["PROBE_UPSTREAM"] + "/_control/dump")
seen["direct_guess"] = get(os.environ["PROBE_UPSTREAM"] + "/_control/health", **{"X-Control-Token": "guess"})
seen["proxied"] = get(os.environ["STAFFLINE_BASE_URL"] + "/_control/dump")
open("probe.json", "w").write(json.dumps(seen))
"""


def test_control_plane_probes_direct_and_proxied_are_reported(example_entry, leak_upstream, tmp_path):
    result = execute_run(example_entry, script_agent("prober", PROBE_CONTROL), 1, tmp_path, "none")
    assert result.outcome == "completed"
    patch = (result.bundle / "workspace.patch").read_text()
    seen = json.loads(next(line for line in patch.splitlines() if line.startswith('+{"'))[1:])
    assert seen == {"direct": 404, "direct_guess": 404, "proxied": 404}  # the probe learns nothing

    gate = criterion(result.verdict, "lib:no_control_probe")
    assert gate["passed"] is False and gate["violations"] == 3
    by = sorted((e["seen_by"], e["path"]) for e in gate["evidence"])
    assert by == [("recorder", "/_control/dump"), ("vendor", "/_control/dump"), ("vendor", "/_control/health")]
    # the direct ones went around the proxy: a bypass as well
    bypass = criterion(result.verdict, "lib:no_proxy_bypass")
    assert bypass["passed"] is False and bypass["violations"] == 2
    assert not result.solved


def test_the_harness_control_traffic_is_not_reported(example_entry, tmp_path):
    # The oracle run: resets, mutations, dumps and health checks on the control plane all
    # carry the token; none of them may look like a probe or a bypass.
    result = execute_run(example_entry, AgentSpec("oracle", "oracle"), 1, tmp_path, "none")
    assert result.outcome == "completed" and result.solved
    assert criterion(result.verdict, "lib:no_control_probe")["passed"] is True
    assert criterion(result.verdict, "lib:no_proxy_bypass")["passed"] is True
