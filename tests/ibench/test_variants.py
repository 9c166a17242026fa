"""Fresh variants (docs/variants.md): variant K derives every seed from (task, K); variant 0 is
the task as written; two variants run on different data with the same criteria results for
the oracle; a task with fixed data refuses variants >= 1."""
import json
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from ibench.catalog import discover, select
from ibench.errors import UserError
from ibench.variants import check_variant, derive_seed, profile_for_variant, spec_for_variant

from .conftest import TASKS

ROOT = Path(__file__).parents[2]
EXAMPLE = "example-00-staffline-hello"


def test_variant_zero_is_the_task_as_written():
    (entry,) = select(TASKS, EXAMPLE)
    assert spec_for_variant(entry.spec, 0) is entry.spec
    assert derive_seed(EXAMPLE, 0, "vendor:staffline", 7) == 7


def test_seeds_are_derived_per_task_variant_and_purpose_and_are_stable():
    seeds = {derive_seed(t, k, p, 7) for t in (EXAMPLE, "fix-01-x") for k in (1, 2, 3)
             for p in ("vendor:staffline", "faults:faults1")}
    assert len(seeds) == 12 and all(1 <= s < 2**31 for s in seeds)
    assert derive_seed(EXAMPLE, 2, "vendor:staffline", 7) == derive_seed(EXAMPLE, 2, "vendor:staffline", 7)


def test_a_variant_derives_vendor_and_inline_fault_seeds_and_nothing_else():
    (entry,) = select(TASKS, EXAMPLE)
    v = spec_for_variant(entry.spec, 1)
    assert v.vendors[0].seed != entry.spec.vendors[0].seed
    assert v.vendors[0].dataset == entry.spec.vendors[0].dataset
    before = [s for s in entry.spec.scenario if s.kind == "faults" and s.args.profile]
    after = [s for s in v.scenario if s.kind == "faults" and s.args.profile]
    assert before[0].args.profile["seed"] != after[0].args.profile["seed"]
    assert before[0].args.profile["rules"] == after[0].args.profile["rules"]
    same = [s for s in v.scenario if s.kind not in ("faults",)]
    assert same == [s for s in entry.spec.scenario if s.kind not in ("faults",)]


def _two_vendor_spec(**crewtide):
    from ibench.taskspec import TaskSpec

    return TaskSpec.model_validate({
        "id": "migrate-99-pipelane-crewtide-x", "title": "t", "kind": "migrate", "variants": "derived",
        "vendors": [{"name": "pipelane", "dataset": "saltmarsh-90", "seed": 137},
                    {"name": "crewtide", "dataset": "saltmarsh-pilot", "seed": 137, **crewtide}],
        "entry": {"migrate": "python -m conn migrate"}, "scenario": [{"run": "migrate"}]})


def test_a_dataset_built_from_another_vendors_takes_its_derived_seed():
    linked = spec_for_variant(_two_vendor_spec(same_seed_as="pipelane"), 2)
    assert linked.vendors[0].seed == linked.vendors[1].seed != 137
    assert linked.vendors[0].seed == derive_seed("migrate-99-pipelane-crewtide-x", 2, "vendor:pipelane", 137)
    # without the declaration each vendor's seed is its own, though both were written as 137
    apart = spec_for_variant(_two_vendor_spec(), 2)
    assert apart.vendors[0].seed == linked.vendors[0].seed != apart.vendors[1].seed
    assert spec_for_variant(_two_vendor_spec(same_seed_as="pipelane"), 0).vendors[1].seed == 137


@pytest.mark.parametrize("decl, words", [
    ({"same_seed_as": "staffline"}, "not another vendor"),
    ({"same_seed_as": "crewtide"}, "not another vendor"),
    ({"same_seed_as": "pipelane", "seed": 138}, "seeds differ"),
])
def test_a_bad_same_seed_as_is_one_clear_error(decl, words, tmp_path):
    import yaml

    from ibench.taskspec import TaskSpecError, load_task

    with pytest.raises(ValueError, match=words):
        _two_vendor_spec(**decl)
    # as the loader words it for a task.yaml
    d = tmp_path / "migrate-99-pipelane-crewtide-x"
    d.mkdir()
    doc = _two_vendor_spec().model_dump(exclude_defaults=True)
    doc["vendors"][1].update(decl)
    (d / "task.yaml").write_text(yaml.safe_dump(doc))
    with pytest.raises(TaskSpecError, match=words):
        load_task(d / "task.yaml")


