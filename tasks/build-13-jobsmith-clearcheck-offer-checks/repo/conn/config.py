# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Everything comes from the environment the platform gives us (see .ibench/env)."""
import os
from pathlib import Path

PACKAGE = "enhanced_childcare"
HOOK_PATH = "/clearcheck/webhooks"  # where the receiver takes ClearCheck's deliveries


def jobsmith_url() -> str:
    return os.environ["JOBSMITH_BASE_URL"].rstrip("/")


def jobsmith_key() -> str:
    return os.environ["JOBSMITH_API_KEY"]


def clearcheck_url() -> str:
    return os.environ["CLEARCHECK_BASE_URL"].rstrip("/")


def clearcheck_key() -> str:
    return os.environ["CLEARCHECK_API_KEY"]


def receiver_port() -> int:
    return int(os.environ["IB_RECEIVER_PORT"])


def receiver_url() -> str:
    """The public URL that reaches `serve` (a new one on every deployment)."""
    return os.environ["IB_RECEIVER_URL"].rstrip("/")


def state_dir() -> Path:
    return Path(os.environ.get("IB_STATE_DIR", "."))


def output_dir() -> Path:
    return Path(os.environ.get("IB_OUTPUT_DIR", "."))


def checks_file() -> Path:
    """HR's compliance dashboard reads the `checks` table of this file."""
    return output_dir() / "checks.db"
