"""webhooks addon: keeps the last N genuine deliveries per vendor going to the receiver
(headers as the vendor sent them, body bytes) and forges deliveries from them on request
(control channel `forge`). Forgeries are sent through the receiver listener with the shared
httpx client, so each is recorded as an exchange with `forged` = kind, and as a `forgery` event
with its payload."""
from __future__ import annotations

import asyncio
import logging
import time
from collections import deque

from mitmproxy import ctx, exceptions, http
from pydantic import ValidationError

from .forgery import Delivery, ForgeryError, ForgeSpec, Identity, build, choose_source
from .addon_state import TO_RECEIVER, Runtime, meta
from bundle.exchanges import TraceWriteError, encode_body

logger = logging.getLogger("recorder.webhooks")


class Webhooks:
    def __init__(self, runtime: Runtime, keep: int = 50) -> None:
        self.runtime = runtime
        self.keep = keep
        self.deliveries: dict[str, deque[Delivery]] = {}
        self.forged = 0

    def load(self, loader) -> None:
        loader.add_option("ib_webhook_keep", int, 50, "Genuine deliveries kept per vendor for forgeries.")
        loader.add_option("ib_forge_timeout_s", int, 30, "Timeout of one forged delivery (s).")

    def configure(self, updated) -> None:
        if "ib_webhook_keep" in updated:
            keep = ctx.options.ib_webhook_keep
            if not 1 <= keep <= 10000:
                raise exceptions.OptionsError("ib_webhook_keep must be between 1 and 10000")
            self.keep = keep
            for vendor, kept in list(self.deliveries.items()):
                self.deliveries[vendor] = deque(kept, maxlen=keep)
        if "ib_forge_timeout_s" in updated and not 1 <= ctx.options.ib_forge_timeout_s <= 600:
            raise exceptions.OptionsError("ib_forge_timeout_s must be between 1 and 600")

    def forget_deliveries(self) -> int:
        """Drop the genuine deliveries kept so far: forgeries of the scenario are built from the
        scenario's own deliveries, never from the agent phase's (an agent's own test delivery
        to its receiver must not become the template of a forgery)."""
        n = sum(len(q) for q in self.deliveries.values())
        self.deliveries.clear()
        return n

    def stats(self) -> dict:
        return {"kept": {v: len(d) for v, d in self.deliveries.items()}, "forged": self.forged}

    # -- keeping genuine deliveries --------------------------------------------------------------

    def request(self, flow: http.HTTPFlow) -> None:
        m = meta(flow, self.runtime)
        if m["direction"] != TO_RECEIVER or m["internal"] or not m["vendor"]:
            return
        req = flow.request
        headers = [(k, v) for k, v in req.headers.items(multi=True)]
        traits = self.runtime.traits.get(m["vendor"])
        body = req.raw_content or b""
        event_id = None
        if traits is not None and traits.webhooks is not None:
            event_id = Identity(traits.webhooks).event_id(headers, body)
        kept = self.deliveries.setdefault(m["vendor"], deque(maxlen=self.keep))
        kept.append(Delivery(m["vendor"], req.method, req.path, headers, body, time.time(), event_id, m))

    # -- forging -----------------------------------------------------------------------------------

    def _vendor_for(self, spec: ForgeSpec) -> str:
        if spec.vendor:
            if spec.vendor not in self.runtime.traits:
                raise ForgeryError(f"{spec.vendor!r} is not a vendor of this run")
            return spec.vendor
        receiver = self.runtime.receiver
        if receiver is not None and receiver.vendor:
            return receiver.vendor
        latest = max((d for q in self.deliveries.values() for d in q), key=lambda d: d.at, default=None)
        if latest is not None:
            return latest.vendor
        hooked = [v for v, t in self.runtime.traits.items() if t is not None and t.webhooks]
        if len(hooked) == 1:
            return hooked[0]
        raise ForgeryError("say which vendor to forge for (`vendor`)")

    @staticmethod
    def clock_offset(traits, kept: list[Delivery]) -> float:
        """The vendor clock's offset from the host's, as seen on its latest signed delivery
        (signed timestamp minus when the recorder saw it); 0 without one. Forgeries are signed
        on the vendor's clock, like its own deliveries (vendors run on a virtual clock)."""
        if traits is None or traits.webhooks is None:
            return 0.0
        ident = Identity(traits.webhooks)
        for delivery in reversed(kept):
            ts = ident.timestamp(delivery.headers)
            if ts is not None:
                return ts - delivery.at
        return 0.0

    async def forge(self, specs: list[dict]) -> list[dict]:
        """Build and send each forgery in order; one result per spec, in order: what was sent
        and the receiver's status (`statuses` lists every copy of a concurrent pair), or `error`."""
        results: list[dict] = []
        for raw in specs:
            try:
                spec = ForgeSpec.model_validate(raw)
            except ValidationError as exc:
                problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'spec'}: {e['msg']}" for e in exc.errors())
                results.append({"kind": raw.get("kind") if isinstance(raw, dict) else None, "error": problems})
                continue
            try:
                vendor = self._vendor_for(spec)
                kept = list(self.deliveries.get(vendor, ()))
                source = choose_source(spec, kept)
                traits = self.runtime.traits.get(vendor)
                now = int(time.time() + self.clock_offset(traits, kept))
                forged = build(spec, vendor, traits, self.runtime.secrets.get(vendor, []), source, now=now)
            except ForgeryError as exc:
                results.append({"kind": spec.kind, "vendor": spec.vendor, "error": str(exc)})
                continue
            results.append(await self._send(forged))
        return results

    async def _send(self, forged) -> dict:
        """Send the forged delivery (`copies` times at once); one `forgery` event per delivery."""
        marks = {"forged": forged.kind, "vendor": forged.vendor}
        timeout = float(ctx.options.ib_forge_timeout_s)
        sends = [
            self.runtime.send_internal(forged.method, forged.path, forged.headers, forged.body, marks, timeout)
            for _ in range(forged.copies)
        ]
        outcomes = await asyncio.gather(*sends, return_exceptions=True)
        payload, encoding = encode_body(forged.body)
        headers = {k: v for k, v in forged.headers}
        statuses, errors = [], []
        for outcome in outcomes:
            self.forged += 1
            failed = isinstance(outcome, BaseException)
            status = None if failed else outcome.status_code
            statuses.append(status)
            event = {"kind": forged.kind, "vendor": forged.vendor, "event_id": forged.event_id, "payload": payload,
                     "headers": headers, "derived_from": forged.derived_from, "status": status}
            if forged.edits:
                event["edits"] = forged.edits
            if failed:
                errors.append(f"{type(outcome).__name__}: {outcome}")
                event["error"] = errors[-1]
            try:
                self.runtime.trace.write_event("forgery", ctx.options.ib_phase, time.time(), **event)
            except TraceWriteError as exc:
                self.runtime.fail(f"trace write failed, stopping the run: {exc}")
                errors.append(str(exc))
        result = {
            "kind": forged.kind,
            "vendor": forged.vendor,
            "event_id": forged.event_id,
            "derived_from": forged.derived_from,
            "status": statuses[0],
            "statuses": statuses,
            "headers": headers,
            "payload": payload,
            "payload_encoding": encoding,
            "path": forged.path,
        }
        if forged.edits:
            result["edits"] = forged.edits
        if errors:
            result["error"] = "; ".join(errors)
        return result
