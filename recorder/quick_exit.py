"""Ending a process at once when its work is written (docs/architecture.md, "Leaving quickly"):
the recorder after its trace is closed, the `ibench` command after its command returned."""
from __future__ import annotations

import logging
import os
import sys


def leave(code: int) -> None:
    """Flush the log handlers and the standard streams, then end the process without unloading
    its modules (which writes nothing and took 0.2 s in a process that loaded mitmproxy or
    DuckDB)."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`| head`) or a closed stream
            pass
    os._exit(code)
