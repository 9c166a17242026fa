# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: Workwell (recruiting) and Keystone (HR), the department map, and the
folders the scheduler gives us (IB_OUTPUT_DIR receives the run's log; IB_STATE_DIR survives
between runs)."""
from __future__ import annotations

import csv
import os
from dataclasses import dataclass
from pathlib import Path

LOG_FILE = "provision_log.csv"
LOG_COLUMNS = ["workwell_id", "employee_no", "action"]
DEPARTMENTS_CSV = Path(__file__).resolve().parents[1] / "materials" / "departments.csv"

REQUIRED = ("WORKWELL_BASE_URL", "WORKWELL_API_KEY", "WORKWELL_TENANT", "KEYSTONE_BASE_URL", "KEYSTONE_USERNAME",
            "KEYSTONE_PASSWORD", "IB_STATE_DIR", "IB_OUTPUT_DIR")


@dataclass(frozen=True)
class Settings:
    workwell_url: str
    workwell_key: str
    workwell_tenant: str
    keystone_url: str
    keystone_user: str
    keystone_password: str
    state_dir: Path
    output_dir: Path

    @property
    def log_path(self) -> Path:
        return self.output_dir / LOG_FILE

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = dict(os.environ if env is None else env)
        missing = [k for k in REQUIRED if not env.get(k)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)} (see .ibench/env)")
        return cls(workwell_url=env["WORKWELL_BASE_URL"].rstrip("/"), workwell_key=env["WORKWELL_API_KEY"],
                   workwell_tenant=env["WORKWELL_TENANT"], keystone_url=env["KEYSTONE_BASE_URL"].rstrip("/"),
                   keystone_user=env["KEYSTONE_USERNAME"], keystone_password=env["KEYSTONE_PASSWORD"],
                   state_dir=Path(env["IB_STATE_DIR"]), output_dir=Path(env["IB_OUTPUT_DIR"]))


def load_departments(path: Path = DEPARTMENTS_CSV) -> dict[str, str]:
    """Workwell department → Keystone department, from HR's mapping sheet."""
    with open(path, newline="", encoding="utf-8") as fh:
        return {row["workwell_department"].strip(): row["keystone_department"].strip() for row in csv.DictReader(fh)}
