"""`ibench view [DIR|BUNDLE]`: write the HTML report, optionally serve it on loopback."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import click

from grader.errors import BundleError


@click.command("view")
@click.argument("source", metavar="[DIR|BUNDLE]", required=False, default=None,
                type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The HTML file to write (default: report.html in DIR, or beside the bundle).")
@click.option("--serve", is_flag=True, help="Also serve the report on 127.0.0.1 until Ctrl-C.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port for --serve (0: a free one).")
@click.option("--trust", "trust", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
              help="Also count verdicts signed by the keys in FILE (as for `ibench leaderboard`).")
def view(source: Path | None, out: Path | None, serve: bool, port: int, trust: tuple[Path, ...]) -> None:
    """Write one self-contained HTML report of the runs under DIR (default: runs/): leaderboard,
    task × agent matrix, and a page per run with its timeline, criteria, evidence, exchanges,
    patch and logs. It opens from disk; --serve also serves it locally."""
    from bundle.keys import Keyring
    from grader.suite import find_bundles
    from grader.view import write_report

    source = source or Path("runs")
    if not source.is_dir():
        raise BundleError(f"{source}: no such folder (give a job folder, a folder of runs, or a bundle)")
    if not find_bundles(source):
        raise BundleError(f"{source}: no bundle (a folder with manifest.json) under it")
    if out is None:
        out = (source.parent if (source / "manifest.json").is_file() else source) / "report.html"
    path, n = write_report(source, out, Keyring.default(trust))
    click.echo(f"report: {path} ({n} run(s)); open it in a browser")
    if not serve:
        return
    handler = functools.partial(_QuietHandler, directory=str(path.parent.resolve()))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise BundleError(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}") from None
    click.echo(f"serving http://127.0.0.1:{server.server_address[1]}/{path.name} (Ctrl-C stops)")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        thread.join()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the stdlib's signature
        pass


commands = [view]
