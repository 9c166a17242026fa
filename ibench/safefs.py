"""Files in the run's workspace, read and written by the harness without following a link.

The workspace root (`Workspace.root`: workspace/, state/, output/) is shown read-write to the
agent and the integration, so everything below it is theirs: any file, folder — IB_OUTPUT_DIR
and IB_STATE_DIR included — may have been deleted and recreated as a symlink to a file only the
harness can read, a hard link to one, a FIFO (an open for reading blocks until a writer
appears), a device or a file too large to load. The harness runs outside the sandbox, so
following any of those would copy what the link points at into the bundle, hang the run, or
write a task's file wherever the link points.

So every path below the root is walked one component at a time with `openat` and
`O_NOFOLLOW`, starting from the root itself (opened `O_NOFOLLOW | O_DIRECTORY`: a root replaced
by a symlink is refused too). A file is read only if it is a regular file with one link, no
larger than the limit, opened `O_NONBLOCK` (so a FIFO swapped in between the check and the open
cannot block) and checked again with `fstat` on the descriptor actually read. Anything else
raises `UnsafeFile`, which callers report as a violation (docs/trace-format.md "unsafe files");
the content is never read.
"""
from __future__ import annotations

import errno
import os
import shutil
import stat
from pathlib import Path, PurePosixPath

# Outputs are tables a connector wrote (CSV, JSONL, SQLite); anything larger is not one.
MAX_FILE_BYTES = 256 * 1024 * 1024

_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
_CHUNK = 1 << 20


class UnsafeFile(Exception):
    """A path the harness refused to follow or read: `kind` is one of `symlink`, `hardlink`,
    `special` (FIFO, socket, device), `not_a_file` (a folder where a file belongs, or a file
    where a folder belongs), `too_large`, `changed` (replaced while it was being read)."""

    def __init__(self, kind: str, path: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path
        self.message = message

    def as_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "path": self.path, "message": self.message}


def parts_of(rel: str | PurePosixPath) -> list[str]:
    """The components of a relative path; `..`, absolute paths and empty names are refused
    (a task's mistake, not the agent's: ValueError)."""
    p = PurePosixPath(rel)
    if p.is_absolute() or any(part in ("..", "") for part in p.parts):
        raise ValueError(f"{rel}: not a relative path inside the folder")
    return [part for part in p.parts if part != "."]


def describe(st: os.stat_result) -> tuple[str, str]:
    """(kind, words) for what an lstat found where something else was expected."""
    mode = st.st_mode
    if stat.S_ISLNK(mode):
        return "symlink", "a symbolic link"
    if stat.S_ISDIR(mode):
        return "not_a_file", "a folder"
    if stat.S_ISFIFO(mode):
        return "special", "a FIFO"
    if stat.S_ISSOCK(mode):
        return "special", "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "special", "a device"
    if stat.S_ISREG(mode):
        return "not_a_file", "a file"  # where a folder belongs
    return "special", "not a regular file"


def open_root(root: Path) -> int:
    """The workspace root as a directory descriptor; it must be a real folder, not a link."""
    try:
        return os.open(root, _DIR)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise UnsafeFile("symlink" if os.path.islink(root) else "not_a_file", ".",
                             "the workspace root is not a plain folder (not followed)") from None
        raise


def open_dir(root_fd: int, rel: list[str], create: bool = False) -> int:
    """Descriptor of the folder `rel` below `root_fd`, never following a symlink (`create`:
    make missing folders). FileNotFoundError when a folder is missing; the caller closes the
    descriptor."""
    fd = os.dup(root_fd)
    try:
        for i, name in enumerate(rel):
            fd_next = _step(fd, name, create, "/".join(rel[: i + 1]))
            os.close(fd)
            fd = fd_next
        return fd
    except BaseException:
        os.close(fd)
        raise


def _step(fd: int, name: str, create: bool, shown: str) -> int:
    try:
        return os.open(name, _DIR, dir_fd=fd)
    except FileNotFoundError:
        if not create:
            raise
        os.mkdir(name, 0o755, dir_fd=fd)
        return os.open(name, _DIR, dir_fd=fd)
    except OSError as exc:
        if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
            raise
        st = os.stat(name, dir_fd=fd, follow_symlinks=False)
        if stat.S_ISDIR(st.st_mode):  # a folder again: it was being swapped
            raise UnsafeFile("changed", shown, f"{shown} was replaced while being opened (not followed)") from None
        kind, words = describe(st)
        raise UnsafeFile(kind, shown, f"{shown} is {words}, not a folder (not followed)") from None


