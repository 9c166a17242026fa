# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Settings from the environment (see .ibench/env for the values used while developing)."""
import os
from pathlib import Path

HOOK_PATH = "/hireharbor"  # where HireHarbor posts, under IB_RECEIVER_URL
TRACKER_USER = "crew-tracker@stillwater.example"  # the tracker's own HireHarbor user
EVENTS = ["application.created", "application.updated", "application.stage_changed",
          "application.hired", "application.rejected"]


def base_url() -> str:
    return os.environ["HIREHARBOR_BASE_URL"].rstrip("/")


def api_key() -> str:
    return os.environ["HIREHARBOR_API_KEY"]


def webhook_secret() -> str:
    return os.environ["HIREHARBOR_WEBHOOK_SECRET"]


def receiver_port() -> int:
    return int(os.environ["IB_RECEIVER_PORT"])


def receiver_url() -> str:
    """The public URL that reaches `serve` (a new one on every deployment)."""
    return os.environ["IB_RECEIVER_URL"].rstrip("/")


def state_dir() -> Path:
    return Path(os.environ.get("IB_STATE_DIR", "state"))


def output_dir() -> Path:
    return Path(os.environ.get("IB_OUTPUT_DIR", "output"))


def tracker_file() -> Path:
    """The crew tracker's table: production's dashboards read it."""
    return output_dir() / "crew.db"
