"""`task.yaml`: a task's spec, loaded into validated models.

Errors name the file, the field and what was expected, in one message (`TaskSpecError`),
because task authors fix them by hand. The format is documented in docs/task-authoring.md.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ibench.errors import UserError

VENDOR_NAMES = ("staffline", "talentforge", "placemint", "hireharbor", "pipelane", "workwell", "quarry",
                "scoutly", "benchline", "jobsmith", "conflux", "crewtide", "keystone", "clearcheck")
KINDS = ("build", "fix", "harden", "migrate", "example")
TASK_ID = re.compile(r"^(build|fix|harden|migrate|example)-\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*$")


IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class TaskSpecError(UserError):
    pass


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class VendorUse(_M):
    name: str
    dataset: str = "small"
    seed: int = 1
    credentials: dict[str, str] = Field(default_factory=dict)  # overrides of vendor.yaml test values
    # The account's rate-limit plan when it is not the vendor.yaml one: a recorder override
    # ({dialect, retry_after, rules, enabled}, docs/recorder.md) in force from the start of the
    # run, agent phase included, so the agent meets on the live vendor what the scenario serves.
    rate_limits: dict[str, Any] | None = None
    # Variants: per table, the properties a record's stand-in shares with it (columns, or
    # `column IS [NOT] NULL`): a step naming a written record names, in a variant, the record
    # in its place among those alike (docs/variants.md, "Stand-ins chosen by property").
    stand_in_by: dict[str, list[str]] = Field(default_factory=dict)
    # Variants: this vendor's dataset is built from another vendor's dataset of the same seed
    # (CrewTide's saltmarsh-pilot replays Pipelane's saltmarsh-90), so a variant gives it that
    # vendor's derived seed rather than one of its own (docs/variants.md, "Datasets built from
    # another vendor's").
    same_seed_as: str | None = None
    # Variants: per table, columns (or several joined by a space) whose values name records in
    # the task's materials or steps (a reference, a person's name): in a variant the written
    # row's value stands for the value of the row in its place (docs/variants.md, "Materials").
    stand_in_values: dict[str, list[str]] = Field(default_factory=dict)

    @field_validator("stand_in_values")
    @classmethod
    def _value_columns(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for table, entries in v.items():
            if not entries:
                raise ValueError(f"stand_in_values.{table}: list at least one column")
            for entry in entries:
                cols = entry.split()
                if not cols or not all(IDENT.match(c) for c in cols):
                    raise ValueError(f"stand_in_values.{table}: {entry!r} is not a column nor columns "
                                     f"separated by spaces")
        return v

    @field_validator("stand_in_by")
    @classmethod
    def _properties(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        from vendors.kit.variant_ids import PROPERTY

        for table, props in v.items():
            if not props:
                raise ValueError(f"stand_in_by.{table}: list at least one property")
            for prop in props:
                if not PROPERTY.match(prop.strip()):
                    raise ValueError(f"stand_in_by.{table}: {prop!r} is not a column nor "
                                     f"`column IS [NOT] NULL`")
        return v

    @field_validator("name")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in VENDOR_NAMES:
            raise ValueError(f"unknown vendor {v!r}; expected one of {', '.join(VENDOR_NAMES)}")
        return v

    @field_validator("rate_limits")
    @classmethod
    def _plan(cls, v: dict[str, Any] | None) -> dict[str, Any] | None:
        if v is not None:
            from recorder.config import RateLimitOverride

            RateLimitOverride.model_validate(v)
        return v


class Output(_M):
    """A table the integration writes to IB_OUTPUT_DIR, loaded as `output.<name>`."""

    name: str
    file: str  # path relative to IB_OUTPUT_DIR
    format: Literal["csv", "jsonl", "sqlite"]
    table: str | None = None  # sqlite: table name (default: name)
    # Columns criteria rely on: a missing file or column becomes an empty table / NULL column,
    # so a connector that wrote nothing is graded (and fails) instead of breaking the SQL.
    columns: list[str] = Field(default_factory=list)


class Write(_M):
    """Vendor fields the connector writes (docs/task-authoring.md, "Complete criteria"): some
    criterion must compare each of them at every graded checkpoint."""

    vendor: str
    table: str
    fields: list[str]

    @field_validator("fields")
    @classmethod
    def _some(cls, v: list[str]) -> list[str]:
        if not v:
            raise ValueError("list the fields the connector writes")
        return v


class NotGraded(_M):
    """What the criteria deliberately leave alone, and why: one of `column`
    (`output.<table>.<column>` or `<vendor>.<table>.<field>`, optionally only `at` some
    checkpoints), `checkpoint` (its outputs are not specified) or `run` (a run step no
    checkpoint dumps)."""

    column: str | None = None
    at: list[str] = Field(default_factory=list)
    checkpoint: str | None = None
    run: str | None = None
    reason: str

    @model_validator(mode="after")
    def _one(self):
        if sum(x is not None for x in (self.column, self.checkpoint, self.run)) != 1:
            raise ValueError("a not_graded entry names exactly one of column, checkpoint, run")
        if self.at and self.column is None:
            raise ValueError("`at` narrows a column entry only")
        if not self.reason.strip():
            raise ValueError("a not_graded entry needs a reason")
        return self

    def describe(self) -> str:
        if self.column is not None:
            return self.column + (f" at {', '.join(self.at)}" if self.at else "")
        return f"checkpoint {self.checkpoint}" if self.checkpoint is not None else f"run {self.run}"


class AgentLimits(_M):
    time_limit_s: int = 1800
    # The vendors' clock while the agent works (e.g. {host_offset_s: 0} so webhook timestamps
    # are current for a receiver that checks a tolerance window); default: the base instant.
    clock: "ClockArgs | None" = None
    # Vendors the ticket forbids writing to even while the agent works and tests (e.g. a
    # production system it may only read): the explorer honours it, as a careful agent would.
    read_only: list[str] = Field(default_factory=list)


# --- scenario steps ------------------------------------------------------------------------

class ResetArgs(_M):
    vendors: list[str] | None = None  # default: every vendor of the task, with its dataset/seed
    clock: str | None = None  # ISO instant the vendor clocks restart at


class RunArgs(_M):
    entry: str
    args: list[str] = Field(default_factory=list)
    timeout_s: float = 600
    expect_exit: int | None = 0  # None: exit code ignored
    expect_kill: bool = False  # the harness kills it at timeout_s on purpose (resume tests)
    env: dict[str, str] = Field(default_factory=dict)


class VendorOps(_M):
    vendor: str
    ops: list[dict[str, Any]]


class ClockArgs(_M):
    vendor: str | None = None  # default: every vendor
    advance_s: float | None = None
    set: str | None = None
    freeze: bool = False
    resume: bool = False
    host_offset_s: float | None = None

    @model_validator(mode="after")
    def _one(self):
        chosen = [k for k in ("advance_s", "set", "host_offset_s") if getattr(self, k) is not None]
        if len(chosen) > 1 or (self.resume and (chosen or self.freeze)):
            raise ValueError("use one of advance_s, set (+freeze), host_offset_s, freeze, resume")
        if not chosen and not self.freeze and not self.resume:
            raise ValueError("a clock step needs advance_s, set, host_offset_s, freeze or resume")
        return self


class EmitArgs(_M):
    vendor: str
    events: list[dict[str, Any]]


class ForgeArgs(_M):
    vendor: str
    forgeries: list[dict[str, Any]]


class ConfigArgs(_M):
    vendor: str
    settings: dict[str, Any]
    replace: bool = False


class FaultsArgs(_M):
    profile: dict[str, Any] | None = None  # inline profile (recorder schema); None clears
    file: str | None = None  # or a file under the task folder
    rate_limits: dict[str, Any] | None = None  # per-vendor overrides


class WaitArgs(_M):
    seconds: float = 0
    outbox_empty: bool = False  # also wait until every vendor outbox is drained (bounded by seconds)


class PreloadArgs(_M):
    source: str  # path under the task folder
    into: Literal["state", "output"]
    dest: str = ""  # path inside IB_STATE_DIR / IB_OUTPUT_DIR


AgentLimits.model_rebuild()

STEP_KINDS = ("reset", "faults", "vendor_config", "run", "serve", "mutate", "clock", "emit", "forge",
              "wait", "checkpoint", "preload")


class Step(_M):
    """One scenario step: exactly one of the kind keys, plus an optional id."""

    id: str = ""
    kind: str
    args: Any

    @model_validator(mode="before")
    @classmethod
    def _split(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"a step is a mapping with one of {', '.join(STEP_KINDS)}")
        if "kind" in data and "args" in data:
            return data
        kinds = [k for k in data if k in STEP_KINDS]
        extra = [k for k in data if k not in STEP_KINDS and k != "id"]
        if len(kinds) != 1 or extra:
            raise ValueError(f"a step needs exactly one of {', '.join(STEP_KINDS)} (got {', '.join(map(str, data))})")
        kind = kinds[0]
        raw = data[kind]
        parsers: dict[str, Any] = {
            "reset": lambda r: ResetArgs.model_validate(r or {}),
            "faults": lambda r: FaultsArgs.model_validate(r or {}),
            "vendor_config": ConfigArgs.model_validate,
            "run": lambda r: RunArgs.model_validate({"entry": r} if isinstance(r, str) else r),
            "serve": lambda r: _choice(r, ("start", "stop"), "serve"),
            "mutate": VendorOps.model_validate,
            "clock": ClockArgs.model_validate,
            "emit": EmitArgs.model_validate,
            "forge": ForgeArgs.model_validate,
            "wait": lambda r: WaitArgs.model_validate({"seconds": r} if isinstance(r, (int, float)) else r),
            "checkpoint": lambda r: _name(r),
            "preload": PreloadArgs.model_validate,
        }
        return {"id": str(data.get("id", "")), "kind": kind, "args": parsers[kind](raw)}


def _choice(value: Any, choices: tuple[str, ...], what: str) -> str:
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(choices)}")
    return value


def _name(value: Any) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", value):
        raise ValueError("a checkpoint name is lower-case letters, digits and _ (e.g. cp1, final)")
    return value


class TaskSpec(_M):
    id: str
    title: str
    kind: Literal["build", "fix", "harden", "migrate", "example"]
    version: str = "1"
    vendors: list[VendorUse]
    entry: dict[str, str]  # subcommand name -> command line (run in the workspace)
    env: dict[str, str] = Field(default_factory=dict)
    outputs: list[Output] = Field(default_factory=list)
    agent: AgentLimits = Field(default_factory=AgentLimits)
    scenario: list[Step]
    mechanics: list[str] = Field(default_factory=list)
    receiver: bool = False  # the integration serves webhooks (`serve` entry)
    writes: list[Write] = Field(default_factory=list)  # vendor fields the connector writes
    not_graded: list[NotGraded] = Field(default_factory=list)  # left ungraded on purpose, with why
    # "derived": variant K >= 1 derives every seed (ibench/variants.py), declared once
    # `ibench validate --variants` passed; "fixed" (the default): variant 0 only, for a task not
    # checked on variants or whose data is bound to its written seed (materials, planted ids)
    variants: Literal["derived", "fixed"] = "fixed"
    # CSV files under materials/ whose cells name the written data's records: in a variant each
    # cell the vendors' key map names is replaced, before the agent sees the file, and every run
    # records the rows it used (a `materials` event) for the answer keys (docs/variants.md)
    materials_translated: list[str] = Field(default_factory=list)
    # CSV files under materials/ a vendor's dataset generates from its own records (file ->
    # vendor): in a variant the file is that dataset's own, asked of the vendor after its reset;
    # every run records the rows (a `materials` event) (docs/variants.md)
    materials_generated: dict[str, str] = Field(default_factory=dict)
    notes: str = ""

    @field_validator("materials_translated", "materials_generated")
    @classmethod
    def _csv_names(cls, v, info):
        for name in v:
            if "/" in name or "\\" in name or not name.endswith(".csv") or name.startswith("."):
                raise ValueError(f"{info.field_name}: {name!r} is not the name of a .csv file in "
                                 f"materials/")
        return v

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        if not TASK_ID.match(v):
            raise ValueError("expected <kind>-<nn>-<vendors>-<slug>, e.g. build-01-staffline-contract-extensions")
        return v

    @model_validator(mode="after")
    def _consistent(self):
        names = [v.name for v in self.vendors]
        if len(set(names)) != len(names):
            raise ValueError("a vendor is listed twice")
        stray = [v for v in self.agent.read_only if v not in names]
        if stray:
            raise ValueError(f"agent.read_only names {stray}, not vendors of the task {names}")
        by_name = {v.name: v for v in self.vendors}
        for v in self.vendors:
            other = by_name.get(v.same_seed_as) if v.same_seed_as else None
            if v.same_seed_as is None:
                continue
            if other is None or other is v:
                raise ValueError(f"vendor {v.name}: same_seed_as names {v.same_seed_as!r}, not another "
                                 f"vendor of the task {names}")
            if other.same_seed_as is not None:
                raise ValueError(f"vendor {v.name}: same_seed_as names {other.name}, which takes its seed "
                                 f"from {other.same_seed_as}; name that vendor instead")
            if other.seed != v.seed:
                raise ValueError(f"vendor {v.name}: same_seed_as {other.name}, but their seeds differ "
                                 f"({v.seed} and {other.seed}); a dataset built from another's uses its seed")
        if not self.id.startswith(self.kind + "-"):
            raise ValueError(f"id {self.id!r} does not start with its kind {self.kind!r}")
        auto: dict[str, int] = {}
        seen: set[str] = set()
        steps = []
        for i, step in enumerate(self.scenario):
            vendor = getattr(step.args, "vendor", None)
            if vendor is not None and vendor not in names:
                raise ValueError(f"scenario step {i + 1} ({step.kind}) names vendor {vendor!r}, not one of the task's {names}")
            if isinstance(step.args, BaseModel):
                from ibench import step_keys

                try:
                    step_keys.check(step.args.model_dump(), names)
                except step_keys.KeyPlaceholderError as exc:
                    raise ValueError(f"scenario step {i + 1} ({step.kind}): {exc}") from None
            if step.kind == "run" and step.args.entry not in self.entry:
                raise ValueError(f"scenario step {i + 1} runs entry {step.args.entry!r}; entries are {sorted(self.entry)}")
            sid = step.id
            if not sid:
                auto[step.kind] = auto.get(step.kind, 0) + 1
                sid = step.args if step.kind == "checkpoint" else f"{step.kind}{auto[step.kind]}"
            if sid in seen:
                raise ValueError(f"scenario step id {sid!r} is used twice")
            seen.add(sid)
            steps.append(step.model_copy(update={"id": sid}))
        if not any(s.kind == "checkpoint" and s.args == "final" for s in steps):
            steps.append(Step(id="final", kind="checkpoint", args="final"))
        object.__setattr__(self, "scenario", steps)
        self._check_grading_declarations(names, steps)
        return self

    def _check_grading_declarations(self, vendors: list[str], steps: list[Step]) -> None:
        """`writes` and `not_graded` name only what the task has (the vendors' tables are
        checked against their models in ibench/task_checks.py)."""
        written: dict[str, list[str]] = {}
        for i, w in enumerate(self.writes):
            if w.vendor not in vendors:
                raise ValueError(f"writes[{i}] names vendor {w.vendor!r}, not one of the task's {vendors}")
            key = f"{w.vendor}.{w.table}"
            if key in written:
                raise ValueError(f"writes lists {key} twice")
            written[key] = w.fields
        outputs = {o.name: o.columns for o in self.outputs}
        checkpoints = [s.args for s in steps if s.kind == "checkpoint"]
        runs = [s.id for s in steps if s.kind == "run"]
        for i, ng in enumerate(self.not_graded):
            at = f"not_graded[{i}]"
            if ng.column is not None:
                parts = ng.column.split(".")
                if len(parts) != 3:
                    raise ValueError(f"{at}: column {ng.column!r} is output.<table>.<column> or "
                                     "<vendor>.<table>.<field>")
                src, table, col = parts
                if src == "output":
                    if table not in outputs:
                        raise ValueError(f"{at}: {ng.column!r}: no output {table!r} (outputs: {sorted(outputs)})")
                    if col not in outputs[table]:
                        raise ValueError(f"{at}: {ng.column!r}: output {table} declares no column {col!r} "
                                         f"(columns: {outputs[table]})")
                elif f"{src}.{table}" not in written:
                    raise ValueError(f"{at}: {ng.column!r} is not an output column or a field under `writes` "
                                     f"(writes: {sorted(written) or 'none'})")
                elif col not in written[f"{src}.{table}"]:
                    raise ValueError(f"{at}: {ng.column!r}: writes lists no field {col!r} for {src}.{table}")
            for cp in ng.at + ([ng.checkpoint] if ng.checkpoint is not None else []):
                if cp not in checkpoints:
                    raise ValueError(f"{at}: no checkpoint {cp!r} (checkpoints: {checkpoints})")
            if ng.run is not None and ng.run not in runs:
                raise ValueError(f"{at}: no run step {ng.run!r} (run steps: {runs})")

    def vendor(self, name: str) -> VendorUse:
        return next(v for v in self.vendors if v.name == name)


def _format_errors(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        msg = err["msg"].removeprefix("Value error, ")
        parts.append(f"{loc}: {msg}")
    return "; ".join(parts)


def load_task(path: Path) -> TaskSpec:
    """Load `task.yaml` (or the folder holding it)."""
    path = Path(path)
    if path.is_dir():
        path = path / "task.yaml"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TaskSpecError(f"{path}: no such task file") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise TaskSpecError(f"{path}: not valid YAML{where}: {getattr(exc, 'problem', exc)}") from None
    if not isinstance(data, dict):
        raise TaskSpecError(f"{path}: expected a mapping of task fields at the top level")
    try:
        spec = TaskSpec.model_validate(data)
    except ValidationError as exc:
        raise TaskSpecError(f"{path}: {_format_errors(exc)}") from None
    if spec.id != path.parent.name:
        raise TaskSpecError(f"{path}: id {spec.id!r} does not match its folder {path.parent.name!r}")
    for field in ("materials_translated", "materials_generated"):
        missing = [n for n in getattr(spec, field) if not (path.parent / "materials" / n).is_file()]
        if missing:
            raise TaskSpecError(f"{path}: {field} names {missing}, not files in materials/")
    strangers = {n: v for n, v in spec.materials_generated.items() if v not in {u.name for u in spec.vendors}}
    if strangers:
        raise TaskSpecError(f"{path}: materials_generated names vendors the task does not have: {strangers}")
    both = sorted(set(spec.materials_generated) & set(spec.materials_translated))
    if both:
        raise TaskSpecError(f"{path}: {both} both translated and generated: a file is one or the other")
    return spec


