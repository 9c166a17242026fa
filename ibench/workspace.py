"""The agent's workspace: the starter repo, TICKET.md and materials, with a git repository of
the agent's own; beside it the integration's state and output directories. Everything lives in
a private temporary folder, outside the project, so the sandbox can show it while hiding tasks,
criteria and solutions.

The agent owns everything in the workspace, its `.git` included: it may commit, rewrite its
history, change its git config or delete `.git`. So the harness never runs git *in* the
workspace after the agent has started (a filter, hook, fsmonitor or include planted in
`.git/config` would run on the host, outside the sandbox — docs/security.md). The baseline
lives in a git directory of the harness's own, outside the workspace; the patch is computed by
copying the workspace's regular files and symlinks (never following them) into a harness-owned
snapshot and diffing that against the baseline with a neutral configuration. The patch is
therefore always the whole change against the starter, whatever the agent did to its repo."""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ibench.errors import HarnessError

_GIT_ENV = {"GIT_AUTHOR_NAME": "ibench", "GIT_AUTHOR_EMAIL": "ibench@localhost",
            "GIT_COMMITTER_NAME": "ibench", "GIT_COMMITTER_EMAIL": "ibench@localhost",
            "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z"}

# Configuration every harness git command runs with: no hooks, no fsmonitor, no external diff
# or textconv helpers, no system/global config and no includes (only `-c` values and the
# harness's own repository config, which the harness wrote).
_NEUTRAL_CONFIG = ("core.hooksPath=/dev/null", "core.fsmonitor=false", "core.untrackedCache=false",
                   "core.attributesFile=/dev/null", "core.excludesFile=/dev/null",
                   "diff.external=", "core.symlinks=true", "core.autocrlf=false",
                   "core.safecrlf=false", "submodule.recurse=false", "diff.ignoreSubmodules=all",
                   "status.submoduleSummary=false", "safe.directory=*")

# $GIT_DIR/info/attributes outranks every in-tree .gitattributes: no filter, no eol/encoding
# conversion, no diff driver an agent could name in its own .gitattributes.
_NEUTRAL_ATTRIBUTES = "* -filter -text -ident !eol !diff !merge !working-tree-encoding\n"

# Never part of the change: the agent's own repository, harness-written files, caches.
_SKIP_NAMES = {".git", "__pycache__"}
_SKIP_TOP = {".ibench"}
_SKIP_SUFFIXES = (".pyc",)
# A file larger than this is left out of the patch (and named in the skipped list): the patch
# is the agent's source change, not its data.
MAX_PATCH_FILE = 20 * 1024 * 1024


@dataclass
class Workspace:
    root: Path  # shown to the sandbox: workspace/, state/, output/
    repo: Path
    state_dir: Path
    output_dir: Path
    harness_dir: Path  # never shown to the sandbox: the baseline repository, snapshots

    @property
    def baseline_git(self) -> Path:
        return self.harness_dir / "baseline.git"

    def cleanup(self) -> None:
        for d in (self.root, self.harness_dir):
            _force_rmtree(d)

    def reset_for_scenario(self) -> None:
        """Empty state and output folders before the scenario, whatever the agent left there:
        files, a deleted or recreated folder, a symlink or a plain file in its place. A removed
        workspace comes back empty: the integration then just fails, and is scored."""
        for d in (self.state_dir, self.output_dir):
            _remove_any(d)
            d.mkdir(parents=True)
        if not self.repo.is_dir():
            _remove_any(self.repo)
            self.repo.mkdir()


def _remove_any(path: Path) -> None:
    try:
        st = path.lstat()
    except FileNotFoundError:
        return
    if stat.S_ISDIR(st.st_mode):
        _force_rmtree(path)
    else:
        path.unlink()


def _force_rmtree(path: Path) -> None:
    """rmtree that also removes read-only folders an agent left (chmod 0500 dirs)."""
    def onerror(func, p, _exc):
        try:
            os.chmod(os.path.dirname(p), 0o700)
            os.chmod(p, 0o700)
            func(p)
        except OSError:
            pass
    if path.is_symlink():
        path.unlink()
    elif path.exists():
        shutil.rmtree(path, onerror=onerror)


