"""`ibench tasks`: list the tasks of a suite (and regenerate its catalog)."""
from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from ibench.catalog import catalog_document, default_tasks_dir, discover
from ibench.errors import UserError
from ibench.suite import canary_gate, load_suite
from ibench.taskspec import KINDS


@click.command("tasks")
@click.option("--kind", type=click.Choice(list(KINDS)), help="Only tasks of this kind.")
@click.option("--vendor", help="Only tasks that use this vendor.")
@click.option("--tasks-dir", type=click.Path(path_type=Path), default=None,
              help="The task suite (default: the project's tasks/).")
@click.option("--write-catalog", is_flag=True, help="Regenerate <tasks-dir>/catalog.yaml.")
def tasks(kind: str | None, vendor: str | None, tasks_dir: Path | None, write_catalog: bool) -> int:
    """List tasks with their kind, vendors and mechanics."""
    from vendors import VENDORS

    if vendor is not None and vendor not in VENDORS:
        raise UserError(f"unknown vendor {vendor!r}; the vendors: {', '.join(VENDORS)}")
    tasks_dir = tasks_dir or default_tasks_dir()
    entries, problems = discover(tasks_dir)
    suite = load_suite(tasks_dir)
    problems += [f"{e.spec.id}: {detail}" for e in entries
                 for _gate, ok, detail in [canary_gate(e, suite)] if not ok]
    if write_catalog:
        (tasks_dir / "catalog.yaml").write_text(catalog_document(entries, suite.canary))
    shown = [e for e in entries if (kind is None or e.spec.kind == kind)
             and (vendor is None or vendor in [v.name for v in e.spec.vendors])]
    table = Table(title=f"{len(shown)} task(s) in {tasks_dir} (suite {suite.name})")
    # A task id is never cut: it is what every other command takes.
    id_width = max([len(e.spec.id) for e in shown] + [2])
    table.add_column("id", no_wrap=True, min_width=id_width)
    for col in ("kind", "vendors", "mechanics"):
        table.add_column(col, no_wrap=True)
    table.add_column("title")
    for e in shown:
        table.add_row(e.spec.id, e.spec.kind, ", ".join(v.name for v in e.spec.vendors),
                      " ".join(e.spec.mechanics), e.spec.title)
    Console(width=max(id_width + 100, Console().width)).print(table)
    for p in problems:
        click.echo(f"broken task: {p}", err=True)
    return 2 if problems else 0


commands = [tasks]
