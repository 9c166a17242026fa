"""`ibench export harbor OUT`: the suite as Harbor tasks (docs/harbor.md).

One Harbor task folder per task:

    <task id>/
      instruction.md          the ticket, and where the workspace and the environment are
      task.toml               Harbor's config: name, metadata, timeouts, the healthcheck
      environment/
        Dockerfile            the project's wheel installed; the task's files root-only
        integration_bench-<v>-py3-none-any.whl
        start.sh              starts the run (vendors, recorder, workspace) and waits for it
        task/                 the task folder without solution/, mutants/, alternatives/
      solution/solve.sh       the oracle: the reference solution copied into /app
      solution/files/         (what solve.sh copies; Harbor mounts solution/ only for the oracle)
      tests/test.sh           hands the run in, waits for the verdict, writes the reward

Inside the container a root-owned `ibench run --agent human` holds the vendors and the
recorder live while Harbor's agent works in /app (the run's workspace, owned by the `agent`
user). The verifier hands the work in: the harness resets the vendors, runs the scenario,
grades, and `test.sh` writes `score / 100` to /logs/verifier/reward.txt, with the score,
`solved` and the categories in reward.json. The task's criteria, scenario and fault profile
stay root-only (the agent user cannot read them), as the sandbox hides them in a local run."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ibench import __version__
from ibench.catalog import CANARY, TaskEntry
from ibench.errors import UserError

PROJECT_ROOT = Path(__file__).resolve().parent.parent
HIDDEN_FROM_AGENT = ("solution", "mutants", "alternatives")
BASE_IMAGE = "python:3.11.7-slim-bookworm"  # pinned: the Python the project is measured on
AGENT_USER = "agent"
SCENARIO_BUDGET_S = 1800  # the verifier's timeout: the longest scenario, with room


def build_wheel(dest: Path) -> Path:
    """The project's wheel (no dependencies: the image installs them from the index)."""
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                           "-q", "-w", str(dest), str(PROJECT_ROOT)], capture_output=True, text=True)
    wheels = sorted(dest.glob("integration_bench-*.whl"))
    if proc.returncode != 0 or not wheels:
        raise UserError(f"could not build the project's wheel: {(proc.stderr or proc.stdout).strip()[-400:]}")
    return wheels[-1]


def export_suite(entries: list[TaskEntry], out: Path, force: bool = False) -> list[Path]:
    out = Path(out)
    clash = [e.spec.id for e in entries if (out / e.spec.id).exists()]
    if clash and not force:
        raise UserError(f"{out}: {', '.join(clash[:3])} already exported (use --force to replace)")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ibench-wheel-") as tmp:
        wheel = build_wheel(Path(tmp))
        written = []
        for e in entries:
            dest = out / e.spec.id
            if dest.exists():
                shutil.rmtree(dest)
            export_task(e, dest, wheel)
            written.append(dest)
    return written


def export_task(entry: TaskEntry, dest: Path, wheel: Path) -> None:
    spec = entry.spec
    env_dir = dest / "environment"
    env_dir.mkdir(parents=True)
    shutil.copy2(wheel, env_dir / wheel.name)
    shutil.copytree(entry.path, env_dir / "task",
                    ignore=shutil.ignore_patterns(*HIDDEN_FROM_AGENT, "__pycache__", "*.pyc"))
    (env_dir / "Dockerfile").write_text(_dockerfile(wheel.name, spec.id))
    _script(env_dir / "start.sh", _START.format(task=spec.id, user=AGENT_USER))
    (dest / "instruction.md").write_text(_instruction(entry))
    (dest / "task.toml").write_text(_task_toml(entry))
    sol = dest / "solution"
    (sol / "files").mkdir(parents=True)
    src = entry.path / "solution"
    if src.is_dir():
        shutil.copytree(src, sol / "files", dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "NOTES.md"))
    _script(sol / "solve.sh", _SOLVE)
    (dest / "tests").mkdir()
    _script(dest / "tests" / "test.sh", _TEST)


