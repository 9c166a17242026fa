"""Every process a step starts, and nothing else: put in a tree of its own, signalled as one
and killed as one when the step ends, whatever it did to leave its process group (setsid,
double fork, SIGTERM ignored).

    tree = ProcTree()
    proc = tree.popen(argv, cwd=..., env=..., stdout=log, stderr=subprocess.STDOUT)
    ...                      # proc.wait(); tree.watch() now and then
    tree.terminate()         # SIGTERM to the payload (graceful stop), optional
    tree.kill()              # SIGKILL to everything left; returns when all of it is gone

A tree is, in order of preference:

- a cgroup v2 child of the harness's own cgroup: the launcher writes its pid there before
  exec, so every descendant is inside from its first instruction; `cgroup.kill` kills all of
  them atomically, forks in flight included;
- a cgroup v1 freezer child: frozen, every task SIGKILLed, thawed (nothing can fork while
  frozen, so nothing slips out between listing and killing);
- without a usable cgroup hierarchy (not root, no delegation), a scan of /proc: descendants of
  the root process by parent pid, plus every process whose environment carries the tree's
  random token (IBENCH_PROCTREE_TOKEN), remembered at each `watch()` and at the kill. It cannot
  catch a process that leaves the tree (double fork: re-parented to init) *and* replaces its
  environment (exec with a fresh one) between two looks, nor one the harness may not signal.

`IBENCH_PROCTREE=cgroup2|freezer|scan` forces one (tests). Trees never overlap: each step of
each run has its own cgroup or token, so one run's cleanup cannot touch another's processes."""
from __future__ import annotations

import errno
import itertools
import os
import secrets
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

from ibench.errors import HarnessError

TOKEN_VAR = "IBENCH_PROCTREE_TOKEN"
_counter = itertools.count(1)
_backend_lock = threading.Lock()
_backend: tuple[str, Path | None] | None = None
# The launcher joins the cgroup, then becomes the command ($0 is the cgroup.procs path).
_JOIN = 'echo $$ > "$0" || exit 126; {unset}exec "$@"'


def _mounts() -> list[tuple[str, str, str, str]]:
    """(mount point, mount root, fs type, super options) from /proc/self/mountinfo."""
    out = []
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return out
    for line in lines:
        left, _, right = line.partition(" - ")
        f, r = left.split(), right.split()
        if len(f) >= 5 and len(r) >= 3:
            out.append((f[4].replace("\\040", " "), f[3], r[0], r[2]))
    return out


def _own_cgroup(match) -> str | None:
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if match(controllers.split(",")):
            return path
    return None


def _base(fstype: str, option: str | None) -> Path | None:
    """The harness's own cgroup directory in the hierarchy of `fstype` (with `option`)."""
    if fstype == "cgroup2":
        own = _own_cgroup(lambda c: c == [""])
    else:
        own = _own_cgroup(lambda c: option in c)
    if own is None:
        return None
    for point, root, fs, opts in _mounts():
        if fs == fstype and (option is None or option in opts.split(",")):
            rel = own[len(root):] if root != "/" and own.startswith(root) else own
            return Path(point) / rel.lstrip("/")
    return None


def _probe(base: Path | None, kind: str) -> bool:
    if base is None or not base.is_dir():
        return False
    probe = base / f"ibench-probe-{os.getpid()}-{secrets.token_hex(3)}"
    try:
        probe.mkdir()
    except OSError:
        return False
    try:
        needed = "freezer.state" if kind == "freezer" else "cgroup.freeze"
        return (probe / needed).exists() and os.access(probe / "cgroup.procs", os.W_OK)
    finally:
        try:
            probe.rmdir()
        except OSError:
            pass


