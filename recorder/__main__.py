"""`python -m recorder --config <run config JSON or YAML>`: run one recorder until SIGTERM/SIGINT.

Prints one JSON line on stdout when every listener is up (also written to <out_dir>/ready.json);
errors are one line on stderr. Exit codes: 0 clean stop, 2 could not start, 3 trace write failure.
"""
from __future__ import annotations

import argparse
import asyncio
import signal
import sys


def main(argv: list[str] | None = None) -> int:
    # Until the loop installs its own handlers, a stop request just ends the process quietly.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGINT, lambda *_: sys.exit(0))
    parser = argparse.ArgumentParser(prog="python -m recorder", description=__doc__.splitlines()[0])
    parser.add_argument("--config", required=True, help="run config (JSON or YAML)")
    args = parser.parse_args(argv)

    from .app import EXIT_START, Recorder, StartupError
    from .config import ConfigError, load_config

    try:
        cfg = load_config(args.config)
    except ConfigError as exc:
        print(f"recorder: error: {exc}", file=sys.stderr, flush=True)
        return EXIT_START
    try:
        return asyncio.run(Recorder(cfg).run())
    except (StartupError, ConfigError) as exc:
        print(f"recorder: error: {exc}", file=sys.stderr, flush=True)
        return EXIT_START


if __name__ == "__main__":
    sys.exit(main())