def _script(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(0o755)


def _dockerfile(wheel: str, task_id: str) -> str:
    return f"""# {CANARY}
# Integration Bench task {task_id}: the vendors, the recorder and the harness run in this
# container (docs/harbor.md). The task's files are root-only; the agent works as `{AGENT_USER}`.
FROM {BASE_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends git \\
    && rm -rf /var/lib/apt/lists/* \\
    && useradd --create-home --shell /bin/bash {AGENT_USER}
COPY {wheel} /opt/ibench/
RUN pip install --no-cache-dir /opt/ibench/{wheel}
COPY task/ /opt/ibench/tasks/{task_id}/
COPY start.sh /opt/ibench/start.sh
RUN chmod 700 /opt/ibench/tasks && mkdir -p /app && chown {AGENT_USER}:{AGENT_USER} /app
ENV IBENCH_TASKS=/opt/ibench/tasks IBENCH_HANDOFF_DIR=/opt/ibench/handoff
WORKDIR /app
ENTRYPOINT ["/opt/ibench/start.sh"]
CMD ["sleep", "infinity"]
"""


_START = """#!/bin/bash
# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
# Start the run once (idempotent: the entrypoint and the healthcheck both call it), then wait
# until its workspace is ready and hand it to the agent user at /app.
set -euo pipefail
state=/opt/ibench/run
mkdir -p "$state" /opt/ibench/handoff
chmod 700 "$state" /opt/ibench/handoff
if mkdir "$state/started" 2>/dev/null; then  # atomic: exactly one caller starts the run
    nohup ibench run --task {task} --agent human --sandbox none --out /opt/ibench/jobs \\
        --job harbor >"$state/run.log" 2>&1 < /dev/null &
    echo $! > "$state/pid"
fi
for _ in $(seq 1 600); do
    waiting=$(ls /opt/ibench/handoff/*/waiting.json 2>/dev/null | head -n 1 || true)
    if [ -n "$waiting" ]; then
        ws=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["workspace"])' "$waiting")
        if [ ! -f "$state/handed-to-agent" ]; then
            chown -R {user}:{user} "$(dirname "$ws")"
            rm -rf /app && ln -s "$ws" /app
            touch "$state/handed-to-agent"
        fi
        break
    fi
    sleep 0.5
done
[ -f "$state/handed-to-agent" ] || {{ echo "ibench: the run did not start; see $state/run.log" >&2; exit 1; }}
if [ "$#" -gt 0 ]; then exec "$@"; fi
"""

_SOLVE = """#!/bin/bash
# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
# The oracle: the task's reference solution over the starter (a *.patch is applied instead).
set -euo pipefail
cd /app
if ls /solution/files/*.patch >/dev/null 2>&1; then
    for p in /solution/files/*.patch; do git apply "$p"; done
else
    cp -r /solution/files/. /app/
fi
"""

_TEST = """#!/bin/bash
# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
# Hand the work in; the harness runs the scenario and grades; the reward is score / 100.
set -uo pipefail
mkdir -p /logs/verifier
ibench done >/logs/verifier/handin.txt 2>&1 || true
pid=$(cat /opt/ibench/run/pid 2>/dev/null || echo 0)
while kill -0 "$pid" 2>/dev/null; do sleep 1; done
cp /opt/ibench/run/run.log /logs/verifier/ibench-run.log 2>/dev/null || true
python3 - <<'PY'
import json, pathlib, shutil
bundles = sorted(pathlib.Path("/opt/ibench/jobs/harbor").glob("*/verdict.json"))
out = pathlib.Path("/logs/verifier")
if not bundles:
    (out / "reward.txt").write_text("0\\n")
    (out / "reward.json").write_text(json.dumps({"reward": 0.0, "outcome": "no verdict"}) + "\\n")
    raise SystemExit(0)
v = json.loads(bundles[-1].read_text())
score = v.get("score") or 0.0
cats = {c: (v.get("by_category") or {}).get(c, {}).get("score") for c in
        ("correctness", "resilience", "integrity", "conduct")}
rewards = {"reward": round(score / 100, 6), "solved": 1.0 if v.get("solved") else 0.0,
           **{c: round(s / 100, 6) for c, s in cats.items() if s is not None}}
(out / "reward.txt").write_text(f"{rewards['reward']}\\n")
(out / "reward.json").write_text(json.dumps(rewards, indent=2) + "\\n")
shutil.copytree(bundles[-1].parent, out / "bundle", dirs_exist_ok=True)
PY
"""


def _instruction(entry: TaskEntry) -> str:
    ticket = (entry.path / "TICKET.md").read_text(encoding="utf-8")
    lines = [line for line in ticket.splitlines() if CANARY not in line]
    return "\n".join([f"<!-- {CANARY} -->", *lines, "", "---", "",
                      "The repository is in `/app` (TICKET.md is there too). `/app/.ibench/env` holds "
                      "the base URLs of the customer's live systems, their API docs URLs and the "
                      "credentials: `set -a; . /app/.ibench/env; set +a` before running the code "
                      "(`python -m conn …`). The live systems are test instances you may call.",
                      ""])


def _task_toml(entry: TaskEntry) -> str:
    spec = entry.spec
    meta = {"ibench_task": spec.id, "ibench_version": spec.version, "ibench_sha256": entry.sha256,
            "kind": spec.kind, "vendors": [v.name for v in spec.vendors], "mechanics": list(spec.mechanics),
            "exported_by": f"integration-bench {__version__}"}
    toml_meta = "\n".join(f"{k} = {json.dumps(v)}" for k, v in meta.items())
    return f"""# {CANARY}
schema_version = "1.4"

[task]
name = "integration-bench/{spec.id}"
description = {json.dumps(spec.title)}
keywords = ["integration-bench", "{spec.kind}"]

[metadata]
{toml_meta}

[agent]
timeout_sec = {float(spec.agent.time_limit_s)}
user = "{AGENT_USER}"

[verifier]
timeout_sec = {float(SCENARIO_BUDGET_S)}
environment_mode = "shared"

[environment]
build_timeout_sec = 900.0
cpus = 2
memory_mb = 4096

[environment.healthcheck]
command = "/opt/ibench/start.sh"
interval_sec = 2.0
timeout_sec = 330.0
start_period_sec = 5.0
retries = 3
"""


__all__ = ["build_wheel", "export_suite", "export_task"]
