"""What a bundle carries to re-grade offline (bundle/inputs.py), and that the manifest covers it
(bundle/manifest.py): traits and criteria snapshots are hashed, verdicts are not."""
from __future__ import annotations

from bundle.inputs import snapshot_inputs
from bundle.layout import CRITERIA_DIR, TRAITS_DIR
from bundle.manifest import bundle_files, verify_manifest
from bundle.signing import seal_bundle


def test_snapshots_are_copied_and_covered_by_the_manifest(tmp_path):
    src = tmp_path / "src"
    (src / "criteria").mkdir(parents=True)
    (src / "criteria" / "c1.sql").write_text("SELECT 1 WHERE false\n")
    (src / "vendor.yaml").write_text("name: toy\n")
    b = tmp_path / "bundle"
    b.mkdir()
    snapshot_inputs(b, {"toy": src / "vendor.yaml"}, src / "criteria")
    assert (b / TRAITS_DIR / "toy.yaml").read_text() == "name: toy\n"
    assert (b / CRITERIA_DIR / "c1.sql").is_file()
    (b / "verdict.json").write_text("{}\n")
    manifest = seal_bundle(b, {"run_id": "r"})
    assert set(manifest["files"]) == {"traits/toy.yaml", "criteria/c1.sql"} == set(bundle_files(b))
    assert verify_manifest(b, manifest) == []
    (b / CRITERIA_DIR / "c1.sql").write_text("SELECT 1\n")
    assert [p for p in verify_manifest(b, manifest) if p.startswith("changed file criteria/c1.sql")]


def test_no_criteria_folder_is_no_snapshot(tmp_path):
    b = tmp_path / "bundle"
    b.mkdir()
    snapshot_inputs(b, {}, tmp_path / "missing")
    assert not (b / CRITERIA_DIR).exists() and (b / TRAITS_DIR).is_dir()
