# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Everything comes from the environment the platform gives us (see .ibench/env)."""
import os
from pathlib import Path

PACKAGE = "aviation_basic"
BOT_EMAIL = "screening-bot@skyguard.example"
HOOK_PATH = "/clearcheck/webhooks"  # the only path our gateway forwards to `serve`


def hireharbor_url() -> str:
    return os.environ["HIREHARBOR_BASE_URL"].rstrip("/")


def hireharbor_key() -> str:
    return os.environ["HIREHARBOR_API_KEY"]


def clearcheck_url() -> str:
    return os.environ["CLEARCHECK_BASE_URL"].rstrip("/")


def clearcheck_key() -> str:
    return os.environ["CLEARCHECK_API_KEY"]


def webhook_secret() -> str:
    return os.environ["CLEARCHECK_WEBHOOK_SECRET"]


def receiver_port() -> int:
    return int(os.environ["IB_RECEIVER_PORT"])


def state_dir() -> Path:
    p = Path(os.environ.get("IB_STATE_DIR", "."))
    p.mkdir(parents=True, exist_ok=True)
    return p