def open_regular(dir_fd: int, name: str, shown: str, limit: int | None = None) -> int:
    """A read-only descriptor of the regular, singly linked file `name` in `dir_fd`, no larger
    than `limit` (default MAX_FILE_BYTES). FileNotFoundError when it does not exist; UnsafeFile
    for anything else."""
    limit = MAX_FILE_BYTES if limit is None else limit
    st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    if not stat.S_ISREG(st.st_mode):
        kind, words = describe(st)
        raise UnsafeFile(kind, shown, f"{shown} is {words}, not a regular file (not read)")
    try:
        fd = os.open(name, _FILE, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # swapped for a link after the lstat
            raise UnsafeFile("symlink", shown, f"{shown} is a symbolic link (not followed)") from None
        raise
    try:
        _check_open(fd, shown, limit, st)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check_open(fd: int, shown: str, limit: int, before: os.stat_result | None) -> os.stat_result:
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        kind, words = describe(st)
        raise UnsafeFile(kind, shown, f"{shown} is {words}, not a regular file (not read)")
    if before is not None and (st.st_dev, st.st_ino) != (before.st_dev, before.st_ino):
        raise UnsafeFile("changed", shown, f"{shown} was replaced while it was being opened (not read)")
    if st.st_nlink != 1:
        # A second name for the same file: possibly one outside the folder (a secret of the
        # harness's user hard-linked in); there is no way to tell which name is the original.
        raise UnsafeFile("hardlink", shown, f"{shown} has {st.st_nlink} hard links (not read)")
    if st.st_size > limit:
        raise UnsafeFile("too_large", shown, f"{shown} is larger than {limit} bytes (not read)")
    return st


def copy_fd(fd: int, dest: Path, shown: str, limit: int | None = None) -> None:
    """Copy an open descriptor (from `open_regular`) into a new harness-owned file, refusing
    it if it grows past `limit` (default MAX_FILE_BYTES) while being read."""
    limit = MAX_FILE_BYTES if limit is None else limit
    os.lseek(fd, 0, os.SEEK_SET)
    total = 0
    with open(dest, "xb") as out:
        while True:
            chunk = os.read(fd, _CHUNK)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise UnsafeFile("too_large", shown, f"{shown} grew larger than {limit} bytes (not read)")
            out.write(chunk)


def write_file(dir_fd: int, name: str, src: Path, shown: str) -> UnsafeFile | None:
    """Create `name` in `dir_fd` with the content (and mtime) of the harness's file `src`.
    Whatever is in the way — a file, a symlink, a FIFO — is removed, never written through;
    a folder in the way is an error. Returns the violation found in the way, if any."""
    found = None
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        st = None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(f"{shown} is a folder")
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
            kind, words = describe(st) if not stat.S_ISREG(st.st_mode) else ("hardlink", "a hard link")
            found = UnsafeFile(kind, shown, f"{shown} was {words}: replaced, not written through")
        os.unlink(name, dir_fd=dir_fd)
    fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644,
                 dir_fd=dir_fd)
    try:
        with open(src, "rb") as fh, os.fdopen(os.dup(fd), "wb") as out:
            while True:
                chunk = fh.read(_CHUNK)
                if not chunk:
                    break
                out.write(chunk)
        s = os.stat(src)
        os.utime(fd, ns=(s.st_atime_ns, s.st_mtime_ns))
    finally:
        os.close(fd)
    return found


def copy_in(root: Path, dest: list[str], src: Path) -> list[dict]:
    """Copy the harness's file or folder `src` (a task's preload) to `root/<dest>`, creating
    folders. Nothing found in the way is followed or written through: a symlink, FIFO, hard link
    or file where a folder belongs, or anything but a plain file where a file goes, is removed
    and replaced, and reported in the returned list ({kind, path, message})."""
    found: list[UnsafeFile] = []
    root_fd = open_root(root)
    try:
        if src.is_dir():
            _copy_dir(root_fd, dest, src, found)
        else:
            dir_fd = _dir_replacing(root_fd, dest[:-1], found)
            try:
                _put_file(dir_fd, dest[-1], src, "/".join(dest), found)
            finally:
                os.close(dir_fd)
    finally:
        os.close(root_fd)
    return [f.as_dict() for f in found]


def _copy_dir(root_fd: int, dest: list[str], src: Path, found: list[UnsafeFile]) -> None:
    dir_fd = _dir_replacing(root_fd, dest, found)
    try:
        for entry in sorted(src.iterdir()):
            if entry.is_dir():
                _copy_dir(root_fd, dest + [entry.name], entry, found)
            elif entry.is_file():
                _put_file(dir_fd, entry.name, entry, "/".join(dest + [entry.name]), found)
    finally:
        os.close(dir_fd)


def _put_file(dir_fd: int, name: str, src: Path, shown: str, found: list[UnsafeFile]) -> None:
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        # a folder where the task puts a file: removed (fd-based rmtree never follows links)
        found.append(UnsafeFile("not_a_file", shown, f"{shown} was a folder: replaced by the task's file"))
        shutil.rmtree(name, dir_fd=dir_fd)
    problem = write_file(dir_fd, name, src, shown)
    if problem is not None:
        found.append(problem)


def _dir_replacing(root_fd: int, rel: list[str], found: list[UnsafeFile]) -> int:
    """Like `open_dir(create=True)`, but whatever non-folder is in the way is replaced by a
    folder (and reported) instead of refused."""
    fd = os.dup(root_fd)
    try:
        for i, name in enumerate(rel):
            shown = "/".join(rel[: i + 1])
            try:
                nfd = _step(fd, name, True, shown)
            except UnsafeFile as exc:
                found.append(UnsafeFile(exc.kind, shown, f"{shown} was {_words(exc)}: replaced by a folder"))
                os.unlink(name, dir_fd=fd)
                os.mkdir(name, 0o755, dir_fd=fd)
                nfd = os.open(name, _DIR, dir_fd=fd)
            os.close(fd)
            fd = nfd
        return fd
    except BaseException:
        os.close(fd)
        raise


def _words(exc: UnsafeFile) -> str:
    return {"symlink": "a symbolic link", "special": "a special file", "not_a_file": "a file"}.get(
        exc.kind, "being replaced")
