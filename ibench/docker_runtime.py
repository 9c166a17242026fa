"""`--runtime docker`: a run's agent and integration in containers, and its vendors and recorder
in containers of their own (docs/runtime.md, "Containers").

Per run:

- a *network holder*: a container started with `--network none`, whose namespace holds a
  loopback and nothing else; the harness joins that namespace (ibench.netns, `join=`) and
  relays exactly the run's ports, as it does for a local sandboxed run;
- one container per process (the agent, each `run` step, the receiver): `--network
  container:<holder>` (the run's loopback and nothing else), a read-only root, the workspace
  root bind-mounted read-write, the integration runtime read-only, no capabilities, the sandbox
  uid; it is removed when its step ends, whatever the step did;
- the services: the vendors (`python -m ibench.vendor_service`) and the recorder, each in a
  container with the host's loopback (`--network host`), so the harness drives them as it
  drives local ones and only their listeners are reachable from the run's network.

An image carrying the label `ibench.host-mounts=1` (the project's `docker/host.Dockerfile`, a
`FROM scratch` image built locally by `ensure_host_image`) is given the host's system
directories read-only, as the bubblewrap sandbox shows them; any other image (`--agent-image`,
a lab's own) brings its own system and gets only the workspace, the runtime and the Python the
runtime is built on."""
from __future__ import annotations

import functools
import json
import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

from ibench.errors import HarnessError, UserError
from ibench.sandbox import ETC_ENTRIES, SYSTEM_DIRS, Sandbox, _within, public_ports

PROJECT_ROOT = Path(__file__).resolve().parent.parent
HOST_IMAGE = "ibench-host:local"
HOST_MOUNTS_LABEL = "ibench.host-mounts"
MODE_PREFIX = "docker"


def mode_for(image: str | None) -> str:
    """The sandbox mode string runs carry (it crosses threads and Ray workers as it is)."""
    return f"{MODE_PREFIX}:{image or HOST_IMAGE}"


def is_docker(mode: str) -> bool:
    return mode == MODE_PREFIX or mode.startswith(MODE_PREFIX + ":")


def image_of(mode: str) -> str:
    return mode.split(":", 1)[1] if ":" in mode else HOST_IMAGE


def docker_cli() -> list[str]:
    """The client with the daemon named explicitly: processes it starts run with the run's clean
    environment, which has no DOCKER_HOST."""
    exe = shutil.which("docker")
    if exe is None:
        raise UserError("--runtime docker: the docker client is not installed (apt-get install docker.io)")
    host = os.environ.get("DOCKER_HOST")
    return [exe, "-H", host] if host else [exe]


def _docker(*args: str, timeout: float = 60, check: bool = True, input: bytes | None = None) -> subprocess.CompletedProcess:
    try:
        proc = subprocess.run([*docker_cli(), *args], capture_output=True, timeout=timeout, input=input)
    except subprocess.TimeoutExpired:
        raise HarnessError(f"docker {args[0]}: no answer within {timeout:.0f} s") from None
    if check and proc.returncode != 0:
        raise HarnessError(f"docker {' '.join(args[:2])} failed: {proc.stderr.decode(errors='replace').strip()[:300]}")
    return proc


