# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things live: everything comes from the environment the platform gives us."""
import os
from pathlib import Path

HOOK_PATH = "/placemint/webhooks"  # the only path our gateway forwards to the crew desk


def base_url() -> str:
    return os.environ["PLACEMINT_BASE_URL"].rstrip("/")


def api_key() -> str:
    return os.environ["PLACEMINT_API_KEY"]


def state_dir() -> Path:
    return Path(os.environ.get("IB_STATE_DIR", "."))


def output_dir() -> Path:
    return Path(os.environ.get("IB_OUTPUT_DIR", "."))


def receiver_port() -> int:
    return int(os.environ.get("IB_RECEIVER_PORT", "8099"))


def receiver_url() -> str:
    return os.environ["IB_RECEIVER_URL"].rstrip("/")


def endpoint_file() -> Path:
    return state_dir() / "endpoint.json"


def ledger_file() -> Path:
    return output_dir() / "ledger.db"
