"""The integration's runtime: a Python environment with fixed, documented libraries (the
standard library, requests and httpx), created once per machine outside the project so the
sandbox can show it while hiding the project. Tickets say what is available: see
docs/runtime.md."""
from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

from ibench.errors import HarnessError

RUNTIME_PACKAGES = ("requests==2.34.2", "httpx==0.28.1")


def runtime_home() -> Path:
    return Path(os.environ.get("IBENCH_HOME", Path.home() / ".cache" / "ibench"))


def runtime_dir() -> Path:
    tag = f"py{sys.version_info.major}{sys.version_info.minor}-" + "-".join(
        p.replace("==", "") for p in RUNTIME_PACKAGES)
    return runtime_home() / f"runtime-{tag}"


def ensure_runtime() -> Path:
    """Path of the runtime's bin directory, creating the environment on first use.

    Creation holds an exclusive lock on `<runtime>.lock`: on a machine without the runtime,
    runs of `--jobs N` (threads) or of several harnesses and test suites at once (processes)
    would otherwise each `venv --clear` the same folder, wiping one another's half-installed
    environment. The others wait for the lock, then find it complete."""
    d = runtime_dir()
    if _complete(d):
        return d / "bin"
    d.parent.mkdir(parents=True, exist_ok=True)
    with open(d.with_name(d.name + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not _complete(d):
            _create(d)
    return d / "bin"


def _complete(d: Path) -> bool:
    return (d / ".complete").exists() and (d / "bin" / "python").exists()


def _create(d: Path) -> None:
    python = d / "bin" / "python"
    try:
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(d)], check=True, capture_output=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        *RUNTIME_PACKAGES], check=True, capture_output=True, text=True)
    except subprocess.CalledProcessError as exc:
        raise HarnessError(f"could not create the integration runtime in {d}: "
                           f"{(exc.stderr or '').strip()[-300:]}") from None
    (d / ".complete").write_text("\n".join(RUNTIME_PACKAGES) + "\n")
