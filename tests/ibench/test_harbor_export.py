"""`ibench export harbor` (docs/harbor.md): the example task exported as a Harbor task, loaded
by Harbor's own code and passing its linter (but for the shared verifier the live vendors need);
nothing the agent must not see is in its environment."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ibench.catalog import CANARY

ROOT = Path(__file__).parents[2]
TASK = "example-00-staffline-hello"


def harbor_python() -> Path | None:
    """Harbor needs Python >= 3.12: .ci/run installs it into .venv-harbor."""
    for p in (os.environ.get("IBENCH_HARBOR_PYTHON"), ROOT / ".venv-harbor" / "bin" / "python"):
        if p and Path(p).is_file():
            return Path(p)
    return None


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("harbor")
    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "export", "harbor", str(out), "--task", TASK],
                          capture_output=True, text=True, cwd=ROOT, timeout=280)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return out / TASK


def test_the_export_has_harbors_layout_and_our_run(exported):
    for rel in ("instruction.md", "task.toml", "environment/Dockerfile", "environment/start.sh",
                "environment/task/task.yaml", "environment/task/criteria", "solution/solve.sh",
                "solution/files/conn", "tests/test.sh"):
        assert (exported / rel).exists(), rel
    assert list((exported / "environment").glob("integration_bench-*.whl"))
    for script in ("environment/start.sh", "solution/solve.sh", "tests/test.sh"):
        assert os.access(exported / script, os.X_OK)
        assert subprocess.run(["bash", "-n", str(exported / script)]).returncode == 0, script
    assert f"--task {TASK} --agent human" in (exported / "environment/start.sh").read_text()


def test_nothing_the_agent_must_not_see_is_in_its_environment(exported):
    env_task = exported / "environment" / "task"
    assert not any((env_task / d).exists() for d in ("solution", "mutants", "alternatives"))
    dockerfile = (exported / "environment" / "Dockerfile").read_text()
    assert "chmod 700 /opt/ibench/tasks" in dockerfile  # criteria and scenario root-only
    assert 'user = "agent"' in (exported / "task.toml").read_text()


def test_every_file_the_export_writes_carries_the_canary(exported):
    for rel in ("instruction.md", "task.toml", "environment/Dockerfile", "environment/start.sh",
                "solution/solve.sh", "tests/test.sh"):
        assert CANARY in (exported / rel).read_text(), rel


def test_harbor_loads_and_lints_the_export(exported):
    py = harbor_python()
    if py is None:
        pytest.skip("Harbor needs Python >= 3.12 with `harbor` installed (.ci/run creates .venv-harbor)")
    code = ("import json, sys\nfrom harbor.models.task.task import Task\nt = Task(sys.argv[1])\n"
            "print(json.dumps({'name': t.name, 'agent_timeout': t.config.agent.timeout_sec, "
            "'user': t.config.agent.user, 'verifier': t.config.verifier.environment_mode.value, "
            "'instruction': t.instruction, 'metadata': t.config.metadata}))")
    proc = subprocess.run([str(py), "-c", code, str(exported)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    task = json.loads(proc.stdout)
    assert task["name"] == f"integration-bench/{TASK}" and task["verifier"] == "shared"
    assert task["user"] == "agent" and task["agent_timeout"] == 600.0
    assert task["metadata"]["ibench_task"] == TASK and task["metadata"]["kind"] == "example"
    assert CANARY not in task["instruction"] and "StaffLine" in task["instruction"]  # Harbor strips it
    lint = subprocess.run([str(py.parent / "harbor"), "lint", str(exported), "--ignore", "shared-verifier"],
                          capture_output=True, text=True, timeout=120)
    assert lint.returncode == 0, lint.stdout[-2000:] + lint.stderr[-2000:]
