from pathlib import Path

from vendors.catalog import render


def test_vendor_catalog_is_current():
    committed = (Path(__file__).parents[2] / "docs" / "vendors.md").read_text()
    assert committed == render(), "docs/vendors.md is stale: run `python -m vendors.catalog`"
