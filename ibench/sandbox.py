"""Running the agent and the integration under bubblewrap: shown by allowlist, as a uid of
their own, on a network of their own (docs/security.md, "Sandbox").

A sandboxed process sees the read-only system parts a program needs (/usr and the top-level
links into it, a short list of /etc entries, certificates, a fresh /dev and /proc), the
Python interpreter's prefix and the integration runtime, a named agent's own `ro_paths`
during the agent phase, and the workspace root read-write (workspace repo, state, output).
/tmp and $HOME are fresh empty tmpfs; nothing else of the host exists in there.

It runs as SANDBOX_UID, a uid no account uses: bubblewrap sets up the mounts as root (so it
can show a runtime that lives under a 0700 home), then setpriv drops to that uid with no
capabilities and no_new_privs. The workspace root is handed to that uid before each process.

It joins the run's network namespace (ibench.netns): a loopback where only the recorder's
public listeners for this run answer, and from which only the integration's receiver port is
reachable from the host."""
from __future__ import annotations

import functools
import hashlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from ibench.errors import UserError

# A uid (and gid) above the range of regular accounts (login.defs UID_MAX 60000) and below
# systemd's dynamic-user range (61184-65519); IBENCH_SANDBOX_UID picks another.
SANDBOX_UID = 60999

SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# What programs read from /etc: name service and resolver files, the dynamic linker's cache,
# alternatives links, certificates, time zone, MIME types. passwd and group are written per
# sandbox (root, nobody and the sandbox user: no host account names, and tools that look the
# current user up, git among them, find it).
ETC_ENTRIES = ("nsswitch.conf", "hosts", "host.conf", "resolv.conf", "gai.conf",
               "protocols", "services", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives",
               "ssl/certs", "ssl/openssl.cnf", "ca-certificates", "ca-certificates.conf", "pki",
               "crypto-policies", "localtime", "timezone", "mime.types", "os-release", "debian_version",
               "shells", "profile", "bash.bashrc", "inputrc", "python3", f"python3.{sys.version_info.minor}")


def sandbox_uid() -> int:
    raw = os.environ.get("IBENCH_SANDBOX_UID", "").strip()
    if not raw:
        return SANDBOX_UID
    if not raw.isdigit() or int(raw) == 0:
        raise UserError(f"IBENCH_SANDBOX_UID={raw!r}: expected a positive numeric uid")
    return int(raw)


