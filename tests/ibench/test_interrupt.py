"""Ctrl-C stops everything the run started and keeps what was recorded."""
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


@pytest.mark.timeout(120)
def test_ctrl_c_stops_the_agent_and_keeps_a_sealed_bundle(tmp_path):
    marker = "61.25"  # an unusual duration so the agent's process can be found
    proc = subprocess.Popen([sys.executable, "-m", "ibench.cli", "run", "--task", "example-00-staffline-hello",
                             "--agent", f"cmd:sleep {marker}", "--sandbox", "none", "--out", str(tmp_path)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    events = tmp_path / "example-00-staffline-hello__cmd-sleep-61.25__t1" / "events.jsonl"
    deadline = time.monotonic() + 60
    while not (events.exists() and '"name": "agent", "state": "start"' in events.read_text()):
        assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and "Traceback" not in err, err
    manifest = json.loads((events.parent / "manifest.json").read_text())
    assert manifest["outcome"] == "interrupted" and "events.jsonl" in manifest["files"]
    left = subprocess.run(["pgrep", "-f", f"sleep {marker}"], capture_output=True, text=True).stdout.split()
    assert left == []
