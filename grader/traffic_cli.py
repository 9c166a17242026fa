"""`ibench audit` (a bundle, or traffic recorded elsewhere) and `ibench export har`."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import click

from grader.errors import BundleError


@click.command("audit")
@click.argument("source", metavar="BUNDLE|HAR|FLOWS", type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="A report for people, or JSON.")
@click.option("--allow-tampered", is_flag=True, help="Audit a bundle that fails the manifest check.")
@click.option("--vendor", "vendors", multiple=True, metavar="NAME[=HOST]",
              help="Traffic from a file: the vendor whose traits judge it; NAME=HOST (a host glob, port "
                   "optional) per vendor when there are several. Repeatable.")
@click.option("--traits", "traits", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Traffic from a file: a vendor.yaml to judge by (default: the project vendor of that name).")
@click.option("--criteria", "criteria", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Traffic from a file: judge it with this task's criteria/ (its conduct.yaml), as the "
                   "verdict would; without it every library check runs with its defaults.")
def audit(source: Path, fmt: str, allow_tampered: bool, vendors: tuple[str, ...], traits: tuple[Path, ...],
          criteria: Path | None) -> None:
    """What the agent and the integration did over HTTP, per phase and per vendor.

    SOURCE is a bundle, or traffic recorded elsewhere: a HAR file (e.g. from a browser or
    `ibench export har`) or a mitmproxy flow file, judged by the conduct library with the
    traits of the vendor it talked to.
    """
    from grader.audit import build_report, render_text

    tmp = None
    if source.is_dir():
        if vendors or traits or criteria:
            raise BundleError("--vendor, --traits and --criteria are for traffic from a file; a bundle "
                              "carries its own traits and criteria")
        bundle = source
    else:
        from grader.imported import imported_bundle

        bundle = tmp = imported_bundle(source, vendors, traits, criteria)
    try:
        report = build_report(bundle, allow_tampered=allow_tampered or tmp is not None)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    if tmp is not None:
        report["run"]["imported_from"] = str(source)
        report["run"]["integrity"] = {"verified": False, "allow_tampered": False, "signature": None,
                                      "manifest_sha256": None,
                                      "problems": ["traffic imported from a file: not a sealed bundle"]}
        report["run"]["notes"] = [n for n in report["run"]["notes"] if "exchanges.parquet" not in n]
    if fmt == "json":
        click.echo(json.dumps(report, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        click.echo(render_text(report), nl=False)


@click.group("export")
def export() -> None:
    """Export a run in other tools' formats."""


@export.command("har")
@click.argument("bundle", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("-o", "--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The HAR file to write ('-' = stdout; default: <run id>.har in the current folder).")
def export_har_command(bundle: Path, out: Path | None) -> None:
    """Write a run's exchanges as a HAR 1.2 file (open it in a browser's network panel); faults,
    forgeries and phases are kept in `_ibench` fields, and `ibench audit FILE` reads it back."""
    from grader.version import __version__
    from grader.imported import export_har

    doc = export_har(bundle, __version__)
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if out is not None and str(out) == "-":
        click.echo(text, nl=False)
        return
    out = out or Path(f"{doc['log']['_ibench']['run_id']}.har".replace("/", "_"))
    out.write_text(text, encoding="utf-8")
    click.echo(f"{out}: {len(doc['log']['entries'])} exchange(s) in {len(doc['log']['pages'])} phase(s)")
