# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: Alder's Crewtide account (read only for us) and its Keystone HR tenant."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    crewtide_url: str
    crewtide_key: str
    keystone_url: str
    keystone_user: str
    keystone_password: str
    state_dir: Path

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        names = ["CREWTIDE_BASE_URL", "CREWTIDE_API_KEY", "KEYSTONE_BASE_URL", "KEYSTONE_USERNAME",
                 "KEYSTONE_PASSWORD"]
        missing = [n for n in names if not env.get(n)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)}")
        return cls(env["CREWTIDE_BASE_URL"].rstrip("/"), env["CREWTIDE_API_KEY"], env["KEYSTONE_BASE_URL"].rstrip("/"),
                   env["KEYSTONE_USERNAME"], env["KEYSTONE_PASSWORD"], Path(env.get("IB_STATE_DIR", "state")))
