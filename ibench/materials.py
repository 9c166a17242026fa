"""The task's materials as a run hands them out (docs/variants.md, "Materials").

Materials are the customer's files in the workspace's `materials/` (a CSV of approvals, a
credit sheet). Most name nothing the seed draws. Those listed in task.yaml's
`materials_translated` name records of the written dataset (an assignment number, a nurse), so
in a variant each CSV cell the vendors' key map names (`stand_in_values`, vendors/kit/
variant_ids.py) is replaced by its stand-in's value before the agent sees the file. On every
run, variant 0 included, the rows of each such file are recorded in a `materials` event of the
scenario's setup, from the harness's own copy: answer keys read the rows a run used from there,
not from a copy of the written file, and whatever the agent does to its workspace's copy
changes no answer key.

Those listed in `materials_generated` a vendor's dataset makes from its own records (an audit
list of its candidates, with planted stale ids): in a variant the file is the one the dataset
makes for the variant's seed, asked of the vendor right after its reset (`GET /_control/
materials/<name>`), in the written file's columns and line ends.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from ibench.errors import HarnessError


def translated_csv(text: str, translation: dict[str, str]) -> str:
    """The CSV with every cell the translation names replaced; the file as it is when no cell
    changes (variant 0, or nothing named)."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    out = [[translation.get(cell, cell) for cell in row] for row in rows]
    if out == rows:
        return text
    buf = io.StringIO(newline="")
    csv.writer(buf, lineterminator="\r\n" if "\r\n" in text else "\n").writerows(out)
    return buf.getvalue()


def csv_rows(text: str) -> list[dict[str, str]]:
    """The rows of a CSV with a header line, as {column: cell}, in file order."""
    return [dict(r) for r in csv.DictReader(io.StringIO(text, newline=""))]


def hand_out(task_dir: Path, names: list[str], translation: dict[str, str]) -> dict[str, str]:
    """The text of each translated material as this run hands it out."""
    out: dict[str, str] = {}
    for name in names:
        path = task_dir / "materials" / name
        try:
            text = path.read_bytes().decode("utf-8")  # as the bytes are: CRLF lines stay CRLF
        except (OSError, UnicodeDecodeError) as exc:
            raise HarnessError(f"materials/{name} could not be read: {exc}") from None
        out[name] = translated_csv(text, translation) if translation else text
    return out


def generated(task_dir: Path, makers: dict[str, str], vendors: dict) -> dict[str, str]:
    """The text of each generated material as the vendor's dataset makes it now (right after
    the reset), written in the columns and line ends of the written file."""
    out: dict[str, str] = {}
    for name, vendor in makers.items():
        written = hand_out(task_dir, [name], {})[name]
        header = next(csv.reader(io.StringIO(written, newline="")), [])
        rows = vendors[vendor].control("GET", f"materials/{name}").get("rows")
        if not isinstance(rows, list) or any(not isinstance(r, dict) or set(r) != set(header) for r in rows):
            raise HarnessError(f"{vendor} generated materials/{name} without the written file's columns "
                               f"{header}")
        buf = io.StringIO(newline="")
        writer = csv.DictWriter(buf, fieldnames=header, lineterminator="\r\n" if "\r\n" in written else "\n")
        writer.writeheader()
        writer.writerows(rows)
        out[name] = buf.getvalue()
    return out


def variant_translation(spec: Any, vendors: dict, written_seeds: dict[str, int]) -> dict[str, str]:
    """Reset each vendor as the scenario's setup will (ibench/scenario.py, `reset_body`) and
    collect their key maps: what the workspace's materials are translated through."""
    from ibench.scenario import reset_body

    out: dict[str, str] = {}
    for use in spec.vendors:
        answer = vendors[use.name].control("POST", "reset", reset_body(use, written_seeds.get(use.name)))
        out.update(answer.get("translation") or {})
    return out


def for_run(task_dir: Path, spec: Any, vendors: dict, written_seeds: dict[str, int]) -> dict[str, str]:
    """The text of every translated and generated material as this run hands it out: as written
    without `written_seeds` (variant 0); in a variant, after resetting each vendor as the
    scenario's setup will (which the generated files are then asked of), translated through the
    vendors' key maps or made by the variant's dataset."""
    if not written_seeds:
        return hand_out(task_dir, [*spec.materials_translated, *spec.materials_generated], {})
    out = hand_out(task_dir, spec.materials_translated, variant_translation(spec, vendors, written_seeds))
    out.update(generated(task_dir, spec.materials_generated, vendors))
    return out


def record(events: Any, texts: dict[str, str]) -> None:
    for name, text in texts.items():
        events.emit("materials", file=name, rows=csv_rows(text))
