"""Jobs: every `ibench run` / `ibench demo` invocation writes into a folder of its own, so no
run ever overwrites another (docs/trace-format.md, "Jobs and run ids").

A job folder is `<root>/<name>`: the name is `--job NAME`, or the invocation's UTC start time
(`20261201-224005`, with `-2`, `-3` … when two start in the same second). `job.json` records
what was asked for; `--resume NAME` continues a job, running only what it does not hold yet.
"""
from __future__ import annotations

import json
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from ibench import __version__
from ibench.errors import UserError
from bundle.events import utc_now

DEFAULT_ROOT = Path("runs")
JOB_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$")
JOB_FILE = "job.json"


def open_job(root: Path, name: str | None, resume: str | None, prefix: str = "") -> Path:
    """The job folder to write into: a new one (`name`, or a timestamp), or the existing one
    `resume` names (a name under `root`, or a path). A new job never reuses a folder."""
    if name and resume:
        raise UserError("--job starts a new job and --resume continues one: give one of them")
    if resume:
        job = Path(resume)
        if not job.is_dir():
            job = root / resume
        if not job.is_dir():
            raise UserError(f"no job {resume!r} to resume (looked for {root / resume})")
        _append(job, {"resumed_at": utc_now(), "argv": sys.argv[1:]})
        return job
    if name is not None:
        if not JOB_NAME.match(name):
            raise UserError(f"--job {name!r}: a job name is letters, digits, '.', '_' and '-' "
                            "(at most 100, starting with a letter or digit)")
        job = root / name
        if job.exists():
            raise UserError(f"job {name!r} exists in {root}: continue it with --resume {name}, "
                            "or choose another --job name")
    else:
        stamp = prefix + datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        job, n = root / stamp, 1
        while job.exists():
            n += 1
            job = root / f"{stamp}-{n}"
    try:
        job.mkdir(parents=True)
    except FileExistsError:
        raise UserError(f"job folder {job} appeared while starting; run again") from None
    except OSError as exc:
        raise UserError(f"cannot create the job folder {job}: {exc.strerror or exc}") from None
    (job / JOB_FILE).write_text(json.dumps({"job": job.name, "created_at": utc_now(), "ibench": __version__,
                                            "argv": sys.argv[1:], "resumed": []}, indent=2) + "\n")
    return job


def _append(job: Path, entry: dict) -> None:
    path = job / JOB_FILE
    try:
        data = json.loads(path.read_text())
        if not isinstance(data, dict):
            raise ValueError
    except (OSError, ValueError):
        data = {"job": job.name, "resumed": []}  # a job folder made by hand or damaged: start the record
    data.setdefault("resumed", []).append(entry)
    path.write_text(json.dumps(data, indent=2) + "\n")
