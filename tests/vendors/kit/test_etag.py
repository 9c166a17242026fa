"""vendors.kit.etag: ETag computation and If-Match checks (428 missing, 412 stale, * accepted)."""
from __future__ import annotations

import pytest
from flask import Flask

from vendors.kit.errors import VendorError
from vendors.kit.etag import check_if_match, etag_for


def test_etag_is_quoted_stable_and_changes_with_the_version():
    a = etag_for("employee", 1, 1)
    assert a.startswith('"') and a.endswith('"') and a == etag_for("employee", 1, 1)
    assert a != etag_for("employee", 1, 2) != etag_for("equipment", 1, 2)


@pytest.mark.parametrize("header,required,status", [
    (None, True, 428), ("", True, 428), (None, False, None), ('"x"', True, 412),
    ("*", True, None), ('"a", "cur"', True, None), ('W/"cur"', True, None)])
def test_check_if_match(header, required, status):
    app = Flask("t")
    headers = {} if header is None else {"If-Match": header}
    with app.test_request_context("/", headers=headers):
        if status is None:
            check_if_match('"cur"', required=required)
        else:
            with pytest.raises(VendorError) as exc:
                check_if_match('"cur"', required=required)
            assert exc.value.status == status
            if status == 412:
                assert exc.value.headers["ETag"] == '"cur"'
