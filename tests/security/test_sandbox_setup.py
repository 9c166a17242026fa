"""Setting the sandbox up: a misconfiguration is one clear message naming the fix, and a named
agent's ro_paths are checked before anything runs."""
import os
import shutil
import subprocess
import sys

import pytest

from ibench.agents import resolve_agent
from ibench.errors import UserError
from ibench.sandbox import Sandbox

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _ibench(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ibench.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=120)


needs_bwrap_as_root = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("bwrap") is None,
                                         reason="needs root and bubblewrap")


@needs_bwrap_as_root
@pytest.mark.parametrize("mode", ["bwrap", "auto"])
def test_a_sandbox_uid_an_account_uses_is_refused(mode, tmp_path):
    proc = _ibench("run", "--task", "example-00-staffline-hello", "--agent", "noop", "--sandbox", mode,
                   "--out", str(tmp_path), IBENCH_SANDBOX_UID="65534")
    assert proc.returncode == 2
    errors = [line for line in proc.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and "belongs to the account 'nobody'" in errors[0] and "IBENCH_SANDBOX_UID" in errors[0]
    assert not any(tmp_path.iterdir())  # refused before anything ran


@needs_bwrap_as_root
def test_a_non_numeric_sandbox_uid_is_refused(tmp_path):
    proc = _ibench("run", "--task", "example-00-staffline-hello", "--agent", "noop", "--sandbox", "bwrap",
                   "--out", str(tmp_path), IBENCH_SANDBOX_UID="nobody")
    assert proc.returncode == 2
    assert "IBENCH_SANDBOX_UID='nobody': expected a positive numeric uid" in proc.stderr


def test_ro_paths_must_be_a_list_of_paths(tmp_path):
    agents = tmp_path / "agents.yaml"
    agents.write_text("mine:\n  cmd: exec true\n  ro_paths: /opt/mine\n")
    with pytest.raises(UserError, match="ro_paths"):
        resolve_agent("mine", agents)


def test_a_relative_ro_path_is_refused():
    with pytest.raises(UserError, match="absolute path"):
        Sandbox("bwrap", agent_paths=("tools/bin",))


def test_a_runtime_the_sandbox_user_cannot_read_is_refused(tmp_path):
    private = tmp_path / "runtime-private"
    private.mkdir(mode=0o700)
    with pytest.raises(UserError, match="chmod -R o\\+rX"):
        Sandbox("bwrap", readable=(private,))
