# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: Brisa's Quarry account (read only) and the parent's TalentForge tenant."""
from __future__ import annotations

import os
from dataclasses import dataclass

NAMES = ["QUARRY_BASE_URL", "QUARRY_API_KEY", "TALENTFORGE_BASE_URL", "TALENTFORGE_CLIENT_ID",
         "TALENTFORGE_CLIENT_SECRET", "IB_STATE_DIR", "IB_OUTPUT_DIR"]


@dataclass(frozen=True)
class Settings:
    quarry_url: str
    quarry_key: str
    talentforge_url: str
    talentforge_client_id: str
    talentforge_client_secret: str
    state_dir: str
    output_dir: str

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        missing = [n for n in NAMES if not env.get(n)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)}")
        return cls(env["QUARRY_BASE_URL"].rstrip("/"), env["QUARRY_API_KEY"], env["TALENTFORGE_BASE_URL"].rstrip("/"),
                   env["TALENTFORGE_CLIENT_ID"], env["TALENTFORGE_CLIENT_SECRET"], env["IB_STATE_DIR"],
                   env["IB_OUTPUT_DIR"])
