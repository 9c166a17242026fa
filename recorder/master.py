"""One recorder process per run: mitmproxy's DumpMaster in-process with the recorder addons, one
reverse listener per vendor and one in front of the integration's webhook receiver, the control
channel, readiness reporting and a clean shutdown.

Exit codes: 0 clean stop; 2 could not start (bad config, port in use, bundle not writable);
3 stopped because the trace could not be written (a harness error: traffic may be missing)."""
from __future__ import annotations

import asyncio
import gc
import inspect
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from .config import RunConfig, resolve_traits, secrets_for
from .profile import profile_json
from .addon_state import Listener, Runtime
from bundle.exchanges import TraceWriteError, TraceWriter

EXIT_OK, EXIT_START, EXIT_TRACE = 0, 2, 3
READY_FILE = "ready.json"
# DumpMaster's default addons a reverse-proxy recorder needs. mitmproxy dispatches every flow
# hook (and an `update` hook after it) to every addon, so the ~27 others (playback, scripts,
# map/modify, sticky auth/cookies, saving, onboarding, ...: no-ops here) are removed; this
# halves the proxy's per-flow overhead. The recorder's own addons are added after pruning.
KEEP_ADDONS = frozenset({"Core", "Block", "DisableH2C", "Proxyserver", "NextLayer", "TlsConfig", "UpdateAltSvc"})


def prune_addons(master) -> None:
    from mitmproxy import exceptions

    for addon in list(master.addons.chain):
        if type(addon).__name__ in KEEP_ADDONS:
            continue
        try:
            master.addons.remove(addon)
        except exceptions.AddonManagerError:  # an async `done` hook: it never ran, just drop it
            master.addons.chain = [a for a in master.addons.chain if a is not addon]
            for name, value in list(master.addons.lookup.items()):
                if value is addon:
                    del master.addons.lookup[name]
        finish = getattr(addon, "finish", None)  # errorcheck: uninstall its log handler
        if callable(finish):
            finish()


class RecorderAddons:
    """The recorder's addons as one entry of mitmproxy's addon chain, with one method per hook
    that calls the children's in order. Same behaviour as listing them in `addons`, without
    mitmproxy's per-event walk over every child (a getattr per child and hook, twice per flow
    event since each is followed by an `update`): that walk cost more CPU per request than
    several of the addons themselves (docs/recorder.md, "Performance").

    A hook returns what mitmproxy awaits: None, or a coroutine when a child's hook returned one
    (a fault that waits); the children after it then run once it is done, as mitmproxy would
    run them."""

    # every hook a child implements; a child with another one is refused (below), so no hook is
    # ever silently left uncalled
    HOOKS = ("load", "configure", "running", "done",
             "requestheaders", "request", "responseheaders", "response", "error")

    def __init__(self, *children) -> None:
        from mitmproxy.hooks import all_hooks  # the hooks mitmproxy has loaded so far

        for child in children:
            extra = [h for h in all_hooks if h not in self.HOOKS and callable(getattr(child, h, None))]
            if extra:
                raise TypeError(f"{type(child).__name__} implements {extra}: add them to RecorderAddons.HOOKS")
        self.children = children
        for name in self.HOOKS:
            fns = [fn for fn in (getattr(c, name, None) for c in children) if callable(fn)]
            if len(fns) == 1:
                setattr(self, name, fns[0])
            elif fns:
                setattr(self, name, _in_order(tuple(fns)))


def _in_order(fns: tuple):
    def hook(*args):
        for i, fn in enumerate(fns):
            pending = fn(*args)
            if pending is not None and inspect.isawaitable(pending):
                return _then(pending, fns[i + 1:], args)
        return None

    return hook


async def _then(pending, rest: tuple, args: tuple) -> None:
    await pending
    for fn in rest:
        result = fn(*args)
        if result is not None and inspect.isawaitable(result):
            await result


class StartupError(Exception):
    """The recorder cannot start; the message is one clear line for the user."""


