"""ibench.proctree on its own: each kind of tree (cgroup v2, v1 freezer, /proc scan) kills a
setsid'ed, a double-forked and a SIGTERM-ignoring child, leaves no cgroup behind, sends the
graceful signal to the payload, and never touches another tree's processes (concurrent runs)."""
import subprocess
import time
from pathlib import Path

import pytest

import ibench.proctree as proctree
from ibench.proctree import ProcTree

pytestmark = pytest.mark.timeout(120)

# Three children that outlive the script: a new session, a double fork (re-parented to init),
# and a plain child; all ignore SIGTERM and append to their file until killed.
PLANT = r'''
loop='trap "" TERM; while :; do echo x >> "$0"; sleep 0.05; done'
setsid sh -c "$loop" "$1/setsid" &
( sh -c "$loop" "$1/doublefork" & ) &
sh -c "$loop" "$1/plain" &
sleep 0.3
'''


@pytest.fixture(params=["cgroup2", "freezer", "scan"])
def kind(request, monkeypatch):
    monkeypatch.setattr(proctree, "_backend", None)
    monkeypatch.setenv("IBENCH_PROCTREE", request.param)
    try:
        proctree.backend()
    except Exception as exc:
        pytest.skip(f"process trees by {request.param} are not available here: {exc}")
    return request.param


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _plant(tmp_path: Path, name: str) -> tuple[ProcTree, subprocess.Popen, Path]:
    d = tmp_path / name
    d.mkdir()
    tree = ProcTree()
    proc = tree.popen(["/bin/sh", "-c", PLANT, "plant", str(d)], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"},
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proc.wait(10)
    tree.watch()
    return tree, proc, d


def _growing(d: Path) -> list[str]:
    before = {p.name: p.stat().st_size for p in d.iterdir()}
    time.sleep(0.4)
    return sorted(p.name for p in d.iterdir() if p.stat().st_size != before[p.name])


def test_kill_leaves_nothing_of_the_tree(kind, tmp_path):
    tree, _, d = _plant(tmp_path, "a")
    members = tree.members()
    try:
        assert tree.kind == kind and len(members) >= 3
        assert _growing(d) == ["doublefork", "plain", "setsid"]  # they did outlive the script
        tree.kill()
        assert [p for p in members if _alive(p)] == []
        assert _growing(d) == []
        assert tree.dir is None  # the cgroup is removed
    finally:
        tree.kill()


def test_one_trees_kill_spares_another_tree(kind, tmp_path):
    a, _, da = _plant(tmp_path, "a")
    b, _, db = _plant(tmp_path, "b")
    try:
        a.kill()
        assert _growing(da) == [] and _growing(db) == ["doublefork", "plain", "setsid"]
    finally:
        a.kill()
        b.kill()
    assert _growing(db) == []


def test_terminate_lets_the_payload_stop_gracefully(kind, tmp_path):
    flag = tmp_path / "stopped"
    script = f'trap "echo bye > {flag}; exit 0" TERM; while :; do sleep 0.05; done'
    tree = ProcTree()
    proc = tree.popen(["/bin/sh", "-c", script], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"},
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.2)
        tree.terminate()
        assert proc.wait(5) == 0 and flag.read_text() == "bye\n"
    finally:
        tree.kill()
        proc.wait()


def test_a_missing_program_is_reported_as_popen_would(kind, tmp_path):
    tree = ProcTree()
    with pytest.raises(FileNotFoundError):
        tree.popen(["no-such-program-here"], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"},
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tree.kill()
    assert tree.dir is None


def test_the_cgroup_launcher_adds_nothing_to_the_environment(kind, tmp_path):
    tree = ProcTree()
    out = tmp_path / "env"
    with open(out, "wb") as fh:
        proc = tree.popen(["/usr/bin/env"], cwd=tmp_path, env={"PATH": "/usr/bin:/bin", "A": "1"}, stdout=fh,
                          stderr=subprocess.DEVNULL)
        proc.wait(10)
    tree.kill()
    names = {line.split("=", 1)[0] for line in out.read_text().splitlines()}
    assert names == ({"PATH", "A"} if kind != "scan" else {"PATH", "A", proctree.TOKEN_VAR})


def test_forcing_an_unknown_kind_is_one_clear_error(monkeypatch):
    monkeypatch.setattr(proctree, "_backend", None)
    monkeypatch.setenv("IBENCH_PROCTREE", "systemd")
    with pytest.raises(Exception, match="expected cgroup2, freezer or scan"):
        proctree.backend()

