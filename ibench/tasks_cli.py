"""`ibench tasks`: list the tasks of a suite (and regenerate its catalogue)."""
from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from ibench.catalog import catalog_document, discover


@click.command("tasks")
@click.option("--kind", type=click.Choice(["build", "fix", "harden", "migrate", "example"]))
@click.option("--vendor")
@click.option("--tasks-dir", type=click.Path(path_type=Path), default=Path("tasks"), show_default=True)
@click.option("--write-catalog", is_flag=True, help="Regenerate <tasks-dir>/catalog.yaml.")
def tasks(kind: str | None, vendor: str | None, tasks_dir: Path, write_catalog: bool) -> int:
    """List tasks with their kind, vendors and mechanics."""
    entries, problems = discover(tasks_dir)
    if write_catalog:
        (tasks_dir / "catalog.yaml").write_text(catalog_document(entries))
    shown = [e for e in entries if (kind is None or e.spec.kind == kind)
             and (vendor is None or vendor in [v.name for v in e.spec.vendors])]
    table = Table(title=f"{len(shown)} task(s) in {tasks_dir}")
    for col in ("id", "kind", "vendors", "mechanics", "title"):
        table.add_column(col)
    for e in shown:
        table.add_row(e.spec.id, e.spec.kind, ", ".join(v.name for v in e.spec.vendors),
                      " ".join(e.spec.mechanics), e.spec.title)
    Console().print(table)
    for p in problems:
        click.echo(f"broken task: {p}", err=True)
    return 2 if problems else 0


commands = [tasks]
