# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: Halvard's Keystone HR tenant and its TalentForge tenant."""
from __future__ import annotations

import os
from dataclasses import dataclass

EXTERNAL_ID_PREFIX = "KS-"            # TalentForge external_id = KS-<Keystone EmployeeNo>
SOURCE = "internal"                   # TalentForge `source` of the candidates we push
WITHDRAWN_TAG = "mobility-withdrawn"  # tag for people who opted out again (never deleted)


@dataclass(frozen=True)
class Settings:
    keystone_url: str
    keystone_user: str
    keystone_password: str
    talentforge_url: str
    talentforge_client_id: str
    talentforge_client_secret: str

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        names = ["KEYSTONE_BASE_URL", "KEYSTONE_USERNAME", "KEYSTONE_PASSWORD", "TALENTFORGE_BASE_URL",
                 "TALENTFORGE_CLIENT_ID", "TALENTFORGE_CLIENT_SECRET"]
        missing = [n for n in names if not env.get(n)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)}")
        return cls(env["KEYSTONE_BASE_URL"].rstrip("/"), env["KEYSTONE_USERNAME"], env["KEYSTONE_PASSWORD"],
                   env["TALENTFORGE_BASE_URL"].rstrip("/"), env["TALENTFORGE_CLIENT_ID"],
                   env["TALENTFORGE_CLIENT_SECRET"])
