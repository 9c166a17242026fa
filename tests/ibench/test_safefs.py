"""ibench/safefs.py `copy_in` (the preload step): the harness writes a task's files into the
integration's folders without following anything planted there — a symlinked folder, a
symlinked or hard-linked file, a FIFO — and reports what it replaced; a plain overwrite is
silent."""
from __future__ import annotations

import os

import pytest

from ibench import safefs

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def env(tmp_path):
    root = tmp_path / "root"
    (root / "state").mkdir(parents=True)
    src = tmp_path / "task" / "poller.json"
    src.parent.mkdir()
    src.write_text('{"cursor": 42}')
    victim = tmp_path / "victim.txt"  # a file of the harness's user outside the workspace
    victim.write_text("untouched")
    return root, src, victim


def test_plain_copy_and_overwrite_are_silent(env):
    root, src, _ = env
    assert safefs.copy_in(root, ["state", "poller.json"], src) == []
    (root / "state" / "poller.json").write_text("old")
    assert safefs.copy_in(root, ["state", "poller.json"], src) == []
    assert (root / "state" / "poller.json").read_text() == '{"cursor": 42}'
    assert safefs.copy_in(root, ["state", "deep", "er", "p.json"], src) == []  # folders created
    assert (root / "state" / "deep" / "er" / "p.json").read_text() == '{"cursor": 42}'


def test_a_symlinked_file_is_replaced_not_written_through(env):
    root, src, victim = env
    (root / "state" / "poller.json").symlink_to(victim)
    found = safefs.copy_in(root, ["state", "poller.json"], src)
    assert [(f["kind"], f["path"]) for f in found] == [("symlink", "state/poller.json")]
    assert victim.read_text() == "untouched"
    assert not (root / "state" / "poller.json").is_symlink()
    assert (root / "state" / "poller.json").read_text() == '{"cursor": 42}'


def test_a_hard_linked_file_is_replaced_not_written_through(env):
    root, src, victim = env
    os.link(victim, root / "state" / "poller.json")
    found = safefs.copy_in(root, ["state", "poller.json"], src)
    assert [f["kind"] for f in found] == ["hardlink"]
    assert victim.read_text() == "untouched"


def test_a_fifo_in_the_way_does_not_block(env):
    root, src, _ = env
    os.mkfifo(root / "state" / "poller.json")
    found = safefs.copy_in(root, ["state", "poller.json"], src)
    assert [f["kind"] for f in found] == ["special"]
    assert (root / "state" / "poller.json").read_text() == '{"cursor": 42}'


def test_a_symlinked_state_folder_is_replaced(env, tmp_path):
    root, src, _ = env
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "state").rmdir()
    (root / "state").symlink_to(outside)
    found = safefs.copy_in(root, ["state", "poller.json"], src)
    assert [(f["kind"], f["path"]) for f in found] == [("symlink", "state")]
    assert list(outside.iterdir()) == []
    assert (root / "state").is_dir() and not (root / "state").is_symlink()


def test_a_folder_copy_does_not_follow_a_planted_subfolder_link(env, tmp_path):
    root, _, _ = env
    tree = tmp_path / "task" / "handover"
    (tree / "sub").mkdir(parents=True)
    (tree / "sub" / "a.txt").write_text("A")
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "state" / "handover").mkdir()
    (root / "state" / "handover" / "sub").symlink_to(outside)
    found = safefs.copy_in(root, ["state", "handover"], tree)
    assert [(f["kind"], f["path"]) for f in found] == [("symlink", "state/handover/sub")]
    assert list(outside.iterdir()) == []
    assert (root / "state" / "handover" / "sub" / "a.txt").read_text() == "A"


def test_a_folder_where_the_file_goes_is_replaced(env):
    root, src, _ = env
    (root / "state" / "poller.json" / "x").mkdir(parents=True)
    found = safefs.copy_in(root, ["state", "poller.json"], src)
    assert [f["kind"] for f in found] == ["not_a_file"]
    assert (root / "state" / "poller.json").read_text() == '{"cursor": 42}'


def test_paths_leaving_the_folder_are_refused():
    for bad in ("../x", "/etc/passwd", "a//b/../c"):
        with pytest.raises(ValueError):
            safefs.parts_of(bad)
    assert safefs.parts_of("./a/b.csv") == ["a", "b.csv"]