@functools.lru_cache(maxsize=None)
def unavailable_reason() -> str | None:
    """Why containers cannot run here (one sentence naming the fix), or None."""
    if shutil.which("docker") is None:
        return "the docker client is not installed (apt-get install docker.io)"
    if os.geteuid() != 0:
        return "--runtime docker needs root (it joins each run's container network to relay its ports)"
    try:
        proc = subprocess.run([*docker_cli(), "version", "--format", "{{.Server.Version}}"], capture_output=True,
                              text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"the docker daemon does not answer ({exc})"
    if proc.returncode != 0:
        return f"the docker daemon does not answer ({proc.stderr.strip()[:200]}); start dockerd or set DOCKER_HOST"
    return None


def choose_docker_mode(image: str | None) -> str:
    why = unavailable_reason()
    if why is not None:
        raise UserError(f"--runtime docker: {why}")
    ensure_host_image()
    if image and image != HOST_IMAGE:
        if _docker("image", "inspect", image, check=False).returncode != 0:
            raise UserError(f"--agent-image {image}: no such image on this docker daemon (build or pull it first)")
    return mode_for(image)


def ensure_host_image() -> str:
    """Build the `FROM scratch` host image once per daemon (nothing is pulled)."""
    if _docker("image", "inspect", HOST_IMAGE, check=False).returncode == 0:
        return HOST_IMAGE
    dockerfile = (PROJECT_ROOT / "docker" / "host.Dockerfile").read_bytes()
    # `-f -` with an empty context: the image holds nothing but its metadata
    import io
    import tarfile

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        info = tarfile.TarInfo("Dockerfile")
        info.size = len(dockerfile)
        tar.addfile(info, io.BytesIO(dockerfile))
    _docker("build", "-q", "-t", HOST_IMAGE, "-", input=buf.getvalue(), timeout=120)
    return HOST_IMAGE


@functools.lru_cache(maxsize=None)
def has_host_mounts(image: str) -> bool:
    proc = _docker("image", "inspect", "-f", "{{json .Config.Labels}}", image, check=False)
    if proc.returncode != 0:
        raise HarnessError(f"docker image {image} is gone")
    labels = json.loads(proc.stdout or b"null") or {}
    return labels.get(HOST_MOUNTS_LABEL) == "1"


def _bind(src: Path | str, dst: Path | str, ro: bool = True) -> list[str]:
    return ["--mount", f"type=bind,src={os.path.realpath(src)},dst={dst}" + (",readonly" if ro else "")]


def _same_path_mounts(paths) -> list[str]:
    """Each path read-only at the same place inside, under its resolved name and the name given
    (a venv records the interpreter by the name it was made with)."""
    args: list[str] = []
    shown: list[Path] = []
    for p in paths:
        for dst in (p.resolve(), p):
            if not _within(dst, shown):
                args += _bind(p, dst)
                shown.append(dst)
    return args


def system_mounts(hide=()) -> list[str]:
    """The host's system directories and /etc entries, read-only, as the bubblewrap sandbox
    shows them (ibench.sandbox); `hide` entries inside them are covered by an empty tmpfs."""
    args: list[str] = []
    shown: list[Path] = []
    for d in SYSTEM_DIRS:
        if d == "/sbin":
            continue  # the daemon puts its init (`--init`) at /sbin/docker-init; /usr/sbin is there
        p = Path(d)
        if os.path.lexists(p) and p.exists():
            args += _bind(p, p)
            shown.append(p)
    for name in ETC_ENTRIES:
        p = Path("/etc") / name
        if p.exists():
            args += _bind(p, p)
    for h in hide:
        if Path(h).exists() and _within(Path(h), shown):
            args += ["--mount", f"type=tmpfs,dst={h}"]
    return args


class DockerSandbox(Sandbox):
    """The Sandbox contract (wrap, open_network, listening, reap, close) over containers."""

    def __init__(self, mode: str, **kw) -> None:
        super().__init__("docker", **kw)
        self.image = image_of(mode)
        self.tag = secrets.token_hex(6)
        self.holder: str | None = None
        self._live: set[str] = set()
        self._n = 0

    # --- the run's network: the holder's namespace, relayed --------------------------------

    def open_network(self, public_urls, inbound: int | None) -> None:
        from ibench.netns import RunNetwork

        ports = public_ports(public_urls)
        if self.holder is None:
            self.holder = f"ibench-net-{self.tag}"
            _docker("run", "-d", "--rm", "--name", self.holder, "--network", "none", "--read-only",
                    "--cap-drop", "ALL", "--security-opt", "no-new-privileges", "--user", "65534:65534",
                    *system_mounts(), HOST_IMAGE, "sleep", "infinity")
            pid = _docker("inspect", "-f", "{{.State.Pid}}", self.holder).stdout.decode().strip()
            self._holder_ns = f"/proc/{pid}/ns/net"
        self.net = RunNetwork(ports, inbound, join=self._holder_ns)

    def listening(self, port: int) -> bool:
        return self.net.listening(port) if self.net is not None else False

    # --- processes ---------------------------------------------------------------------------

    def wrap(self, argv: list[str], cwd: Path, env=None) -> list[str]:
        from ibench.sandbox import chown_tree

        for root in self.writable:
            chown_tree(root, self.uid)
        self._n += 1
        name = f"ibench-p-{self.tag}-{self._n}"
        self._live.add(name)
        network = ["--network", f"container:{self.holder}"] if self.holder else ["--network", "none"]
        args = [*docker_cli(), "run", "--rm", "--init", "--name", name, *network, "--read-only",
                "--cap-drop", "ALL", "--security-opt", "no-new-privileges", "--pids-limit", "4096",
                "--user", f"{self.uid}:{self.uid}", "--workdir", str(cwd),
                "--mount", "type=tmpfs,dst=/tmp,tmpfs-mode=1777"]
        home = os.environ.get("HOME")
        if home and os.path.isabs(home) and home != "/":
            args += ["--mount", f"type=tmpfs,dst={home},tmpfs-mode=1777"]
        if has_host_mounts(self.image):
            args += system_mounts(self.hide)
            accounts = self._accounts()
            args += _bind(accounts / "passwd", "/etc/passwd") + _bind(accounts / "group", "/etc/group")
        args += _same_path_mounts((Path(sys.base_prefix), *map(Path, self.readable)))
        for p in self.agent_paths:
            p = Path(os.path.expanduser(p))
            if p.exists():
                args += _bind(p, p)
        for w in self.writable:
            args += _bind(w, w, ro=False)
        # values come from the docker client's own environment (the run's), never the command line
        for key in sorted(env or ()):
            args += ["--env", key]
        return args + [self.image, *argv]

    def reap(self, argv: list[str]) -> None:
        """Remove the container `argv` (from wrap) ran in: killing the docker client at a step's
        end does not stop the container, so every step ends here."""
        if "--name" not in argv:
            return
        name = argv[argv.index("--name") + 1]
        if name in self._live:
            self._live.discard(name)
            _docker("rm", "-f", name, check=False, timeout=30)

    def close(self) -> None:
        for name in sorted(self._live):
            _docker("rm", "-f", name, check=False, timeout=30)
        self._live.clear()
        super().close()
        if self.holder is not None:
            _docker("rm", "-f", self.holder, check=False, timeout=30)
            self.holder = None


# --- the services: vendors and recorder ---------------------------------------------------------

def service_argv(name: str, argv: list[str], env_keys, writable=()) -> list[str]:
    """`argv` (a harness-side Python command) in a container of its own on the host's loopback,
    with the project and the harness's Python read-only and `writable` read-write; its stdin and
    stdout are the harness's pipes (`-i`, attached), and SIGTERM reaches it (`--init`)."""
    if not has_host_mounts(HOST_IMAGE):
        raise HarnessError(f"{HOST_IMAGE} lacks its {HOST_MOUNTS_LABEL} label")
    args = [*docker_cli(), "run", "-i", "--rm", "--init", "--name", name, "--network", "host", "--read-only",
            "--cap-drop", "ALL", "--security-opt", "no-new-privileges", "--workdir", "/",
            "--mount", "type=tmpfs,dst=/tmp,tmpfs-mode=1777"]
    home = os.environ.get("HOME")
    if home and os.path.isabs(home) and home != "/":
        args += ["--mount", f"type=tmpfs,dst={home}"]
    args += system_mounts()
    args += _same_path_mounts((Path(sys.base_prefix), Path(sys.prefix), PROJECT_ROOT))
    for w in writable:
        args += _bind(w, w, ro=False)
    for key in sorted(env_keys):
        args += ["--env", key]
    return args + [HOST_IMAGE, *argv]


def remove(name: str) -> None:
    _docker("rm", "-f", name, check=False, timeout=30)


class _ContainerServed:
    """What a VendorHandle needs of a served vendor, for one in the vendors' container."""

    def __init__(self, base_url: str, stop) -> None:
        self.base_url, self._stop = base_url, stop

    def stop(self) -> None:
        self._stop()


def start_vendor_container(uses, nonce: str, ports: dict[str, int], tag: str, timeout_s: float = 60) -> dict:
    """The run's vendors in their container, on `ports` of the host's loopback; handles as
    ibench.vendorhost.start_vendors returns them (the control API is HTTP either way)."""
    import threading
    import time

    import httpx

    from bundle.traits import load_traits
    from ibench.vendorhost import VendorHandle, _wait_healthy

    name = f"ibench-vendors-{tag}"
    tokens = {use.name: secrets.token_hex(16) for use in uses}
    cfg = {"vendors": [{"name": u.name, "dataset": u.dataset, "seed": u.seed, "credentials": dict(u.credentials)}
                       for u in uses], "ports": ports, "tokens": tokens, "nonce": nonce}
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(PROJECT_ROOT), "PYTHONUNBUFFERED": "1", "HOME": os.environ.get("HOME", "/")}
    argv = service_argv(name, [sys.executable, "-m", "ibench.vendor_service"], env)
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    proc.stdin.write((json.dumps(cfg) + "\n").encode())
    proc.stdin.flush()
    lines: list[bytes] = []
    threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, b"")), daemon=True).start()
    deadline = time.monotonic() + timeout_s
    while not any(b'"ready"' in ln for ln in lines):
        if proc.poll() is not None or time.monotonic() > deadline:
            remove(name)
            err = proc.stderr.read().decode(errors="replace")[-400:] if proc.poll() is not None else "no answer"
            raise HarnessError(f"the vendors' container did not start: {err}")
        time.sleep(0.05)
    stopped = threading.Lock()

    def stop() -> None:
        with stopped:
            if proc.poll() is None:
                try:
                    proc.stdin.close()  # the service stops when its stdin closes
                except OSError:
                    pass
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            remove(name)

    handles = {}
    for use in uses:
        traits = load_traits(use.name)
        creds = {**traits.credentials, **use.credentials}
        served = _ContainerServed(f"http://127.0.0.1:{ports[use.name]}", stop)
        handles[use.name] = VendorHandle(use.name, served, tokens[use.name], traits, creds, httpx.Client(trust_env=False))
    try:
        for h in handles.values():
            _wait_healthy(h)
    except BaseException:
        stop()
        raise
    return handles


def recorder_launcher(tag: str, writable):
    """For recorder.process.start_recorder: its command in a container of its own."""
    name = f"ibench-recorder-{tag}"

    def launch(argv: list[str], env: dict[str, str]) -> list[str]:
        keys = [k for k in env if k.startswith(("IBENCH_", "PYTHON")) or k in ("PATH", "LANG", "LC_ALL", "TZ")]
        return service_argv(name, argv, keys, writable)

    launch.container = name  # type: ignore[attr-defined]
    return launch