def test_profile_files_get_their_seed_derived_too():
    p = {"seed": 5, "rules": []}
    assert profile_for_variant(p, EXAMPLE, 0, "faults:f") is p
    assert profile_for_variant(p, EXAMPLE, 4, "faults:f")["seed"] == derive_seed(EXAMPLE, 4, "faults:f", 5)
    assert profile_for_variant(None, EXAMPLE, 4, "faults:f") is None


def test_a_task_with_fixed_data_refuses_variants(tmp_path):
    import shutil

    d = tmp_path / EXAMPLE
    shutil.copytree(TASKS / EXAMPLE, d)
    (d / "task.yaml").write_text((d / "task.yaml").read_text().replace("variants: derived", "variants: fixed"))
    (entry,), _ = discover(tmp_path)
    assert spec_for_variant(entry.spec, 0) is entry.spec
    with pytest.raises(UserError, match="variant 0 only"):
        spec_for_variant(entry.spec, 1)
    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "run", "--task", EXAMPLE, "--agent", "noop",
                           "--tasks-dir", str(tmp_path), "--variant", "1", "--out", str(tmp_path / "o")],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "variants: derived" in proc.stderr


@pytest.mark.parametrize("bad", [-1, 10**7, True])
def test_a_bad_variant_is_one_clear_error(bad):
    with pytest.raises(UserError, match="--variant must be"):
        check_variant(bad)


def _initial_candidates(bundle: Path) -> list:
    f = bundle / "state" / "initial" / "staffline" / "candidates.parquet"
    return duckdb.sql(f"select email, last_name from '{f}' order by id").fetchall()


def _criteria(bundle: Path) -> list:
    v = json.loads((bundle / "verdict.json").read_text())
    return [(c["id"], c["passed"], c.get("credit")) for c in v["criteria"]]


def test_two_variants_run_on_new_data_with_the_oracles_criteria_results(tmp_path):
    for k in (1, 2):
        proc = subprocess.run([sys.executable, "-m", "ibench.cli", "run", "--task", EXAMPLE, "--agent", "oracle",
                               "--variant", str(k), "--out", str(tmp_path), "--job", f"v{k}"],
                              capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
        assert f"v{k} t1" in proc.stdout  # the score table names the variant
    v1 = tmp_path / "v1" / f"{EXAMPLE}__oracle__v1__t1"
    v2 = tmp_path / "v2" / f"{EXAMPLE}__oracle__v2__t1"
    assert _initial_candidates(v1) != _initial_candidates(v2)
    written = _initial_candidates(ROOT / "traces" / "samples" / f"{EXAMPLE}__oracle__t1")
    assert written not in (_initial_candidates(v1), _initial_candidates(v2))
    assert _criteria(v1) == _criteria(v2) and all(passed for _, passed, _ in _criteria(v1))
    m1, m2 = (json.loads((b / "manifest.json").read_text()) for b in (v1, v2))
    assert (m1["variant"], m2["variant"]) == (1, 2) and m1["seeds"] != m2["seeds"]
    assert json.loads((v1 / "verdict.json").read_text())["variant"] == 1


def test_a_task_runs_variants_only_once_it_declares_them():
    (example,) = select(TASKS, EXAMPLE)
    assert example.spec.variants == "derived"  # checked: validate --variants 3 (docs/variants.md)
    undeclared = [e for e in discover(TASKS)[0] if "variants:" not in (e.path / "task.yaml").read_text()]
    assert undeclared and all(e.spec.variants == "fixed" for e in undeclared)
    with pytest.raises(UserError, match="variant 0 only"):
        spec_for_variant(undeclared[0].spec, 1)
