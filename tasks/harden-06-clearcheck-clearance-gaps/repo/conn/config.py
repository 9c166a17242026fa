# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Where things live: everything comes from the environment the platform gives us."""
import os
from pathlib import Path

HOOK_PATH = "/clearcheck/webhooks"  # the only path our gateway forwards to the badge gate


def base_url() -> str:
    return os.environ["CLEARCHECK_BASE_URL"].rstrip("/")


def api_key() -> str:
    return os.environ["CLEARCHECK_API_KEY"]


def webhook_secret() -> str:
    """The signing secret of our endpoint at ClearCheck (`whsec_...`)."""
    return os.environ["CLEARCHECK_WEBHOOK_SECRET"]


def state_dir() -> Path:
    return Path(os.environ.get("IB_STATE_DIR", "."))


def output_dir() -> Path:
    return Path(os.environ.get("IB_OUTPUT_DIR", "."))


def receiver_port() -> int:
    return int(os.environ.get("IB_RECEIVER_PORT", "8099"))


def gate_file() -> Path:
    """The badge system reads the `badge_gate` table of this file."""
    return output_dir() / "gate.db"


def sweep_state_file() -> Path:
    return state_dir() / "sweep.json"