def _tool(name: str) -> str | None:
    found = shutil.which(name, path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin")
    return os.path.realpath(found) if found else None


@functools.lru_cache(maxsize=None)
def unavailable_reason() -> str | None:
    """Why the bwrap sandbox cannot run here (one sentence naming the fix), or None."""
    if _tool("bwrap") is None:
        return "bubblewrap (bwrap) is not installed (apt-get install bubblewrap)"
    for tool in ("setpriv", "nsenter"):
        if _tool(tool) is None:
            return f"{tool} is not installed (it is part of util-linux: apt-get install util-linux)"
    if os.geteuid() != 0:
        return ("the sandbox needs root: it runs agents as an unprivileged uid of their own and gives "
                "each run its own network namespace (run ibench as root, or pass --sandbox none)")
    try:
        proc = subprocess.run([_tool("bwrap"), "--ro-bind", "/", "/", "--unshare-pid", "--unshare-net",
                               "--die-with-parent", "--", "/bin/true"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bwrap could not be started ({exc})"
    if proc.returncode != 0:
        return (f"bwrap cannot create namespaces here ({proc.stderr.strip()[:200]}); run on a host or in a "
                "privileged container, or pass --sandbox none")
    return None


def check_uid() -> None:
    """The sandbox uid must be no account's: files such an account owns would be the sandbox's."""
    import pwd

    uid = sandbox_uid()
    try:
        owner = pwd.getpwuid(uid).pw_name
    except KeyError:
        return
    raise UserError(f"the sandbox uid {uid} belongs to the account {owner!r}; set IBENCH_SANDBOX_UID to a uid "
                    "no account uses")


def choose_mode(requested: str) -> str:
    """`auto` picks bwrap when it can run here; asking for bwrap when it cannot is a user error,
    and so is a sandbox uid that an account uses (whichever mode would have used it)."""
    if requested == "auto":
        why = unavailable_reason()
        if why is not None:
            print(f"ibench: warning: agents and integrations run WITHOUT a sandbox: {why}", file=sys.stderr)
            return "none"
        check_uid()
        return "bwrap"
    if requested == "bwrap":
        why = unavailable_reason()
        if why is not None:
            raise UserError(f"--sandbox bwrap: {why}")
        check_uid()
    if requested == "none":
        print("ibench: warning: --sandbox none: agents and integrations can read the tasks' criteria "
              "and solutions", file=sys.stderr)
    return requested


def public_ports(public_urls) -> list[int]:
    """The loopback ports of the recorder's public URLs, which a run's network lets through."""
    ports = []
    for url in public_urls:
        parts = urlsplit(url)
        if parts.hostname not in ("127.0.0.1", "localhost") or parts.port is None:
            raise ValueError(f"public URL {url!r}: expected http://127.0.0.1:<port>")
        ports.append(parts.port)
    return ports


def _within(path: Path, roots) -> bool:
    return any(path == r or r in path.parents for r in roots)


@dataclass
class Sandbox:
    mode: str  # "bwrap" | "none"
    writable: tuple[Path, ...] = ()  # handed to the sandbox uid and bound read-write
    readable: tuple[Path, ...] = ()  # bound read-only (the integration runtime)
    agent_paths: tuple[str, ...] = ()  # a named agent's ro_paths; emptied after the agent phase
    hide: tuple[Path, ...] = ()  # masked if they lie inside something shown (e.g. a project under /usr)
    uid: int = field(default_factory=sandbox_uid)
    net: object | None = None  # ibench.netns.RunNetwork once open_network() ran

    def __post_init__(self) -> None:
        for p in self.agent_paths:
            if not os.path.isabs(os.path.expanduser(p)):
                raise UserError(f"agent ro_paths entry {p!r}: expected an absolute path (or one starting with ~)")
        if self.mode == "bwrap":
            # Shown is not enough: the sandbox uid reads them as "other" (a runtime created
            # under umask 077 would fail every integration with an obscure import error).
            for p in (Path(sys.base_prefix).resolve(), *self.readable):
                if Path(p).exists() and (Path(p).stat().st_mode & 0o005) != 0o005:
                    raise UserError(f"{p} is not readable by other users, so the sandbox user cannot use it; "
                                    f"chmod -R o+rX {p}")

    # --- the run's network -----------------------------------------------------------------

    def open_network(self, public_urls, inbound: int | None) -> None:
        """The run's namespace: inside, the ports of `public_urls` (the recorder's listeners)
        reach the host; from the host, `inbound` (the integration's receiver) reaches inside."""
        if self.mode != "bwrap":
            return
        from ibench.netns import RunNetwork

        self.net = RunNetwork(public_ports(public_urls), inbound)

    def listening(self, port: int) -> bool:
        """Whether the integration's side accepts connections on 127.0.0.1:`port`."""
        if self.net is not None:
            return self.net.listening(port)
        if self.mode == "bwrap":
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            return False

    def reap(self, argv: list[str]) -> None:
        """After a process of `wrap` ended and its tree was killed: nothing is left of it here
        (ibench.proctree); containers need more (ibench.docker_runtime)."""

    def close(self) -> None:
        if self.net is not None:
            self.net.close()
            self.net = None

    def _accounts(self) -> Path:
        """passwd and group for the sandbox, beside the runtime in the cache (never shown: only
        the runtime's own directory is). Named by their content and written once, atomically,
        so concurrent runs share them and nothing is left to clean up."""
        from ibench.integration_runtime import runtime_home

        home = os.environ.get("HOME") or "/nonexistent"
        passwd = ("root:x:0:0:root:/root:/usr/sbin/nologin\n"
                  "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
                  f"ibench:x:{self.uid}:{self.uid}:ibench sandbox:{home}:/bin/sh\n")
        group = f"root:x:0:\nnogroup:x:65534:\nibench:x:{self.uid}:\n"
        digest = hashlib.sha256((passwd + "\0" + group).encode()).hexdigest()[:16]
        d = runtime_home() / f"sandbox-etc-{digest}"
        if not (d / "group").exists():
            d.parent.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix=".sandbox-etc-", dir=d.parent))
            (tmp / "passwd").write_text(passwd)
            (tmp / "group").write_text(group)
            for path, mode in ((tmp, 0o755), (tmp / "passwd", 0o644), (tmp / "group", 0o644)):
                os.chmod(path, mode)
            try:
                os.rename(tmp, d)
            except OSError:  # another run wrote the same files first
                shutil.rmtree(tmp, ignore_errors=True)
        return d

    # --- processes ---------------------------------------------------------------------------

    def wrap(self, argv: list[str], cwd: Path, env=None) -> list[str]:
        """The command line running `argv` in the sandbox, in `cwd`, with the environment the
        caller gives the process (`env`: its names matter to sandboxes that do not inherit it).
        Also hands the writable trees to the sandbox uid (files the harness wrote since, e.g.
        preloads, included). The caller ends each process with `reap(argv)`."""
        if self.mode == "none":
            return list(argv)
        for root in self.writable:
            chown_tree(root, self.uid)
        args = [_tool("nsenter"), f"--net={self.net.path}", "--"] if self.net is not None else []
        args += [_tool("bwrap"), "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
                 "--die-with-parent"]
        if self.net is None:
            args.append("--unshare-net")  # no run network: no network at all
        args += self._mounts()
        args += ["--chdir", str(cwd), "--",
                 _tool("setpriv"), "--reuid", str(self.uid), "--regid", str(self.uid), "--clear-groups",
                 "--inh-caps", "-all", "--bounding-set", "-all", "--no-new-privs", "--"]
        return args + list(argv)

    def _mounts(self) -> list[str]:
        args: list[str] = []
        shown: list[Path] = []
        made: set[Path] = {Path("/")}

        def parents(path: Path) -> None:
            # bubblewrap would create missing parents 0700 (root's): make them 0755 so the
            # sandbox uid can walk to what is shown below them (/etc/ssl, ~/.cache/...)
            for a in reversed(path.parents):
                if a not in made and not _within(a, shown):
                    args.extend(["--perms", "0755", "--dir", str(a)])
                    made.add(a)

        def show(path: Path, flag: str = "--ro-bind") -> None:
            if not os.path.lexists(path) or _within(path, shown):
                return
            if path.is_symlink() and path.parent == Path("/"):  # /lib -> usr/lib on merged /usr
                args.extend(["--symlink", os.readlink(path), str(path)])
                return
            if not path.exists():
                return
            parents(path)
            args.extend([flag, str(path.resolve()), str(path)])
            shown.append(path)

        def tmpfs(path: Path) -> None:
            parents(path)
            args.extend(["--perms", "1777", "--tmpfs", str(path)])
            made.add(path)

        for d in SYSTEM_DIRS:
            show(Path(d))
        for name in ETC_ENTRIES:
            show(Path("/etc") / name)
        accounts = self._accounts()
        parents(Path("/etc/passwd"))
        args += ["--ro-bind", str(accounts / "passwd"), "/etc/passwd", "--ro-bind", str(accounts / "group"), "/etc/group"]
        args += ["--dev", "/dev", "--proc", "/proc"]
        tmpfs(Path("/tmp"))
        home = os.environ.get("HOME")
        if home and os.path.isabs(home) and Path(home) != Path("/") and not _within(Path(home), shown):
            tmpfs(Path(home))  # an empty, writable home of its own
        prefix = Path(sys.base_prefix)
        for p in (prefix, prefix.resolve(), *self.readable):
            show(Path(p))
        for h in self.hide:
            if Path(h).exists() and _within(Path(h), shown):
                args += ["--tmpfs", str(h)]
        for p in self.agent_paths:
            show(Path(os.path.expanduser(p)))
        for w in self.writable:
            parents(Path(w))
            args += ["--bind", str(w), str(w)]
        return args


def chown_tree(root: Path, uid: int) -> None:
    """chown `root` and everything below it to uid:uid. fwalk works on directory fds and never
    follows a symlink, so a link swapped in by a process still running in the sandbox (a
    receiver across steps) cannot point the chown outside the tree."""
    try:
        os.chown(root, uid, uid, follow_symlinks=False)
    except FileNotFoundError:
        return
    for _dir, dirs, files, dfd in os.fwalk(root, follow_symlinks=False):
        for name in dirs + files:
            try:
                os.chown(name, uid, uid, dir_fd=dfd, follow_symlinks=False)
            except FileNotFoundError:
                pass
