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
import shutil
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


# --- item 5: outputs are read safely ------------------------------------------------------

SECRET = "harness-only-7d1f0c"

ESCAPING_CONNECTOR = '''
import os, shutil, sys
out, state = os.environ["IB_OUTPUT_DIR"], os.environ["IB_STATE_DIR"]
counter = os.path.join(state, "runs")
n = int(open(counter).read()) + 1 if os.path.exists(counter) else 1
open(counter, "w").write(str(n))
attack = {attacks!r}[n - 1]
secret = {secret!r}
csv = os.path.join(out, "candidates.csv")
if os.path.lexists(csv):
    os.unlink(csv)
if attack == "symlink":
    os.symlink(secret, csv)
elif attack == "hardlink":
    os.link(secret, csv)
elif attack == "fifo":
    os.mkfifo(csv)
elif attack == "symlinked_dir":
    shutil.rmtree(out)
    os.symlink(os.path.dirname(secret), out)
'''


def escaping_agent(name: str, attacks: list[str], secret) -> AgentSpec:
    """An agent whose connector replaces its output, at run1 and run2, by one attack each."""
    code = ESCAPING_CONNECTOR.format(attacks=attacks, secret=str(secret))
    return AgentSpec(name, "cmd", f"mkdir -p conn && cat > conn/__main__.py <<'EOF'\n{code}\nEOF")


@pytest.fixture
def secret_file(tmp_path):
    """A file only the harness should read, shaped like the output so a dump would load it."""
    d = tmp_path / "harness-private"
    d.mkdir()
    path = d / "candidates.csv"
    path.write_text(f"id,email,last_name\n1,{SECRET}@example.com,{SECRET}\n")
    return path


@pytest.mark.parametrize("attacks", [["symlink", "symlinked_dir"], ["hardlink", "fifo"]])
def test_output_links_and_special_files_never_reach_the_bundle(example_entry, tmp_path, secret_file, attacks):
    result = execute_run(example_entry, escaping_agent("escaper", attacks, secret_file), 1, tmp_path / "t", "none")
    assert result.outcome == "completed"  # a FIFO did not hang the checkpoint
    assert SECRET.encode() not in bundle_bytes(result.bundle)
    steps = {}
    for line in (result.bundle / "events.jsonl").read_text().splitlines():
        e = json.loads(line)
        if e.get("type") == "step" and e.get("kind") == "checkpoint":
            steps[e["step"]] = e["result"]
    kinds = {"symlink": ("symlink", "output/candidates.csv"), "symlinked_dir": ("symlink", "output"),
             "hardlink": ("hardlink", "output/candidates.csv"), "fifo": ("special", "output/candidates.csv")}
    for cp, attack in zip(("cp1", "final"), attacks):
        [u] = steps[cp]["unsafe_files"]
        assert (u["kind"], u["path"]) == kinds[attack]
        assert steps[cp]["output_problems"]["candidates"].startswith("unsafe output: ")
    gate = criterion(result.verdict, "lib:no_unsafe_files")
    assert gate["passed"] is False and gate["violations"] == 2
    assert sorted(e["kind"] for e in gate["evidence"]) == sorted(kinds[a][0] for a in attacks)
    assert not result.solved
    assert SECRET in secret_file.read_text()  # the workspace's cleanup did not follow the links either


# --- item 8: the recorder's secrets are not readable by a same-user agent ------------------

SNOOP = """
import glob, json, os
found = {"recorders": 0, "texts": []}
def grab(path, limit=1 << 20):
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            found["texts"].append(os.read(fd, limit).decode("utf-8", "replace"))
        finally:
            os.close(fd)
    except OSError:
        pass
for proc in glob.glob("/proc/[0-9]*"):
    try:
        argv = open(proc + "/cmdline", "rb").read().decode("utf-8", "replace").split("\\0")
    except OSError:
        continue
    if "recorder" not in argv:
        continue
    found["recorders"] += 1
    found["texts"].append(" ".join(argv))
    grab(proc + "/environ")
    for arg in argv:  # a config file named on the command line
        if os.path.isfile(arg):
            grab(arg)
    for fd in glob.glob(proc + "/fd/*"):  # its open files, and any pipe still holding data
        grab(fd)
for path in glob.glob("/tmp/ib-recorder-*") + glob.glob("/tmp/*/ib-recorder-*"):
    if os.path.isfile(path):
        grab(path)
open("snoop.json", "w").write(json.dumps(found))
"""


def test_recorder_secrets_are_not_readable_by_the_agent(example_entry, tmp_path, monkeypatch):
    import recorder.process

    configs = []
    real_start = recorder.process.start_recorder

    def spy(config, *args, **kwargs):
        configs.append(config)
        return real_start(config, *args, **kwargs)

    monkeypatch.setattr(recorder.process, "start_recorder", spy)
    result = execute_run(example_entry, script_agent("snoop", SNOOP), 1, tmp_path, "none")
    assert result.outcome == "completed"
    nonce, token = configs[0]["nonce"], configs[0]["control"]["token"]
    patch = (result.bundle / "workspace.patch").read_text()
    found = json.loads(next(line for line in patch.splitlines() if line.startswith('+{"'))[1:])
    assert found["recorders"] >= 1  # it did find the recorder and looked
    text = "\n".join(found["texts"])
    assert "--config-fd" in text
    assert nonce not in text and token not in text


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap not installed")
def test_under_bwrap_a_link_to_a_hidden_file_is_not_followed_by_the_harness(example_entry, tmp_path,
                                                                              secret_file):
    # The realistic attack: inside the sandbox the target (under /tmp, hidden behind a tmpfs) does
    # not even exist; the link would only resolve in the harness's view, outside the sandbox.
    result = execute_run(example_entry, escaping_agent("escaper", ["symlink", "symlink"], secret_file), 1,
                         tmp_path / "t", "bwrap")
    assert result.outcome == "completed"
    assert SECRET.encode() not in bundle_bytes(result.bundle)
    gate = criterion(result.verdict, "lib:no_unsafe_files")
    assert gate["passed"] is False and {e["kind"] for e in gate["evidence"]} == {"symlink"}
