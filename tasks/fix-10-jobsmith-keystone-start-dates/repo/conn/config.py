# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: Jobsmith (recruiting), Keystone (HR and payroll), and the folders the
scheduler gives us (IB_OUTPUT_DIR receives manual_review.csv; IB_STATE_DIR survives between
runs)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

REVIEW_FILE = "manual_review.csv"
REVIEW_COLUMNS = ["external_ref", "employee_no", "keystone_start_date", "jobsmith_start_date"]

REQUIRED = ("JOBSMITH_BASE_URL", "JOBSMITH_API_KEY", "KEYSTONE_BASE_URL", "KEYSTONE_USERNAME",
            "KEYSTONE_PASSWORD", "IB_STATE_DIR", "IB_OUTPUT_DIR")


@dataclass(frozen=True)
class Settings:
    jobsmith_url: str
    jobsmith_key: str
    keystone_url: str
    keystone_user: str
    keystone_password: str
    state_dir: Path
    output_dir: Path

    @property
    def review_path(self) -> Path:
        return self.output_dir / REVIEW_FILE

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = dict(os.environ if env is None else env)
        missing = [k for k in REQUIRED if not env.get(k)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)} (see .ibench/env)")
        return cls(jobsmith_url=env["JOBSMITH_BASE_URL"].rstrip("/"), jobsmith_key=env["JOBSMITH_API_KEY"],
                   keystone_url=env["KEYSTONE_BASE_URL"].rstrip("/"), keystone_user=env["KEYSTONE_USERNAME"],
                   keystone_password=env["KEYSTONE_PASSWORD"], state_dir=Path(env["IB_STATE_DIR"]),
                   output_dir=Path(env["IB_OUTPUT_DIR"]))
