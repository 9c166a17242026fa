"""Control channel: a small HTTP/1.1 JSON endpoint on its own loopback port inside the recorder
process (never reachable through the vendor listeners). Every request needs the header
`X-Control-Token: <token>`. Operations (docs/recorder.md):

    GET    /health                        {"ok": true, "run_id": ...}
    POST   /phase        {"phase": "scenario:run1"}
    PUT    /faults       {"profile": {...} | "<yaml>"}     activate (resets counters)
    DELETE /faults
    PUT    /rate-limits  {"overrides": {vendor: {dialect, retry_after, rules, enabled}}}
    POST   /forge        {"forgeries": [{kind, ...}, ...]}  -> {"results": [...]}
    GET    /stats
    POST   /flush                                           fsync the trace files
"""
from __future__ import annotations

import asyncio
import hmac
import json
import logging
from typing import Any, Callable

from mitmproxy import exceptions

from vendors.kit.headers import CONTROL_HEADER

logger = logging.getLogger("recorder.control_channel")

TOKEN_HEADER = CONTROL_HEADER.lower()  # mitmproxy-free parsing here keeps names lower-case
MAX_BODY = 16 * 1024 * 1024
REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 405: "Method Not Allowed",
           409: "Conflict", 413: "Payload Too Large", 500: "Internal Server Error", 503: "Service Unavailable"}


class ControlError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class ControlServer:
    def __init__(self, token: str, host: str, port: int, app: "Any") -> None:
        self.token = token
        self.host = host
        self.port = port
        self.app = app  # recorder.master.Recorder: options, addons, stats
        self.server: asyncio.Server | None = None
        self.routes: dict[tuple[str, str], Callable] = {
            ("GET", "/health"): self.health,
            ("POST", "/phase"): self.phase,
            ("PUT", "/faults"): self.set_faults,
            ("POST", "/faults"): self.set_faults,
            ("DELETE", "/faults"): self.clear_faults,
            ("PUT", "/rate-limits"): self.set_rate_limits,
            ("POST", "/rate-limits"): self.set_rate_limits,
            ("POST", "/forge"): self.forge,
            ("POST", "/reset-run-state"): self.reset_run_state,
            ("GET", "/stats"): self.stats,
            ("POST", "/flush"): self.flush,
        }

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._handle, self.host, self.port)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()
            try:
                await asyncio.wait_for(self.server.wait_closed(), 2)
            except (asyncio.TimeoutError, Exception):
                pass
            self.server = None

    # -- HTTP plumbing ----------------------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        status, payload = 500, {"error": "internal error"}
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
            lines = head.decode("latin-1").split("\r\n")
            method, target, _ = lines[0].split(" ", 2)
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    k, v = line.split(":", 1)
                    headers[k.strip().lower()] = v.strip()
            length = int(headers.get("content-length", "0") or 0)
            if length > MAX_BODY:
                raise ControlError(413, "request body too large")
            body = await asyncio.wait_for(reader.readexactly(length), 30) if length else b""
            status, payload = 200, await self._dispatch(method.upper(), target.split("?", 1)[0], headers, body)
        except ControlError as exc:
            status, payload = exc.status, {"error": str(exc)}
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError, ValueError):
            status, payload = 400, {"error": "malformed HTTP request"}
        except Exception as exc:  # keep the recorder alive; report the failure to the caller
            logger.warning(f"control: {type(exc).__name__}: {exc}")
            status, payload = 500, {"error": f"{type(exc).__name__}: {exc}"}
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        head_out = (
            f"HTTP/1.1 {status} {REASONS.get(status, 'Error')}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n"
        ).encode("latin-1")
        try:
            writer.write(head_out + data)
            await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()

    async def _dispatch(self, method: str, path: str, headers: dict, body: bytes) -> Any:
        if not hmac.compare_digest(headers.get(TOKEN_HEADER, "").encode(), self.token.encode()):
            raise ControlError(401, f"missing or wrong {TOKEN_HEADER} header")
        route = self.routes.get((method, path.rstrip("/") or "/"))
        if route is None:
            if any(p == path.rstrip("/") for _, p in self.routes):
                raise ControlError(405, f"{method} not allowed on {path}")
            raise ControlError(404, f"no control operation {path}")
        try:
            data = json.loads(body) if body.strip() else {}
        except ValueError as exc:
            raise ControlError(400, f"body is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ControlError(400, "body must be a JSON object")
        return await route(data)

    def _update(self, **options) -> None:
        try:
            self.app.master.options.update(**options)
        except exceptions.OptionsError as exc:
            raise ControlError(400, str(exc)) from None

    # -- operations -------------------------------------------------------------------------------

    async def health(self, data: dict) -> dict:
        return {"ok": self.app.runtime.fatal is None, "run_id": self.app.runtime.run_id,
                "fatal": self.app.runtime.fatal}

    async def phase(self, data: dict) -> dict:
        phase = data.get("phase")
        if not isinstance(phase, str):
            raise ControlError(400, "`phase` (string) is required, e.g. agent or scenario:run1")
        self._update(ib_phase=phase)
        return {"phase": phase}

    async def set_faults(self, data: dict) -> dict:
        profile = data.get("profile")
        if profile is None:
            raise ControlError(400, "`profile` is required (a fault profile object or YAML text)")
        text = profile if isinstance(profile, str) else json.dumps(profile)
        self._update(ib_faults=text)
        engine = self.app.faults.engine
        return {"active": engine is not None, "rules": [r.id for r in engine.profile.rules] if engine else []}

    async def clear_faults(self, data: dict) -> dict:
        self._update(ib_faults="")
        return {"active": False}

    async def set_rate_limits(self, data: dict) -> dict:
        overrides = data.get("overrides", {})
        if not isinstance(overrides, dict):
            raise ControlError(400, "`overrides` must be an object {vendor: override}")
        self._update(ib_ratelimits=json.dumps(overrides))
        return {"effective": self.app.ratelimit.effective()}

    async def reset_run_state(self, data: dict) -> dict:
        """Between the agent phase and the scenario: fresh rate-limit state, no kept deliveries.
        The answer names the plan in force per vendor (`effective`), which the harness records:
        a task's own plan is judged by its limits (grader/conduct/_context.py, rate_plans)."""
        return {"rate_limits": {**self.app.ratelimit.reset_state(), "effective": self.app.ratelimit.effective()},
                "deliveries_dropped": self.app.webhooks.forget_deliveries()}

    async def forge(self, data: dict) -> dict:
        specs = data.get("forgeries")
        if not isinstance(specs, list) or not specs:
            raise ControlError(400, "`forgeries` must be a non-empty list of forgery specs")
        if self.app.runtime.receiver is None:
            raise ControlError(409, "this run has no receiver listener")
        return {"results": await self.app.webhooks.forge(specs)}

    async def stats(self, data: dict) -> dict:
        return self.app.stats()

    async def flush(self, data: dict) -> dict:
        try:
            self.app.runtime.trace.sync()
        except Exception as exc:
            raise ControlError(500, str(exc)) from None
        return {"exchanges": self.app.record.count}
