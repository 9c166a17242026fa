"""`ibench`: the command line. Each command group lives in its own module; this file only
assembles them, so a part (vendors, recorder, grader, harness) owns its commands."""
from __future__ import annotations

import atexit
import sys
import threading

import click

from ibench import __version__
from bundle.errors import BundleError, SigningError
from grader.errors import GraderError
from ibench.errors import UserError
from recorder.quick_exit import leave

# every layer's user mistakes: one line, exit 2
USER_ERRORS = (UserError, GraderError, BundleError, SigningError)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ibench")
def cli() -> None:
    """Integration Bench: grade coding agents on the state their integrations leave behind."""


def _register() -> None:
    # One line per part; each module exposes `commands`, a list of click commands.
    from grader import cli as grader_cli
    from grader.view import cli as view_cli
    from ibench import export_cli, human, run_cli, tasks_cli, vendors_cli

    for module in (vendors_cli, tasks_cli, run_cli, human, grader_cli, view_cli, export_cli):
        for command in module.commands:
            cli.add_command(command)


_register()


def main() -> None:
    """Console entry: user mistakes become one clear line and exit code 2, never a traceback."""
    try:
        code = cli.main(standalone_mode=False)
        if isinstance(code, int):
            sys.exit(code)
    except USER_ERRORS as exc:
        click.echo(f"ibench: error: {exc}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("ibench: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)


def console() -> None:
    """The `ibench` program: `main()`, then an exit that skips unloading the interpreter's
    modules. After a run, tearing down SQLAlchemy, Flask, DuckDB and the vendors' engines took
    ~0.18 s of every command's wall time and wrote nothing (docs/architecture.md, "Leaving
    quickly"). What a normal exit does that matters still happens first: threads that are not
    daemons are waited for (if any is left, the normal exit is taken), exit handlers run and
    the standard streams are flushed. `main()` itself stays an ordinary function for callers
    that run it in process."""
    try:
        main()
        code = 0
    except SystemExit as exc:
        if exc.code is not None and not isinstance(exc.code, int):
            raise  # a message to print: the interpreter's own exit prints it
        code = exc.code or 0
    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
    others = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    if others or run_exit_handlers is None:
        sys.exit(code)
    run_exit_handlers()
    leave(code)


if __name__ == "__main__":
    console()
