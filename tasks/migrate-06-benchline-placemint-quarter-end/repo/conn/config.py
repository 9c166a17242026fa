# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: Benchline's login host, our OAuth client and API user, Placemint's base URL
and key, and the two folders the scheduler gives us (IB_STATE_DIR survives between runs;
IB_OUTPUT_DIR holds the report)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

REQUIRED = ("BENCHLINE_BASE_URL", "BENCHLINE_CLIENT_ID", "BENCHLINE_CLIENT_SECRET", "BENCHLINE_USERNAME",
            "BENCHLINE_PASSWORD", "PLACEMINT_BASE_URL", "PLACEMINT_API_KEY", "IB_STATE_DIR", "IB_OUTPUT_DIR")


@dataclass(frozen=True)
class Settings:
    benchline_url: str
    client_id: str
    client_secret: str
    username: str
    password: str
    placemint_url: str
    placemint_key: str
    state_dir: Path
    output_dir: Path

    @property
    def report_path(self) -> Path:
        return self.output_dir / "verify_report.csv"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = dict(os.environ if env is None else env)
        missing = [k for k in REQUIRED if not env.get(k)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)} (see .ibench/env)")
        return cls(benchline_url=env["BENCHLINE_BASE_URL"].rstrip("/"), client_id=env["BENCHLINE_CLIENT_ID"],
                   client_secret=env["BENCHLINE_CLIENT_SECRET"], username=env["BENCHLINE_USERNAME"],
                   password=env["BENCHLINE_PASSWORD"], placemint_url=env["PLACEMINT_BASE_URL"].rstrip("/"),
                   placemint_key=env["PLACEMINT_API_KEY"], state_dir=Path(env["IB_STATE_DIR"]),
                   output_dir=Path(env["IB_OUTPUT_DIR"]))
