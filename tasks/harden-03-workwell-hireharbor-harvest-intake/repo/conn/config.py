# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things are: the agency's Workwell account and the co-op's HireHarbor account."""
from __future__ import annotations

import os
from dataclasses import dataclass

INTEGRATION_USER_EMAIL = "bridge@meadowlark.example"  # the HireHarbor user our writes are made for
HH_SOURCE = "Workwell"                                  # `source` of the applications we create
QUALIFIED_FROM_STAGE = "interview"                      # this stage or a later one, and not disqualified


@dataclass(frozen=True)
class Settings:
    workwell_url: str
    workwell_key: str
    workwell_tenant: str
    hireharbor_url: str
    hireharbor_key: str

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        names = ["WORKWELL_BASE_URL", "WORKWELL_API_KEY", "WORKWELL_TENANT", "HIREHARBOR_BASE_URL",
                 "HIREHARBOR_API_KEY"]
        missing = [n for n in names if not env.get(n)]
        if missing:
            raise SystemExit(f"missing environment: {', '.join(missing)}")
        return cls(env["WORKWELL_BASE_URL"].rstrip("/"), env["WORKWELL_API_KEY"], env["WORKWELL_TENANT"],
                   env["HIREHARBOR_BASE_URL"].rstrip("/"), env["HIREHARBOR_API_KEY"])
