"""Parsing vendor traits (bundle/traits.py): libyaml reads them when present, and what it reads
is what the pure-Python parser reads; a broken text is worded by the pure-Python parser."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bundle import traits

VENDORS = Path(__file__).resolve().parents[2] / "vendors"


@pytest.mark.parametrize("path", sorted(VENDORS.glob("*/vendor.yaml")), ids=lambda p: p.parent.name)
def test_every_vendor_yaml_parses_alike_with_either_parser(path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    fast = traits.parse_traits(text, path.name).model_dump(mode="json")
    monkeypatch.setattr(traits, "_LOADER", yaml.SafeLoader)
    assert traits.parse_traits(text, path.name).model_dump(mode="json") == fast


def test_broken_yaml_is_named_with_its_line():
    with pytest.raises(traits.TraitsError, match=r"(?s)^x/vendor.yaml: not valid YAML: .*\"<unicode string>\", line 2"):
        traits.parse_traits("name: a\nb: [1, 2\n", "x/vendor.yaml")
