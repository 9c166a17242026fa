# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""What the sync keeps between nights: `sync_state.json` in IB_STATE_DIR."""
from __future__ import annotations

import json
import os


def _path() -> str:
    return os.path.join(os.environ["IB_STATE_DIR"], "sync_state.json")


def load() -> dict:
    try:
        with open(_path(), encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {}


def save(state: dict) -> None:
    os.makedirs(os.environ["IB_STATE_DIR"], exist_ok=True)
    tmp = _path() + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(state, fh)
    os.replace(tmp, _path())
