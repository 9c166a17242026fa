# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Everything comes from the environment the platform gives us."""
import os
from pathlib import Path


def base_url() -> str:
    return os.environ["PLACEMINT_BASE_URL"].rstrip("/")


def api_key() -> str:
    return os.environ["PLACEMINT_API_KEY"]


def state_dir() -> Path:
    return Path(os.environ.get("IB_STATE_DIR", "."))


def output_dir() -> Path:
    return Path(os.environ.get("IB_OUTPUT_DIR", "."))


def poller_state_file() -> Path:
    return state_dir() / "poller.json"


def store_file() -> Path:
    """The timesheet system reads placements from here."""
    return output_dir() / "placements.db"


HOOK_PATH = "/placemint/events"  # the only path our gateway forwards to the sync
EVENTS = ["placement.created", "placement.updated", "placement.canceled"]


def receiver_port() -> int:
    return int(os.environ.get("IB_RECEIVER_PORT", "8099"))


def receiver_url() -> str:
    return os.environ["IB_RECEIVER_URL"].rstrip("/")


def hook_url() -> str:
    return receiver_url() + HOOK_PATH


def endpoint_file() -> Path:
    """The webhook endpoint (id, url and signing secret) for the receiver; mode 0600."""
    return state_dir() / "endpoint.json"


def cutover_file() -> Path:
    """The record of the switch from polling to webhooks."""
    return state_dir() / "cutover.json"
