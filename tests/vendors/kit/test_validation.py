"""The shared body validator: unknown fields refused, required ones enforced, each vendor's words."""
import pytest

from vendors.kit.errors import VendorError
from vendors.kit.validation import take


def bad(field, message, code):
    return VendorError(400, code, message, {"field": field})


def test_take_cleans_fields_and_refuses_unknown_or_missing():
    fields = {"name": (lambda n, v: v.strip(), True), "age": (lambda n, v: int(v), False)}
    assert take({"name": " Ana "}, fields, bad) == {"name": "Ana"}
    with pytest.raises(VendorError) as e:
        take({"name": "x", "nmae": 1}, fields, bad)
    assert e.value.code == "unknown_field" and e.value.details == {"field": "nmae"}
    with pytest.raises(VendorError) as e:
        take({}, fields, bad, missing=("parameter_missing", "Missing required parameter: {name}."))
    assert e.value.code == "parameter_missing" and e.value.message == "Missing required parameter: name."
