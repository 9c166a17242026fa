"""Running the agent and the integration under bubblewrap.

Inside, a process sees the system read-only and its workspace, state and output directories
read-write; the project (tasks, criteria, solutions), the trace directory and every other
temporary folder (the recorder's config holds the proxy nonce) are hidden behind empty
tmpfs mounts. Vendor databases live in the harness's memory and control tokens are never in
the environment. Loopback stays reachable: the integration must talk to the proxy."""
from __future__ import annotations

import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Sandbox:
    mode: str  # "bwrap" | "none"
    hide: tuple[Path, ...] = ()
    writable: tuple[Path, ...] = ()
    readable: tuple[Path, ...] = field(default_factory=tuple)  # re-exposed inside hidden paths

    def wrap(self, argv: list[str], cwd: Path) -> list[str]:
        if self.mode == "none":
            return argv
        args = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
        for path in self.hide:
            if path.exists():
                args += ["--tmpfs", str(path)]
        for path in self.readable:
            if path.exists():
                args += ["--ro-bind", str(path), str(path)]
        for path in self.writable:
            args += ["--bind", str(path), str(path)]
        args += ["--unshare-user", "--uid", "1000", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
                 "--die-with-parent", "--cap-drop", "ALL", "--chdir", str(cwd), "--"]
        return args + argv


def choose_mode(requested: str) -> str:
    """`auto` picks bwrap when installed; asking for bwrap without it is a user error."""
    from ibench.errors import UserError

    have = shutil.which("bwrap") is not None
    if requested == "auto":
        if not have:
            print("ibench: warning: bubblewrap (bwrap) is not installed; agents and integrations run "
                  "WITHOUT a sandbox (install it, or pass --sandbox none to silence this)", file=sys.stderr)
        return "bwrap" if have else "none"
    if requested == "bwrap" and not have:
        raise UserError("--sandbox bwrap asked for, but bwrap is not installed (apt-get install bubblewrap)")
    if requested == "none":
        print("ibench: warning: --sandbox none: agents and integrations can read the tasks' criteria "
              "and solutions", file=sys.stderr)
    return requested
