"""Engine details: the {receiver_url} placeholder and the agent phase's vendor clock."""
import json
import shutil
from datetime import datetime, timezone
from types import SimpleNamespace

import pytest

from ibench.agents import AgentSpec
from ibench.engine import placeholders
from ibench.vendorhost import HarnessError

from .conftest import TASKS


def test_receiver_url_placeholder_is_filled_everywhere_in_a_payload():
    rc = SimpleNamespace(env={"IB_RECEIVER_URL": "http://127.0.0.1:4242"})
    ops = [{"op": "create", "table": "webhook_subscriptions",
            "values": {"url": "{receiver_url}/hooks", "events": ["*"], "secret": "s"}}]
    assert placeholders(rc, ops)[0]["values"]["url"] == "http://127.0.0.1:4242/hooks"
    assert placeholders(rc, {"n": 1, "s": "plain"}) == {"n": 1, "s": "plain"}
    with pytest.raises(HarnessError, match="receiver: true"):
        placeholders(SimpleNamespace(env={}), "{receiver_url}/x")


PROBE = """import json, os, urllib.request
r = urllib.request.urlopen(os.environ["STAFFLINE_BASE_URL"] + "/docs/")
open("date.json", "w").write(json.dumps({"date": r.headers["Date"]}))"""


@pytest.mark.timeout(300)
def test_agent_phase_clock_follows_the_task(tmp_path):
    from email.utils import parsedate_to_datetime

    from ibench.catalog import select
    from ibench.runner import execute_run

    tasks = tmp_path / "tasks"
    d = tasks / "example-00-staffline-hello"
    shutil.copytree(TASKS / "example-00-staffline-hello", d)
    text = (d / "task.yaml").read_text().replace("agent: {time_limit_s: 600}",
                                                 "agent: {time_limit_s: 600, clock: {host_offset_s: 0}}")
    (d / "task.yaml").write_text(text)
    entry = select(tasks, "example-00-staffline-hello")[0]
    agent = AgentSpec("probe", "cmd", f"cat > probe.py <<'EOF'\n{PROBE}\nEOF\npython probe.py")
    result = execute_run(entry, agent, 1, tmp_path / "traces", "none")
    line = next(l for l in (result.bundle / "workspace.patch").read_text().splitlines() if l.startswith('+{"date"'))
    vendor_now = parsedate_to_datetime(json.loads(line[1:])["date"])
    assert abs((vendor_now - datetime.now(timezone.utc)).total_seconds()) < 120
