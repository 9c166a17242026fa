"""Synchronous client of the recorder's control channel (used by the harness and the tests)."""
from __future__ import annotations

import json
from typing import Any

import httpx

from .control_channel import TOKEN_HEADER


class RecorderControlError(RuntimeError):
    """The recorder refused a control operation; the message is the recorder's explanation."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"recorder control: {message} (HTTP {status})")
        self.status = status
        self.detail = message


class RecorderClient:
    def __init__(self, control_url: str, token: str, timeout: float = 60.0) -> None:
        self.control_url = control_url.rstrip("/")
        self._http = httpx.Client(base_url=self.control_url, headers={TOKEN_HEADER: token}, timeout=timeout,
                                  trust_env=False)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "RecorderClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _call(self, method: str, path: str, body: dict | None = None) -> Any:
        try:
            resp = self._http.request(method, path, content=json.dumps(body or {}),
                                      headers={"Content-Type": "application/json"})
        except httpx.HTTPError as exc:
            raise RecorderControlError(0, f"cannot reach the recorder at {self.control_url}: {exc}") from None
        try:
            data = resp.json()
        except ValueError:
            data = {"error": resp.text}
        if resp.status_code != 200:
            raise RecorderControlError(resp.status_code, data.get("error", resp.text))
        return data

    def health(self) -> dict:
        return self._call("GET", "/health")

    def set_phase(self, phase: str) -> dict:
        """Tag the traffic from now on: `agent` or `scenario:<step>`."""
        return self._call("POST", "/phase", {"phase": phase})

    def set_faults(self, profile: dict | str) -> dict:
        """Activate a fault profile (dict or YAML text); counters and RNGs start afresh."""
        return self._call("PUT", "/faults", {"profile": profile})

    def clear_faults(self) -> dict:
        return self._call("DELETE", "/faults")

    def set_rate_limits(self, overrides: dict) -> dict:
        """Per-vendor overrides {vendor: {dialect, retry_after, rules, enabled}}; {} restores the
        run config's. Returns the effective rate-limit traits per vendor."""
        return self._call("PUT", "/rate-limits", {"overrides": overrides})

    def forge(self, forgeries: list[dict] | dict) -> list[dict]:
        """Send forged webhook deliveries; one result per delivery sent (with `status`) or error."""
        specs = [forgeries] if isinstance(forgeries, dict) else list(forgeries)
        return self._call("POST", "/forge", {"forgeries": specs})["results"]

    def reset_run_state(self) -> dict:
        return self._call("POST", "/reset-run-state", {})

    def stats(self) -> dict:
        return self._call("GET", "/stats")

    def flush(self) -> dict:
        return self._call("POST", "/flush")
