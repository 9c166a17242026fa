"""A task suite's own declarations, and what keeps a held-out suite apart from the public one
(docs/held-out.md).

A suite is a folder of task folders. It may hold `suite.yaml`:

    name: acme-private          # how reports name the suite
    canary: ACME-CANARY 3b9e…   # the string every task file of this suite carries

Without `suite.yaml` a suite expects the public canary (ibench/catalog.py, CANARY), as the
project's own tasks/ do. A lab's held-out suite declares a canary of its own, so text of its
tasks found in the wild (or in a model's output) is told apart from the public suite's.

`overlap_warnings` finds held-out tasks that repeat a public task's vendor and primary
mechanic (the first of its `mechanics`, TASKS.md §0 "Family tags"): such a task measures what
the public one already does, and a model trained on the public task may carry its answer over."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from ibench.catalog import CANARY, TaskEntry, missing_canary
from ibench.errors import UserError

SUITE_FILE = "suite.yaml"
SUITE_KEYS = ("name", "canary", "description")
# Long enough to be unique in a corpus, one line, no characters a file format must escape.
CANARY_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._:+-]{15,199}")


@dataclass(frozen=True)
class Suite:
    path: Path
    name: str
    canary: str
    declared: bool  # False: no suite.yaml, the public canary by default

    @property
    def uses_public_canary(self) -> bool:
        return self.canary == CANARY


def load_suite(tasks_dir: Path) -> Suite:
    """The suite at `tasks_dir`; a malformed `suite.yaml` is one clear UserError."""
    tasks_dir = Path(tasks_dir)
    f = tasks_dir / SUITE_FILE
    if not f.is_file():
        return Suite(tasks_dir, tasks_dir.name, CANARY, False)
    where = f"{f}"
    try:
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise UserError(f"{where}: not valid YAML ({str(exc).splitlines()[0]})") from None
    if not isinstance(doc, dict):
        raise UserError(f"{where}: must be a mapping with {', '.join(SUITE_KEYS)}")
    unknown = sorted(set(doc) - set(SUITE_KEYS))
    if unknown:
        raise UserError(f"{where}: unknown key(s) {', '.join(map(str, unknown))} "
                        f"(a suite.yaml takes {', '.join(SUITE_KEYS)})")
    canary = doc.get("canary", CANARY)
    if not isinstance(canary, str) or not CANARY_PATTERN.fullmatch(canary):
        raise UserError(f"{where}: canary must be one line of 16 to 200 letters, digits, spaces "
                        f"or . _ : + - (got {canary!r})")
    name = doc.get("name", tasks_dir.name)
    if not isinstance(name, str) or not name.strip():
        raise UserError(f"{where}: name must be a non-empty string")
    return Suite(tasks_dir, name, canary, True)


def canary_gate(entry: TaskEntry, suite: Suite) -> tuple[str, bool, str]:
    """The validate gate: every task file that can hold a comment carries the suite's canary."""
    missing = missing_canary(entry.path, suite.canary)
    shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
    return ("canary", not missing, f"{suite.name}'s canary in every task file" if not missing
            else f"{len(missing)} file(s) without {suite.canary!r}: {shown}")


def overlap_warnings(held_out: list[TaskEntry], public: list[TaskEntry], suite: Suite | None = None,
                     public_suite: Suite | None = None) -> list[str]:
    """One line per held-out task that repeats a public task's id, or a vendor and the primary
    mechanic of one; and one when both suites carry the same canary."""
    lines: list[str] = []
    if suite is not None and public_suite is not None and suite.canary == public_suite.canary:
        lines.append(f"suite {suite.name} carries the same canary as {public_suite.name} ({suite.canary!r}): "
                     "declare a canary of its own in its suite.yaml, or leaks cannot be told apart")
    by_path = {p.path.resolve() for p in public}
    for e in held_out:
        if e.path.resolve() in by_path:
            continue  # the same task folder: comparing a suite with itself
        vendors = {v.name for v in e.spec.vendors}
        primary = e.spec.mechanics[0] if e.spec.mechanics else None
        for p in public:
            if p.spec.id == e.spec.id:
                lines.append(f"{e.spec.id}: has the id of a public task")
                continue
            shared = sorted(vendors & {v.name for v in p.spec.vendors})
            if shared and primary is not None and p.spec.mechanics[:1] == [primary]:
                lines.append(f"{e.spec.id}: repeats {p.spec.id} (vendor {', '.join(shared)}, "
                             f"primary mechanic {primary})")
    return lines


__all__ = ["SUITE_FILE", "Suite", "canary_gate", "load_suite", "overlap_warnings"]
