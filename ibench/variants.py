"""Fresh variants of a task (docs/variants.md): variant K of a task runs on data no model has
seen, derived from (task, K), with the task's text, criteria and solutions unchanged.

Variant 0 is the task as written. For K >= 1 every seed the run uses is replaced by one derived
from (task id, K, what the seed is for, the written seed): each vendor's dataset seed (the
agent phase and every scenario `reset`), and the seed of every fault profile (inline in
task.yaml or in a profile file), which draws probabilistic faults and jitter. Answer keys come
from checkpoints and recorded events, so they hold on any variant, and a step naming a written
record's key names the record in its place (vendors/kit/variant_ids.py). A task whose data is
fixed outside the seeds (materials files generated once from the written seed, neither
translated nor made by the variant's dataset; a record whose stand-in is not alike) cannot take
a variant: a task runs variants only once it declares
`variants: derived` in task.yaml, after `ibench validate --variants` passed on it. A run of
any other task with K >= 1 is refused before it starts (or left out of a sweep)."""
from __future__ import annotations

import hashlib
from typing import Any

from ibench.errors import UserError
from ibench.taskspec import TaskSpec

MAX_VARIANT = 1_000_000
SEED_SPACE = 2**31 - 1  # every dataset generator and random.Random takes it


def check_variant(variant: int, spec: TaskSpec | None = None) -> int:
    if not isinstance(variant, int) or isinstance(variant, bool) or not 0 <= variant <= MAX_VARIANT:
        raise UserError(f"--variant must be a whole number from 0 to {MAX_VARIANT} (got {variant!r})")
    if variant and spec is not None and spec.variants == "fixed":
        raise UserError(f"task {spec.id} runs as variant 0 only: it does not declare `variants: derived` "
                        f"(its data is fixed, or it was not checked on variants: docs/variants.md)")
    return variant


def derive_seed(task_id: str, variant: int, purpose: str, seed: int) -> int:
    """The seed `purpose` uses in variant `variant` of `task_id`; variant 0 keeps `seed`."""
    if variant == 0:
        return seed
    digest = hashlib.sha256(f"ibench-variant\0{task_id}\0{variant}\0{purpose}\0{seed}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_SPACE + 1


def profile_for_variant(profile: dict[str, Any] | None, task_id: str, variant: int, purpose: str) -> Any:
    """A fault profile with its seed derived for the variant (the profile's own seed, default 0)."""
    if variant == 0 or not isinstance(profile, dict):
        return profile
    seed = profile.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        return profile  # the recorder rejects it with its own message
    return {**profile, "seed": derive_seed(task_id, variant, purpose, seed)}


def spec_for_variant(spec: TaskSpec, variant: int) -> TaskSpec:
    """The task as variant `variant` runs it: vendor seeds and inline fault-profile seeds
    derived; a profile in a file is derived when the step loads it (ibench/scenario.py)."""
    check_variant(variant, spec)
    if variant == 0:
        return spec
    # a dataset built from another vendor's (same_seed_as) takes that vendor's derived seed
    vendors = [v.model_copy(update={"seed": derive_seed(spec.id, variant, f"vendor:{v.same_seed_as or v.name}",
                                                        v.seed)})
               for v in spec.vendors]
    steps = []
    for i, step in enumerate(spec.scenario):
        if step.kind == "faults" and isinstance(step.args.profile, dict):
            args = step.args.model_copy(update={"profile": profile_for_variant(
                step.args.profile, spec.id, variant, f"faults:{step.id or i}")})
            step = step.model_copy(update={"args": args})
        steps.append(step)
    return spec.model_copy(update={"vendors": vendors, "scenario": steps})


def entry_for_variant(entry, variant: int):
    """A catalog entry (ibench/catalog.py TaskEntry) as variant `variant` runs it."""
    from dataclasses import replace

    return replace(entry, spec=spec_for_variant(entry.spec, variant), variant=variant,
                   written=entry.spec if variant else None)


__all__ = ["MAX_VARIANT", "check_variant", "derive_seed", "entry_for_variant", "profile_for_variant",
           "spec_for_variant"]
