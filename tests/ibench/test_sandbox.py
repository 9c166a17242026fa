"""Under bubblewrap an agent cannot read the tasks (criteria, solutions), the recorder's
config (nonce, control token) or the project; a request straight to a vendor port does not
even connect (the run's network namespace only has the recorder's public ports), so no bypass
reaches a vendor. tests/security/ attacks the sandbox harder."""
import json

import pytest

import ibench.runner as runner
from ibench.agents import AgentSpec
from ibench.runner import execute_run

from .conftest import needs_bwrap

pytestmark = [needs_bwrap, pytest.mark.timeout(300)]

PROBE = r"""
import glob, json, os, urllib.request, urllib.error
found = {}
for pattern in [os.environ["PROBE_TASKS"] + "/*/criteria/*.sql", os.environ["PROBE_TASKS"] + "/*/solution/**",
                "/tmp/ib-recorder-*", "/tmp/ibench-private-*/*"]:
    found[pattern] = glob.glob(pattern, recursive=True)
try:
    urllib.request.urlopen(os.environ["PROBE_UPSTREAM"] + "/v1/candidates", timeout=5)
    found["direct"] = "served"
except urllib.error.HTTPError as e:
    found["direct"] = e.code
except urllib.error.URLError as e:
    found["direct"] = type(e.reason).__name__
open("probe.json", "w").write(json.dumps(found))
"""


def test_agent_is_confined_and_a_bypass_cannot_connect(example_entry, tmp_path, monkeypatch):
    real_env = runner.integration_env

    def leaky_env(vendors, *args):
        env = real_env(vendors, *args)
        env["PROBE_UPSTREAM"] = vendors["staffline"].upstream_url  # what a port scan would find
        env["PROBE_TASKS"] = str(example_entry.path.parent)
        return env

    monkeypatch.setattr(runner, "integration_env", leaky_env)
    agent = AgentSpec("probe", "cmd", f"cat > probe.py <<'EOF'\n{PROBE}\nEOF\npython3 probe.py")
    result = execute_run(example_entry, agent, 1, tmp_path / "traces", "bwrap")
    # the probe file stayed in the workspace; find it through the bundle's patch
    patch = (result.bundle / "workspace.patch").read_text()
    line = next(l for l in patch.splitlines() if l.startswith('+{"'))
    found = json.loads(line[1:])
    assert all(v == [] for k, v in found.items() if k != "direct"), found
    assert found["direct"] == "ConnectionRefusedError"
    failed = {c["id"] for c in result.verdict["criteria"] if not c["passed"]}
    assert "lib:no_proxy_bypass" not in failed and not result.solved
