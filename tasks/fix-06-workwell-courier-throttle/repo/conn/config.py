# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: Workwell's base URL, API key and account (tenant), and the folders the
scheduler gives us (IB_OUTPUT_DIR holds the onboarding list; IB_STATE_DIR survives between runs)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

LIST_FILE = "riders.csv"
STATE_FILE = "sync_state.json"
LIST_COLUMNS = ["candidate_id", "first_name", "last_name", "email", "phone", "job_shortcode", "job_title",
                "applied_at"]


@dataclass(frozen=True)
class Settings:
    base_url: str
    api_key: str
    tenant: str
    state_dir: Path
    output_dir: Path

    @property
    def list_path(self) -> Path:
        return self.output_dir / LIST_FILE

    @property
    def state_path(self) -> Path:
        return self.state_dir / STATE_FILE

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = dict(os.environ if env is None else env)
        missing = [k for k in ("WORKWELL_BASE_URL", "WORKWELL_API_KEY", "WORKWELL_TENANT", "IB_STATE_DIR",
                               "IB_OUTPUT_DIR") if not env.get(k)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)} (see .ibench/env)")
        return cls(base_url=env["WORKWELL_BASE_URL"].rstrip("/"), api_key=env["WORKWELL_API_KEY"],
                   tenant=env["WORKWELL_TENANT"], state_dir=Path(env["IB_STATE_DIR"]),
                   output_dir=Path(env["IB_OUTPUT_DIR"]))
