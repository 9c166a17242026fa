"""`python -m recorder --config <run config JSON or YAML>` (or `--config-fd N`): run one recorder
until SIGTERM/SIGINT.

`--config-fd N` reads the run config (JSON) from an inherited descriptor, usually a pipe, until
end of file: the harness passes the nonce and the control token that way, so they are never in a
file another process could open, nor on the command line (see docs/recorder.md).

Prints one JSON line on stdout when every listener is up (also written to <out_dir>/ready.json);
errors are one line on stderr. Exit codes: 0 clean stop, 2 could not start, 3 trace write failure.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import threading
import time

PARENT_POLL_S = 1.0


def stop_with_parent(poll_s: float = PARENT_POLL_S) -> None:
    """Stop as on SIGTERM (flushing what was recorded) once the process that started the
    recorder is gone: a harness killed outright (SIGKILL, a lost Ray worker: docs/scale.md)
    must not leave a recorder holding its ports for ever."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll_s)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="stop-with-parent", daemon=True).start()


def main(argv: list[str] | None = None) -> int:
    # Until the loop installs its own handlers, a stop request just ends the process quietly.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    signal.signal(signal.SIGINT, lambda *_: sys.exit(0))
    parser = argparse.ArgumentParser(prog="python -m recorder", description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--config", help="run config (JSON or YAML)")
    source.add_argument("--config-fd", type=int, metavar="N",
                        help="read the run config (JSON) from inherited file descriptor N until EOF")
    args = parser.parse_args(argv)
    stop_with_parent()

    # Drain the descriptor before the slow imports below, so the secrets spend as little time
    # as possible in a pipe buffer another process of the same user could read from.
    text = None
    if args.config_fd is not None:
        try:
            with os.fdopen(args.config_fd, "rb") as fh:
                text = fh.read().decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            print(f"recorder: error: cannot read the run config from fd {args.config_fd}: {exc}",
                  file=sys.stderr, flush=True)
            return 2

    from .master import EXIT_START, Recorder, StartupError
    from .config import ConfigError, load_config, parse_config_text

    try:
        if text is None:
            cfg = load_config(args.config)
        else:
            cfg = parse_config_text(text, f"run config (fd {args.config_fd})")
    except ConfigError as exc:
        print(f"recorder: error: {exc}", file=sys.stderr, flush=True)
        return EXIT_START
    try:
        return asyncio.run(Recorder(cfg).run())
    except (StartupError, ConfigError) as exc:
        print(f"recorder: error: {exc}", file=sys.stderr, flush=True)
        return EXIT_START


if __name__ == "__main__":
    from .quick_exit import leave

    # every file the recorder writes is closed by now (the trace, exchanges.parquet, ready.json)
    leave(main())
