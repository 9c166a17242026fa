"""A hostile agent and connector, run through the harness under bwrap (docs/security.md,
"Sandbox"): they search the whole visible filesystem for canaries planted across the host,
try a 0600 root file, scan every TCP port, and leave processes behind. Each attack fails; the
legitimate paths (a named agent's ro_paths, the vendor through the proxy, the recorder's
webhook deliveries to the receiver) still work."""
import duckdb
import pytest
import yaml

from ibench.agents import resolve_agent
from ibench.sandbox import sandbox_uid

from .sandbox_kit import LEGIT_STEPS, PROBE_STEPS, REAP_STEPS, needs_root, needs_sandbox, plant_canaries, \
    remove_canaries, run_probe

pytestmark = [needs_root, needs_sandbox, pytest.mark.timeout(600)]


@pytest.fixture(scope="module")
def canaries(tmp_path_factory):
    c = plant_canaries(tmp_path_factory.mktemp("attacks"))
    yield c
    remove_canaries(c)


@pytest.fixture(scope="module")
def run(canaries, tmp_path_factory):
    agents_file = tmp_path_factory.mktemp("agents") / "agents.yaml"
    agents_file.write_text(yaml.safe_dump({"probe-agent": {
        "description": "runs the hostile probe as the agent", "cmd": "exec python -m conn probe agent",
        "ro_paths": [str(canaries.agentcfg)]}}))
    agent = resolve_agent("probe-agent", agents_file)
    with pytest.MonkeyPatch.context() as mp:
        return run_probe(mp, canaries, PROBE_STEPS + LEGIT_STEPS + REAP_STEPS, agent, "bwrap")


@pytest.fixture(scope="module")
def probes(run):
    return {"agent": run.record("agent", "PROBE"), "connector": run.record("probe", "PROBE")}


@pytest.mark.parametrize("who", ["agent", "connector"])
def test_no_canary_anywhere_on_the_visible_filesystem(probes, canaries, who):
    p = probes[who]
    assert p["named"] == [], f"{who} found canaries: {p['named']}"
    assert set(p["canaries"].values()) == {"FileNotFoundError"}, p["canaries"]
    assert not any(p["hidden"].values()), p["hidden"]  # the project, its tasks, this run's tasks and traces
    assert set(p["root_listing"]) <= {"bin", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "root",
                                      "sbin", "tmp", "usr", "var", "home"}, p["root_listing"]


@pytest.mark.parametrize("who", ["agent", "connector"])
def test_processes_run_as_the_unprivileged_sandbox_uid(probes, who):
    p = probes[who]
    assert p["uid"] == p["euid"] == p["gid"] == sandbox_uid() != 0
    assert set(p["groups"]) <= {sandbox_uid()}


def test_a_root_only_file_is_unreadable_and_ro_paths_are_read_only(probes):
    agent = probes["agent"]
    assert agent["public"] == "read"  # the named agent's ro_paths are shown...
    assert agent["secret"] == "PermissionError"  # ...but a 0600 root file there is not readable
    assert agent["write_agentcfg"] != "written"  # ...and nothing there is writable


def test_the_agents_own_paths_are_not_the_integrations(probes):
    assert probes["agent"]["agentcfg_visible"] and not probes["connector"]["agentcfg_visible"]


@pytest.mark.parametrize("who", ["agent", "connector"])
def test_only_the_runs_public_ports_connect(run, probes, who):
    p = probes[who]
    allowed = run.allowed_ports
    assert allowed and allowed <= run.host_ports  # the recorder's listeners, seen from outside
    assert set(p["connectable"]) == allowed, f"{who} reached {sorted(set(p['connectable']) - allowed)}"
    assert run.decoy_port in run.host_ports and run.decoy_port not in p["connectable"]  # another run's port
    assert len(run.host_ports - allowed) >= 3  # vendors' real ports, the recorder's control port, the decoy


def test_the_integration_reaches_its_vendor_through_the_proxy(run):
    setup = run.record("setup", "SETUP")
    assert setup["status"] == 201
    rows = duckdb.sql(f"SELECT method, path, status FROM '{run.result.bundle}/exchanges.parquet' "
                      "WHERE phase = 'scenario:setup'").fetchall()
    assert ("POST", "/v1/webhook_endpoints", 201) in rows


def test_the_receiver_gets_the_recorders_deliveries(run):
    deliveries = run.record("count", "COUNT")["deliveries"]
    assert deliveries and all(d["signed"] and d["path"] == "/hooks" for d in deliveries), deliveries


def test_survivors_are_gone_before_the_next_step(run):
    planted = run.record("plant", "PLANTED")
    assert len(planted["files"]) == 3, planted
    check = run.record("check", "CHECK")
    assert check["files"] == planted["files"] and check["grew"] == [], check
