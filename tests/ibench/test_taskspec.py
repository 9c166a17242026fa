"""task.yaml loading: valid specs load, broken ones give one message naming file and field."""
from pathlib import Path

import pytest

from ibench.taskspec import TaskSpecError, load_task

GOOD = """
id: example-00-staffline-hello
title: t
kind: example
vendors: [{name: staffline, dataset: small, seed: 7}]
entry: {sync: python -m conn sync}
scenario:
  - reset: {}
  - run: sync
  - clock: {host_offset_s: 420}
  - run: {entry: sync, env: {TZ: Europe/Paris}, expect_exit: null}
  - checkpoint: cp1
"""


def write(tmp_path: Path, text: str, name: str = "example-00-staffline-hello") -> Path:
    d = tmp_path / name
    d.mkdir()
    (d / "task.yaml").write_text(text)
    return d


def test_valid_spec_gets_step_ids_and_a_final_checkpoint(tmp_path):
    spec = load_task(write(tmp_path, GOOD))
    assert [s.id for s in spec.scenario] == ["reset1", "run1", "clock1", "run2", "cp1", "final"]
    assert spec.scenario[3].args.env == {"TZ": "Europe/Paris"} and spec.scenario[3].args.expect_exit is None


@pytest.mark.parametrize("change, expected", [
    (("dataset: small, seed: 7", "dataset: small, seed: seven"), "vendors.0.seed"),
    (("name: staffline", "name: stafline"), "unknown vendor 'stafline'"),
    (("  - run: sync\n", "  - run: synk\n"), "runs entry 'synk'"),
    (("  - checkpoint: cp1", "  - checkpoint: CP 1"), "checkpoint name"),
    (("  - reset: {}", "  - reboot: {}"), "exactly one of"),
    (("  - clock: {host_offset_s: 420}", "  - clock: {}"), "a clock step needs"),
    (("kind: example", "kind: explore"), "kind"),
    (("seed: 7}", "seed: 7, stand_in_by: {candidates: [status; drop]}}"), "is not a column"),
    (("seed: 7}", "seed: 7, stand_in_by: {candidates: []}}"), "at least one property"),
])
def test_errors_name_the_file_and_the_field(tmp_path, change, expected):
    d = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(TaskSpecError) as err:
        load_task(d)
    assert str(err.value).startswith(str(d / "task.yaml")) and expected in str(err.value)


def test_stand_ins_by_property_are_read(tmp_path):
    text = GOOD.replace("seed: 7}", "seed: 7, stand_in_by: {candidates: [status, archived_at IS NULL]}}")
    spec = load_task(write(tmp_path, text))
    assert spec.vendors[0].stand_in_by == {"candidates": ["status", "archived_at IS NULL"]}
    (tmp_path / "plain").mkdir()
    assert load_task(write(tmp_path / "plain", GOOD)).vendors[0].stand_in_by == {}


def test_bad_yaml_reports_the_line(tmp_path):
    d = write(tmp_path, GOOD + "  - run: [unclosed\n")
    with pytest.raises(TaskSpecError, match=r"not valid YAML \(line \d+"):
        load_task(d)


def test_id_must_match_the_folder(tmp_path):
    d = write(tmp_path, GOOD, name="example-01-staffline-other")
    with pytest.raises(TaskSpecError, match="does not match its folder"):
        load_task(d)


def test_duplicate_step_ids_are_refused(tmp_path):
    d = write(tmp_path, GOOD.replace("  - checkpoint: cp1", "  - {id: run1, wait: 1}"))
    with pytest.raises(TaskSpecError, match="used twice"):
        load_task(d)


def test_validate_compares_outcomes_not_evidence_sizes():
    from ibench.run_cli import _comparable

    a = {"run_id": "x", "score": 100, "criteria": [{"id": "lib:secret_placement", "passed": True, "credit": 1,
                                                    "violations": 0, "population": 120, "evidence": []}]}
    b = {**a, "run_id": "y", "criteria": [{**a["criteria"][0], "population": 121}]}
    c = {**a, "criteria": [{**a["criteria"][0], "passed": False, "violations": 1}]}
    assert _comparable(a) == _comparable(b) and _comparable(a) != _comparable(c)


def test_a_vendor_rate_limit_plan_reaches_the_recorder_config(tmp_path):
    """vendors[].rate_limits: validated as a recorder override at load (a bad one names the field)
    and handed to the run config; a task without one leaves the vendor.yaml limits alone."""
    from ibench.runner import rate_limit_plans

    plan = ("vendors: [{name: staffline, dataset: small, seed: 7, rate_limits: {dialect: ietf, retry_after: none,"
            " rules: [{id: burst, policy: fixed_window, limit: 30, window_s: 10}]}}]")
    spec = load_task(write(tmp_path, GOOD.replace("vendors: [{name: staffline, dataset: small, seed: 7}]", plan)))
    assert rate_limit_plans(spec) == {"staffline": {"dialect": "ietf", "retry_after": "none", "rules": [
        {"id": "burst", "policy": "fixed_window", "limit": 30, "window_s": 10}]}}
    (tmp_path / "b").mkdir()
    assert rate_limit_plans(load_task(write(tmp_path / "b", GOOD))) == {}
    (tmp_path / "c").mkdir()
    with pytest.raises(TaskSpecError, match="rate_limits"):
        load_task(write(tmp_path / "c", GOOD.replace("seed: 7}", "seed: 7, rate_limits: {dialect: loud}}")))
