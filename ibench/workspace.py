"""The agent's workspace: the starter repo, TICKET.md and materials, committed as a git
baseline so the agent's change can be kept as a patch; beside it the integration's state and
output directories. Everything lives in a private temporary folder, outside the project, so
the sandbox can show it while hiding tasks, criteria and solutions."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ibench.errors import HarnessError

_GIT_ENV = {"GIT_AUTHOR_NAME": "ibench", "GIT_AUTHOR_EMAIL": "ibench@localhost",
            "GIT_COMMITTER_NAME": "ibench", "GIT_COMMITTER_EMAIL": "ibench@localhost",
            "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z"}


@dataclass
class Workspace:
    root: Path
    repo: Path
    state_dir: Path
    output_dir: Path

    def cleanup(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def git(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, **_GIT_ENV, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(repo.parent)}
    proc = subprocess.run(["git", "-C", str(repo), *args], env=env, capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise HarnessError(f"git {' '.join(args)} failed: {proc.stderr.strip()[:300]}")
    return proc


def prepare_workspace(task_dir: Path, run_id: str) -> Workspace:
    root = Path(tempfile.mkdtemp(prefix=f"ibench-{run_id[:40]}-"))
    ws = Workspace(root, root / "workspace", root / "state", root / "output")
    starter = task_dir / "repo"
    if starter.is_dir():
        shutil.copytree(starter, ws.repo, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    else:
        ws.repo.mkdir()
    shutil.copy2(task_dir / "TICKET.md", ws.repo / "TICKET.md")
    if (task_dir / "materials").is_dir():
        shutil.copytree(task_dir / "materials", ws.repo / "materials")
    ws.state_dir.mkdir()
    ws.output_dir.mkdir()
    git(ws.repo, "init", "-q", "-b", "main")
    (ws.repo / ".git" / "info" / "exclude").write_text(".ibench/\n__pycache__/\n*.pyc\n")
    git(ws.repo, "add", "-A")
    git(ws.repo, "commit", "-q", "-m", "baseline")
    return ws


def write_env_file(ws: Workspace, env: dict[str, str]) -> Path:
    """`.ibench/env`: what the integration will see (KEY=VALUE), for the agent to read."""
    d = ws.repo / ".ibench"
    d.mkdir(exist_ok=True)
    path = d / "env"
    lines = ["# Environment the harness gives your integration (python -m conn …).",
             "# Base URLs go through the benchmark's proxy; use them, never another address."]
    lines += [f"{k}={v}" for k, v in sorted(env.items())]
    path.write_text("\n".join(lines) + "\n")
    return path


def workspace_patch(ws: Workspace) -> str:
    """The agent's change against the baseline (new files included)."""
    git(ws.repo, "add", "-A")
    return git(ws.repo, "diff", "--cached", "--binary", "HEAD").stdout
