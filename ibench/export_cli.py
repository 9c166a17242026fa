"""`ibench export`: the suite in other harnesses' formats (docs/harbor.md)."""
from __future__ import annotations

from pathlib import Path

import click

from ibench.catalog import default_tasks_dir, select


@click.group("export")
def export() -> None:
    """Write the suite in another harness's task format."""


@export.command("harbor")
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
@click.option("--task", "task_pattern", default="*", show_default=True, help="Task id or glob.")
@click.option("--tasks-dir", type=click.Path(path_type=Path), default=None,
              help="The task suite (default: the project's tasks/).")
@click.option("--force", is_flag=True, help="Replace task folders already exported into OUT.")
def harbor(out: Path, task_pattern: str, tasks_dir: Path | None, force: bool) -> int:
    """Write each task as a Harbor task folder under OUT (instruction, environment with the
    vendors, recorder and harness, the oracle as Harbor's solution, a test step that runs the
    scenario and our grader)."""
    from ibench.harbor_export import export_suite

    entries = select(tasks_dir or default_tasks_dir(), task_pattern)
    written = export_suite(entries, out, force)
    click.echo(f"exported {len(written)} task(s) to {out} (Harbor format; docs/harbor.md)")
    return 0


commands = [export]
