# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.cli import main


def test_usage():
    assert main([]) == 2
    assert main(["bogus"]) == 2


def test_row_shape():
    from conn.sync import _row

    c = {"first_name": "A", "last_name": "B", "email_addresses": [{"value": "a@x.example", "type": "PERSONAL"}],
         "phone_numbers": [], "company": None, "title": "Dr", "remote_was_deleted": False}
    assert _row(c) == ("A", "B", "a@x.example", None, None, "Dr", 0)
