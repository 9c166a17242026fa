# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Settings from the environment."""
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    base_url: str
    api_key: str


def load() -> Settings:
    try:
        return Settings(os.environ["PLACEMINT_BASE_URL"].rstrip("/"), os.environ["PLACEMINT_API_KEY"])
    except KeyError as exc:
        raise SystemExit(f"missing environment variable {exc.args[0]}") from None
