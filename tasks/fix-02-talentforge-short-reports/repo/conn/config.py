# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""TalentForge connection settings and the scheduler's folders (IB_STATE_DIR is kept between
runs, the report goes to IB_OUTPUT_DIR)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    base_url: str
    client_id: str
    client_secret: str
    state_dir: Path
    output_dir: Path

    @property
    def report_path(self) -> Path:
        return self.output_dir / "applications.csv"

    @property
    def state_path(self) -> Path:
        return self.state_dir / "sync_state.json"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = dict(os.environ if env is None else env)
        missing = [k for k in ("TALENTFORGE_BASE_URL", "TALENTFORGE_CLIENT_ID", "TALENTFORGE_CLIENT_SECRET",
                               "IB_STATE_DIR", "IB_OUTPUT_DIR") if not env.get(k)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)}")
        return cls(base_url=env["TALENTFORGE_BASE_URL"].rstrip("/"), client_id=env["TALENTFORGE_CLIENT_ID"],
                   client_secret=env["TALENTFORGE_CLIENT_SECRET"], state_dir=Path(env["IB_STATE_DIR"]),
                   output_dir=Path(env["IB_OUTPUT_DIR"]))