def git(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """git on a repository the harness created and the agent has not touched yet."""
    env = {**os.environ, **_GIT_ENV, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
           "HOME": str(repo.parent)}
    return _git(["git", "-C", str(repo), *args], env, args, check)


def harness_git(ws: Workspace, work_tree: Path, *args: str, check: bool = True,
                index: Path | None = None) -> subprocess.CompletedProcess:
    """git with the harness's own git directory over `work_tree`, in a neutral configuration:
    nothing the agent wrote (its .git, its .gitattributes drivers) can make git run a program."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(_GIT_ENV)
    env.update({"GIT_DIR": str(ws.baseline_git), "GIT_WORK_TREE": str(work_tree),
                "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
                "HOME": str(ws.harness_dir), "GIT_TERMINAL_PROMPT": "0",
                "GIT_OPTIONAL_LOCKS": "0", "GIT_ATTR_NOSYSTEM": "1"})
    if index is not None:
        env["GIT_INDEX_FILE"] = str(index)
    argv = ["git"]
    for c in _NEUTRAL_CONFIG:
        argv += ["-c", c]
    return _git(argv + list(args), env, args, check, cwd=work_tree)


def _git(argv, env, args, check, cwd=None) -> subprocess.CompletedProcess:
    proc = subprocess.run(argv, env=env, capture_output=True, cwd=cwd, stdin=subprocess.DEVNULL)
    out = subprocess.CompletedProcess(proc.args, proc.returncode,
                                      proc.stdout.decode("utf-8", "surrogateescape"),
                                      proc.stderr.decode("utf-8", "replace"))
    if check and proc.returncode != 0:
        raise HarnessError(f"git {' '.join(args)} failed: {out.stderr.strip()[:300]}")
    return out


def prepare_workspace(task_dir: Path, run_id: str, materials: dict[str, str] | None = None) -> Workspace:
    """The workspace before the agent: starter, ticket and materials (`materials`: the text of
    files handed out other than as written, a variant's translated CSVs, ibench/materials.py)."""
    root = Path(tempfile.mkdtemp(prefix=f"ibench-{run_id[:40]}-"))
    harness_dir = Path(tempfile.mkdtemp(prefix="ibench-harness-"))
    ws = Workspace(root, root / "workspace", root / "state", root / "output", harness_dir)
    starter = task_dir / "repo"
    if starter.is_dir():
        shutil.copytree(starter, ws.repo, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    else:
        ws.repo.mkdir()
    shutil.copy2(task_dir / "TICKET.md", ws.repo / "TICKET.md")
    if (task_dir / "materials").is_dir():
        shutil.copytree(task_dir / "materials", ws.repo / "materials")
        for name, text in (materials or {}).items():
            (ws.repo / "materials" / name).write_bytes(text.encode("utf-8"))
    ws.state_dir.mkdir()
    ws.output_dir.mkdir()
    # The harness's baseline, before the agent exists.
    snapshot = _snapshot(ws)
    proc = subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(ws.baseline_git)],
                          capture_output=True, text=True,
                          env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"})
    if proc.returncode != 0:
        raise HarnessError(f"git init failed: {proc.stderr.strip()[:300]}")
    (ws.baseline_git / "info").mkdir(exist_ok=True)
    (ws.baseline_git / "info" / "attributes").write_text(_NEUTRAL_ATTRIBUTES)
    _force_rmtree(ws.baseline_git / "hooks")  # sample hooks only; hooksPath is /dev/null anyway
    harness_git(ws, snapshot, "add", "-A")
    harness_git(ws, snapshot, "commit", "-q", "--no-verify", "-m", "baseline")
    _force_rmtree(snapshot)
    # The agent's own repository: the same baseline, for its convenience only.
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


def _snapshot(ws: Workspace, skipped: list[str] | None = None) -> Path:
    """Copy the workspace's regular files, folders and symlinks (as links, never followed) into
    a fresh harness-owned folder; FIFOs, sockets, devices and oversized files are left out and
    named in `skipped`."""
    dest = Path(tempfile.mkdtemp(prefix="snap-", dir=ws.harness_dir))
    skipped = skipped if skipped is not None else []
    src_root = ws.repo
    try:
        if not stat.S_ISDIR(src_root.lstat().st_mode):
            skipped.append(".")
            return dest
    except FileNotFoundError:
        return dest  # the agent removed its workspace: the patch deletes everything

    def walk(src: Path, out: Path, top: bool) -> None:
        try:
            names = sorted(os.listdir(src))
        except OSError:
            skipped.append(str(src.relative_to(src_root)))
            return
        for name in names:
            if name in _SKIP_NAMES or (top and name in _SKIP_TOP) or name.endswith(_SKIP_SUFFIXES):
                continue
            s, d = src / name, out / name
            try:
                st = s.lstat()
            except OSError:
                continue
            rel = s.relative_to(src_root).as_posix()
            if stat.S_ISLNK(st.st_mode):
                os.symlink(os.readlink(s), d)
            elif stat.S_ISDIR(st.st_mode):
                d.mkdir()
                walk(s, d, False)
            elif stat.S_ISREG(st.st_mode) and st.st_size <= MAX_PATCH_FILE:
                if not _copy_regular(s, d, st):
                    skipped.append(rel)
            else:
                skipped.append(rel)

    walk(src_root, dest, True)
    return dest


def _copy_regular(src: Path, dest: Path, st: os.stat_result) -> bool:
    """Copy without following a symlink swapped in after lstat (O_NOFOLLOW) and without
    blocking on a FIFO swapped in (O_NONBLOCK, then fstat)."""
    try:
        fd = os.open(src, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        fst = os.fstat(fd)
        if not stat.S_ISREG(fst.st_mode) or fst.st_size > MAX_PATCH_FILE:
            return False
        with os.fdopen(fd, "rb", closefd=False) as fh, open(dest, "wb") as out:
            shutil.copyfileobj(fh, out)
        os.chmod(dest, 0o755 if st.st_mode & 0o111 else 0o644)
        return True
    finally:
        os.close(fd)


def workspace_patch(ws: Workspace) -> tuple[str, list[str]]:
    """The agent's whole change against the starter (new files included, binary as git
    binary patches), and the paths left out of it (special or oversized files)."""
    skipped: list[str] = []
    snapshot = _snapshot(ws, skipped)
    try:
        # A throwaway index: the baseline's index stays the starter's.
        index = ws.harness_dir / "index.patch"
        if index.exists():
            index.unlink()
        harness_git(ws, snapshot, "read-tree", "HEAD", index=index)
        harness_git(ws, snapshot, "add", "-A", index=index)
        diff = harness_git(ws, snapshot, "diff", "--cached", "--binary", "--no-ext-diff",
                           "--no-textconv", "--no-color", "--ignore-submodules=all", "HEAD",
                           index=index).stdout
    finally:
        _force_rmtree(snapshot)
    return diff, skipped


def apply_patch(ws: Workspace, patch: Path) -> subprocess.CompletedProcess:
    """Apply a harness-owned patch (a solution or a mutant) to the workspace's files with the
    harness's git, before the agent has run anything."""
    return harness_git(ws, ws.repo, "apply", "--whitespace=nowarn", str(patch.resolve()),
                       check=False)
