# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: Quarry's base URL and API key, and the two folders the scheduler gives us
(IB_STATE_DIR survives between runs; IB_OUTPUT_DIR holds the mirror the analytics reads)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    base_url: str
    api_key: str
    state_dir: Path
    output_dir: Path

    @property
    def db_path(self) -> Path:
        return self.output_dir / "mirror.db"

    @property
    def state_path(self) -> Path:
        return self.state_dir / "quarry-sync.json"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = dict(os.environ if env is None else env)
        missing = [k for k in ("QUARRY_BASE_URL", "QUARRY_API_KEY", "IB_STATE_DIR", "IB_OUTPUT_DIR")
                   if not env.get(k)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)} (see .ibench/env)")
        return cls(base_url=env["QUARRY_BASE_URL"].rstrip("/"), api_key=env["QUARRY_API_KEY"],
                   state_dir=Path(env["IB_STATE_DIR"]), output_dir=Path(env["IB_OUTPUT_DIR"]))