def backend() -> tuple[str, Path | None]:
    """The kind of tree this machine gives (chosen once): (`cgroup2`|`freezer`|`scan`, base)."""
    global _backend
    with _backend_lock:
        if _backend is None:
            forced = os.environ.get("IBENCH_PROCTREE", "").strip()
            if forced not in ("", "cgroup2", "freezer", "scan"):
                raise HarnessError(f"IBENCH_PROCTREE={forced!r}: expected cgroup2, freezer or scan")
            candidates = {"cgroup2": _base("cgroup2", None), "freezer": _base("cgroup", "freezer")}
            order = [forced] if forced else ["cgroup2", "freezer", "scan"]
            for kind in order:
                if kind == "scan" or _probe(candidates[kind], kind):
                    _backend = (kind, candidates.get(kind))
                    break
            else:
                raise HarnessError(f"IBENCH_PROCTREE={forced}: no usable {forced} hierarchy here")
            if _backend[1] is not None:
                _sweep(_backend[1])
        return _backend


def _sweep(base: Path) -> None:
    """Remove the empty cgroups of harnesses that are gone (killed before their cleanup ran);
    a live harness's, or one with processes left, is not ours to touch."""
    for d in base.glob("ibench-*-*-*"):
        try:
            pid = int(d.name.split("-")[1])
        except (IndexError, ValueError):
            continue
        if pid == os.getpid() or Path(f"/proc/{pid}").exists():
            continue
        try:
            d.rmdir()  # fails (EBUSY) while a process is still in it
        except OSError:
            pass


