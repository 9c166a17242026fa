# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Settings from the environment."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    talentforge_url: str
    talentforge_client_id: str
    talentforge_client_secret: str
    talentforge_webhook_secret: str
    pipelane_url: str
    pipelane_key: str
    migration_user: str
    output_dir: Path
    state_dir: Path
    receiver_port: int


def load() -> Settings:
    env = os.environ
    try:
        return Settings(
            talentforge_url=env["TALENTFORGE_BASE_URL"].rstrip("/"),
            talentforge_client_id=env["TALENTFORGE_CLIENT_ID"],
            talentforge_client_secret=env["TALENTFORGE_CLIENT_SECRET"],
            talentforge_webhook_secret=env.get("TALENTFORGE_WEBHOOK_SECRET", ""),
            pipelane_url=env["PIPELANE_BASE_URL"].rstrip("/"),
            pipelane_key=env["PIPELANE_API_KEY"],
            migration_user=env["PIPELANE_MIGRATION_USER_ID"],
            output_dir=Path(env.get("IB_OUTPUT_DIR", "output")),
            state_dir=Path(env.get("IB_STATE_DIR", "state")),
            receiver_port=int(env.get("IB_RECEIVER_PORT", "8080")),
        )
    except KeyError as exc:
        raise SystemExit(f"missing environment variable {exc.args[0]}") from None