class _LogBridge(logging.Handler):
    """mitmproxy and recorder warnings/errors: buffered during start-up (a failed start prints
    one clear line instead), then printed on stderr one line each."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.live = False
        self.buffered: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = f"recorder: {record.levelname.lower()}: {record.getMessage()}".replace("\n", " | ")
        except Exception:  # pragma: no cover - a broken log record must not break the proxy
            return
        if self.live:
            print(line, file=sys.stderr, flush=True)
        else:
            self.buffered.append(line)


class Recorder:
    def __init__(self, cfg: RunConfig) -> None:
        self.cfg = cfg
        self.master = None
        self.runtime: Runtime | None = None
        self.control = None
        self.guard = self.webhooks = self.ratelimit = self.faults = self.record = None
        self._own_work_dir: str | None = None
        self.log = _LogBridge()

    # -- set-up ---------------------------------------------------------------------------------

    def _prepare(self) -> Runtime:
        cfg = self.cfg
        out_dir = Path(cfg.out_dir)
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StartupError(f"cannot create the bundle directory: {exc.strerror or exc}") from None
        listeners = [Listener("vendor", v.name, v.upstream_url, v.listen_port) for v in cfg.vendors]
        if cfg.receiver is not None:
            r = cfg.receiver
            listeners.append(Listener("receiver", r.vendor_for_deliveries, r.upstream_url, r.listen_port))
        traits, secrets = {}, {}
        for vendor in cfg.vendors:
            traits[vendor.name] = resolve_traits(vendor)
            secrets[vendor.name] = secrets_for(cfg, vendor, traits[vendor.name])
        try:
            trace = TraceWriter(out_dir, cfg.run_id)
        except TraceWriteError as exc:
            raise StartupError(str(exc)) from None
        return Runtime(cfg.run_id, cfg.nonce, listeners, traits, secrets, trace)

    def _build_master(self, runtime: Runtime):
        from mitmproxy import exceptions, options
        from mitmproxy.tools.dump import DumpMaster

        from .faults import Faults
        from .guard import Guard
        from .ratelimit import RateLimit
        from .record import Record
        from .webhooks import Webhooks

        cfg = self.cfg
        if cfg.work_dir:
            work = Path(cfg.work_dir)
        else:
            self._own_work_dir = tempfile.mkdtemp(prefix="ib-recorder-")
            work = Path(self._own_work_dir)
        confdir = work / "mitmproxy"
        confdir.mkdir(parents=True, exist_ok=True)
        opts = options.Options(mode=[lst.spec for lst in runtime.listeners], listen_host=cfg.listen_host,
                               confdir=str(confdir))
        master = DumpMaster(opts, with_termlog=False, with_dumper=False)
        # also removes errorcheck: we report start-up failures ourselves, in one line
        prune_addons(master)
        self.guard = Guard(runtime)
        self.webhooks = Webhooks(runtime, cfg.webhook_keep)
        self.ratelimit = RateLimit(runtime, cfg.rate_limits)
        self.faults = Faults(runtime)
        self.record = Record(runtime)
        # Order matters: guard classifies and blocks, webhooks keeps genuine deliveries, the rate
        # limiter is the vendor's edge, faults apply to admitted requests, record writes last.
        master.addons.add(RecorderAddons(self.guard, self.webhooks, self.ratelimit, self.faults, self.record))
        try:
            master.options.update(
                connection_strategy="lazy",
                keep_host_header=True,  # vendors build absolute links from Host: keep the proxy's
                ib_nonce=cfg.nonce,
                ib_phase=cfg.phase,
                ib_run_id=cfg.run_id,
                ib_timeout_max_s=cfg.timeout_max_s,
                ib_webhook_keep=cfg.webhook_keep,
                ib_faults=profile_json(cfg.fault_profile()),
            )
        except (exceptions.OptionsError, KeyError) as exc:
            raise StartupError(str(exc)) from None
        return master

    async def _wait_listening(self, master_task: asyncio.Task, timeout: float = 30.0) -> None:
        proxyserver = self.master.addons.get("proxyserver")
        deadline = time.monotonic() + timeout
        while not proxyserver.is_running:
            if master_task.done():
                exc = master_task.exception() if not master_task.cancelled() else None
                raise StartupError(f"mitmproxy stopped during start-up: {exc or 'no error given'}")
            if time.monotonic() > deadline:
                raise StartupError("listeners did not start within 30 s")
            await asyncio.sleep(0.01)
        for lst in self.runtime.listeners:
            try:
                instance = proxyserver.servers[lst.spec]
            except KeyError:
                raise StartupError(f"listener {lst.spec} was not created") from None
            if not instance.is_running:
                raise StartupError(self._listen_error(lst, instance.last_exception))
            lst.bound_port = instance.listen_addrs[0][1]

    @staticmethod
    def _listen_error(lst: Listener, exc: BaseException | None) -> str:
        what = f"vendor {lst.vendor}" if lst.kind == "vendor" else "the webhook receiver"
        if isinstance(exc, OSError) and exc.errno in (98, 48, 10048):
            return f"port {lst.listen_port} is already in use (listener for {what})"
        detail = str(exc).splitlines()[0] if exc else "unknown error"
        return f"cannot listen on port {lst.listen_port} for {what}: {detail}"

    def ready_info(self) -> dict:
        host = self.cfg.listen_host
        def entry(port):
            return {"port": port, "url": f"http://{host}:{port}"}
        receiver = self.runtime.receiver
        return {
            "ready": True,
            "run_id": self.cfg.run_id,
            "pid": os.getpid(),
            "vendors": {lst.vendor: entry(lst.bound_port) for lst in self.runtime.listeners if lst.kind == "vendor"},
            "receiver": entry(receiver.bound_port) if receiver else None,
            "control": entry(self.control.port),
        }

    def stats(self) -> dict:
        from mitmproxy import ctx

        return {
            "run_id": self.cfg.run_id,
            "phase": ctx.options.ib_phase,
            "fatal": self.runtime.fatal,
            **self.record.stats(),
            "faults": self.faults.stats(),
            "ratelimit": self.ratelimit.stats(),
            "webhooks": self.webhooks.stats(),
        }

    # -- run --------------------------------------------------------------------------------------

    async def run(self) -> int:
        from .control_channel import ControlServer

        root = logging.getLogger()
        root.addHandler(self.log)
        loop = asyncio.get_running_loop()
        self.runtime = runtime = self._prepare()
        master_task = None
        try:
            self.master = self._build_master(runtime)
            import httpx

            runtime.http = httpx.AsyncClient(trust_env=False, timeout=30.0,
                                             limits=httpx.Limits(max_connections=64, max_keepalive_connections=16))
            master_task = loop.create_task(self.master.run())
            await self._wait_listening(master_task)
            self.control = ControlServer(self.cfg.control.token, self.cfg.listen_host, self.cfg.control.port, self)
            try:
                await self.control.start()
            except OSError as exc:
                if exc.errno in (98, 48, 10048):
                    raise StartupError(f"port {self.cfg.control.port} is already in use (control channel)") from None
                raise StartupError(f"cannot listen for the control channel: {exc.strerror or exc}") from None
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, runtime.stop_event.set)
            info = self.ready_info()
            self._write_ready(info)
            self.log.live = True
            print(json.dumps(info), flush=True)
            # What start-up built (mitmproxy, the traits, the config) lives until the stop: kept
            # out of the collector's sweeps, which otherwise walked all of it every few hundred
            # exchanges (about 10 % of the CPU per request at concurrency 8; docs/recorder.md,
            # "Performance").
            gc.freeze()
        except StartupError:
            await self._teardown(master_task, write_parquet=False)
            raise
        except Exception as exc:  # anything else at start-up: still one clear line, no traceback
            await self._teardown(master_task, write_parquet=False)
            raise StartupError(f"start-up failed: {type(exc).__name__}: {exc}") from None
        await runtime.stop_event.wait()
        return await self._shutdown(master_task)

    def _write_ready(self, info: dict) -> None:
        path = Path(self.cfg.out_dir) / READY_FILE
        tmp = path.with_name(READY_FILE + ".tmp")
        try:
            tmp.write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            raise StartupError(f"cannot write {READY_FILE}: {exc.strerror or exc}") from None

    async def _shutdown(self, master_task) -> int:
        runtime = self.runtime
        runtime.stopping = True
        proxyserver = self.master.addons.get("proxyserver")
        try:
            await proxyserver.servers.update([])  # stop accepting connections
        except Exception:
            pass
        deadline = time.monotonic() + self.cfg.shutdown_grace_s
        while self.record.inflight and time.monotonic() < deadline and runtime.fatal is None:
            await asyncio.sleep(0.02)
        if runtime.fatal is None:
            self.record.finalize()
        code = await self._teardown(master_task, write_parquet=True)
        if runtime.fatal is not None:
            print(f"recorder: error: {runtime.fatal}", file=sys.stderr, flush=True)
            return EXIT_TRACE
        return code

    async def _teardown(self, master_task, write_parquet: bool) -> int:
        code = EXIT_OK
        if self.control is not None:
            await self.control.stop()
        runtime = self.runtime
        if runtime is not None and runtime.http is not None:
            try:
                await runtime.http.aclose()
            except Exception:
                pass
        if runtime is not None:
            try:
                runtime.trace.close(write_parquet=write_parquet and runtime.fatal is None)
            except TraceWriteError as exc:
                runtime.fatal = runtime.fatal or str(exc)
                code = EXIT_TRACE
        if self.master is not None and master_task is not None:
            self.master.shutdown()
            try:
                await asyncio.wait_for(master_task, 10)
            except BaseException:
                pass
        logging.getLogger().removeHandler(self.log)
        if self._own_work_dir:
            shutil.rmtree(self._own_work_dir, ignore_errors=True)
        return code
