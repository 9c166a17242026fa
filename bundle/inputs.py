"""What a bundle carries so that it re-grades offline, whatever happens to the project later:
the vendor.yaml of each vendor of the run under `traits/`, and the task's criteria under
`criteria/` (docs/trace-format.md "Layout"). The harness calls `snapshot_inputs` before it seals
the bundle, so the manifest covers them."""
from __future__ import annotations

import shutil
from pathlib import Path

from bundle.layout import CRITERIA_DIR, TRAITS_DIR


def snapshot_inputs(bundle: Path, traits: dict[str, Path], criteria: Path | None) -> None:
    """Copy `traits` (vendor name -> its vendor.yaml) and the criteria folder into the bundle."""
    (bundle / TRAITS_DIR).mkdir(exist_ok=True)
    for name, src in traits.items():
        shutil.copy2(src, bundle / TRAITS_DIR / f"{name}.yaml")
    if criteria is not None and criteria.is_dir():
        shutil.copytree(criteria, bundle / CRITERIA_DIR, dirs_exist_ok=True)
