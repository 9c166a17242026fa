"""The workspace patch is the agent's whole change against the starter, computed without
running anything the agent configured (docs/security.md)."""
import os
import subprocess
from pathlib import Path

import pytest

from ibench.workspace import prepare_workspace, workspace_patch

from .conftest import EXAMPLE, TASKS


@pytest.fixture
def ws():
    w = prepare_workspace(TASKS / EXAMPLE, "test-ws")
    yield w
    w.cleanup()


def agent_git(ws, *args):
    """git as the agent runs it, in its own repository."""
    env = {**os.environ, "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@x", "GIT_COMMITTER_NAME": "a",
           "GIT_COMMITTER_EMAIL": "a@x"}
    subprocess.run(["git", "-C", str(ws.repo), *args], check=True, capture_output=True, env=env)


def test_untouched_workspace_gives_an_empty_patch(ws):
    assert workspace_patch(ws) == ("", [])


def test_new_and_changed_files_are_in_the_patch(ws):
    (ws.repo / "conn" / "extra.py").write_text("X = 1\n")
    (ws.repo / "conn" / "__init__.py").write_text("# changed\n")
    patch, skipped = workspace_patch(ws)
    assert "b/conn/extra.py" in patch and "+X = 1" in patch and "+# changed" in patch
    assert skipped == []


def test_committed_work_is_still_the_whole_change(ws):
    (ws.repo / "conn" / "extra.py").write_text("X = 1\n")
    agent_git(ws, "add", "-A")
    agent_git(ws, "commit", "-qm", "my work")
    patch, _ = workspace_patch(ws)
    assert "+X = 1" in patch


def test_removed_git_directory_keeps_the_patch(ws):
    import shutil

    (ws.repo / "conn" / "extra.py").write_text("X = 1\n")
    shutil.rmtree(ws.repo / ".git")
    patch, _ = workspace_patch(ws)
    assert "+X = 1" in patch and ".git/" not in patch


def test_removed_workspace_is_a_patch_deleting_the_starter(ws):
    import shutil

    shutil.rmtree(ws.repo)
    patch, _ = workspace_patch(ws)
    assert "deleted file mode" in patch and "a/TICKET.md" in patch


def test_planted_git_configuration_never_runs_on_the_host(ws, tmp_path):
    """Filters, fsmonitor, hooks, includes, textconv and an embedded repository's fsmonitor:
    each would create a marker file if the harness's git ran it."""
    marks = [tmp_path / f"ran-{i}" for i in range(6)]
    (tmp_path / "inc").write_text(f"[core]\n\tfsmonitor = touch {marks[3]}\n")
    cfg = ws.repo / ".git" / "config"
    cfg.write_text(cfg.read_text()
                   + f'[filter "evil"]\n\tclean = sh -c "touch {marks[0]}; cat"\n\tsmudge = cat\n'
                   + f"[core]\n\tfsmonitor = touch {marks[1]}\n"
                   + f'[diff "evil"]\n\ttextconv = sh -c "touch {marks[2]}; cat"\n'
                   + f"[include]\n\tpath = {tmp_path / 'inc'}\n")
    (ws.repo / ".git" / "info" / "attributes").write_text("* filter=evil diff=evil\n")
    (ws.repo / ".gitattributes").write_text("* filter=evil diff=evil\n")
    hook = ws.repo / ".git" / "hooks" / "pre-commit"
    hook.parent.mkdir(exist_ok=True)
    hook.write_text(f"#!/bin/sh\ntouch {marks[4]}\n")
    hook.chmod(0o755)
    sub = ws.repo / "vendored"
    sub.mkdir()
    subprocess.run(["git", "init", "-q", str(sub)], check=True)
    (sub / ".git" / "config").write_text(f"[core]\n\tfsmonitor = touch {marks[5]}\n")
    (sub / "lib.py").write_text("Y = 2\n")
    (ws.repo / "conn" / "__init__.py").write_text("# changed\n")
    patch, _ = workspace_patch(ws)
    assert [m.name for m in marks if m.exists()] == []
    # The agent's content is still captured as plain files, the nested repository included.
    assert "+# changed" in patch and "b/vendored/lib.py" in patch and "+Y = 2" in patch


def test_symlinks_are_kept_as_links_and_never_followed(ws, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET\n")
    os.symlink(secret, ws.repo / "leak")
    patch, _ = workspace_patch(ws)
    assert "TOP-SECRET" not in patch and "new file mode 120000" in patch


def test_special_and_oversized_files_are_left_out_and_named(ws, monkeypatch):
    import ibench.workspace as w

    os.mkfifo(ws.repo / "pipe")
    largest = max(p.stat().st_size for p in ws.repo.rglob("*") if p.is_file() and ".git" not in p.parts)
    monkeypatch.setattr(w, "MAX_PATCH_FILE", largest)
    (ws.repo / "big.bin").write_bytes(b"x" * (largest + 1))
    patch, skipped = workspace_patch(ws)  # returns: a FIFO would block a naive copy
    assert sorted(skipped) == ["big.bin", "pipe"] and "big.bin" not in patch


def test_reset_for_scenario_survives_whatever_the_agent_left(ws, tmp_path):
    import shutil

    shutil.rmtree(ws.state_dir)                      # deleted
    ws.output_dir.rmdir()
    os.symlink(tmp_path, ws.output_dir)              # replaced by a symlink out
    (tmp_path / "keep.txt").write_text("must survive")
    ws.reset_for_scenario()
    assert ws.state_dir.is_dir() and ws.output_dir.is_dir() and not ws.output_dir.is_symlink()
    assert list(ws.output_dir.iterdir()) == [] and (tmp_path / "keep.txt").exists()
    (ws.state_dir / "ro").mkdir()
    (ws.state_dir / "ro" / "f").write_text("x")
    (ws.state_dir / "ro").chmod(0o500)
    ws.output_dir.rmdir()
    ws.output_dir.write_text("a file where the folder was")
    ws.reset_for_scenario()
    assert list(ws.state_dir.iterdir()) == [] and ws.output_dir.is_dir()


def test_reset_for_scenario_brings_back_a_removed_workspace(ws):
    import shutil

    shutil.rmtree(ws.repo)
    ws.reset_for_scenario()
    assert ws.repo.is_dir() and list(ws.repo.iterdir()) == []
    shutil.rmtree(ws.repo)
    ws.repo.write_text("a file where the repository was")
    ws.reset_for_scenario()
    assert ws.repo.is_dir()