class ProcTree:
    def __init__(self) -> None:
        self.kind, base = backend()
        self.token = secrets.token_hex(12)
        self.root_pid: int | None = None
        self._seen: dict[int, str] = {}  # scan: pid -> start time (pids are reused)
        self.dir: Path | None = None
        if base is not None:
            d = base / f"ibench-{os.getpid()}-{next(_counter)}-{self.token[:6]}"
            try:
                d.mkdir()
            except OSError as exc:
                raise HarnessError(f"cannot create the process cgroup {d}: {exc}") from None
            self.dir = d

    # --- starting ------------------------------------------------------------------------

    def popen(self, argv: list[str], *, cwd: Path, env: dict[str, str], stdout, stderr) -> subprocess.Popen:
        """Start `argv` as the tree's root, in a new session, stdin from /dev/null."""
        _check_executable(argv[0], cwd, env)
        if self.dir is not None:
            unset = "" if "PWD" in env else "unset PWD; "  # sh exports a PWD the caller did not give
            full = ["/bin/sh", "-c", _JOIN.format(unset=unset), str(self.dir / "cgroup.procs"), *argv]
            full_env = env
        else:
            full, full_env = list(argv), {**env, TOKEN_VAR: self.token}
        proc = subprocess.Popen(full, cwd=cwd, env=full_env, stdout=stdout, stderr=stderr,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        self.root_pid = proc.pid
        self.watch()
        return proc

    # --- looking ---------------------------------------------------------------------------

    def members(self) -> list[int]:
        if self.dir is not None:
            try:
                text = (self.dir / "cgroup.procs").read_text()
            except OSError:
                return []
            return [int(p) for p in text.split()]
        return list(self._scan())

    def watch(self) -> None:
        """Scan trees only: remember the current members, so a process that later leaves the
        tree by a double fork is still known at the kill."""
        if self.dir is None and self.root_pid is not None:
            self._scan()

    def _scan(self) -> dict[int, str]:
        table = _process_table()
        found: dict[int, str] = {}
        for pid, start in list(self._seen.items()):  # still the same process?
            if table.get(pid, (None, None))[1] == start:
                found[pid] = start
        children: dict[int, list[int]] = {}
        for pid, (ppid, _) in table.items():
            children.setdefault(ppid, []).append(pid)
        stack = [self.root_pid] if self.root_pid in table else []
        while stack:
            pid = stack.pop()
            found[pid] = table[pid][1]
            stack.extend(children.get(pid, ()))
        needle = f"{TOKEN_VAR}={self.token}".encode() + b"\0"
        for pid in table:
            if pid not in found and _environ_has(pid, needle):
                found[pid] = table[pid][1]
        found.pop(os.getpid(), None)
        self._seen.update(found)
        return found

    # --- stopping --------------------------------------------------------------------------

    def terminate(self, sig: int = signal.SIGTERM) -> None:
        """A graceful stop: `sig` to every member but bubblewrap's own processes (its monitor
        dying SIGKILLs the whole sandbox at once, before the payload could clean up)."""
        bwrap = _bwrap_exe()
        for pid in self.members():
            if bwrap is not None and _exe(pid) == bwrap:
                continue
            _signal(pid, sig)

    def kill(self, timeout_s: float = 10.0) -> None:
        """SIGKILL everything in the tree and wait until it is gone (then drop the cgroup)."""
        if self.kind == "cgroup2" and self.dir is not None:
            self._kill_cgroup2(timeout_s)
        elif self.kind == "freezer" and self.dir is not None:
            self._kill_freezer(timeout_s)
        elif self.root_pid is not None:
            self._kill_scan(timeout_s)
        self._remove()

    def _kill_cgroup2(self, timeout_s: float) -> None:
        d = self.dir
        if (d / "cgroup.kill").exists():
            _write(d / "cgroup.kill", "1")
        else:  # kernels before 5.14: freeze, kill, thaw
            _write(d / "cgroup.freeze", "1")
            _wait(lambda: "frozen 1" in _read(d / "cgroup.events"), 2.0)
            for pid in self.members():
                _signal(pid, signal.SIGKILL)
            _write(d / "cgroup.freeze", "0")
        _wait(lambda: "populated 0" in _read(d / "cgroup.events") or not self.members(), timeout_s)

    def _kill_freezer(self, timeout_s: float) -> None:
        d = self.dir
        _write(d / "freezer.state", "FROZEN")
        _wait(lambda: _read(d / "freezer.state").strip() == "FROZEN", 2.0)
        for pid in self.members():
            _signal(pid, signal.SIGKILL)
        _write(d / "freezer.state", "THAWED")
        _wait(lambda: not self.members(), timeout_s)

    def _kill_scan(self, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            pids = self._scan()
            if not pids:
                return
            for pid in pids:
                _signal(pid, signal.SIGKILL)
            time.sleep(0.02)
            for pid in pids:  # our own children (the root) are reaped by their Popen
                if _process_table_one(pid) is None:
                    self._seen.pop(pid, None)

    def _remove(self) -> None:
        if self.dir is None:
            return
        for _ in range(50):
            try:
                self.dir.rmdir()
                break
            except FileNotFoundError:
                break
            except OSError as exc:  # EBUSY while the last exits are accounted
                if exc.errno != errno.EBUSY:
                    break
                time.sleep(0.02)
        self.dir = None if not self.dir.exists() else self.dir


# --- /proc helpers ---------------------------------------------------------------------------

def _check_executable(program: str, cwd: Path, env: dict[str, str]) -> None:
    """What Popen would have said (FileNotFoundError) had it run `program` itself, not /bin/sh."""
    if "/" in program:
        ok = os.access(Path(cwd) / program, os.X_OK)
    else:
        ok = shutil.which(program, path=env.get("PATH", os.defpath)) is not None
    if not ok:
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", program)


def _process_table() -> dict[int, tuple[int, str]]:
    """pid -> (ppid, start time) for every process visible in /proc."""
    table = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            row = _process_table_one(int(name))
            if row is not None:
                table[int(name)] = row
    return table


def _process_table_one(pid: int) -> tuple[int, str] | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2:].split()  # the command name may hold spaces and ')'
    if fields[0] == "Z":
        return None  # a zombie holds nothing but its pid; its parent reaps it
    return int(fields[1]), fields[19]


def _environ_has(pid: int, needle: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as fh:
            return needle in fh.read() + b"\0"
    except OSError:
        return False


def _exe(pid: int) -> str | None:
    try:
        return os.readlink(f"/proc/{pid}/exe")
    except OSError:
        return None


def _bwrap_exe() -> str | None:
    found = shutil.which("bwrap")
    return os.path.realpath(found) if found else None


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def _write(path: Path, value: str) -> None:
    try:
        path.write_text(value)
    except OSError:
        pass


def _wait(cond, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while True:
        if cond():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)
