# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The poller's state file (IB_STATE_DIR/poller.json).

`watermark` is when the last successful poll started, written in the sync server's local time
with its UTC offset; the next poll asks Placemint for everything modified since then."""
import json
import os
from datetime import datetime, timezone

from conn import config


def load() -> dict:
    path = config.poller_state_file()
    if not path.exists():
        return {}
    return json.loads(path.read_text())


def save(state: dict) -> None:
    path = config.poller_state_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2) + "\n")
    os.replace(tmp, path)


def local_now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def to_utc_z(stamp: str) -> str:
    """An ISO-8601 instant with an offset, as Placemint's `modified_since` wants it (UTC, `Z`)."""
    return datetime.fromisoformat(stamp).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
