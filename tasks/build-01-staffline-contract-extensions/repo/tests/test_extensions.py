# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import csv
import datetime as dt

from conn.extensions import read_extensions, write_results


def test_read_extensions(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("hospital,assignment_no,nurse,new_end_date,approved_at,approved_by\n"
                    "Mercy Tacoma, ASN-1000001 ,Ann Lee,2026-05-01,2026-02-24T09:15:00Z,desk\n")
    (row,) = read_extensions(str(path))
    assert row.row_no == 1
    assert row.assignment_no == "ASN-1000001"
    assert row.new_end_date == dt.date(2026, 5, 1)
    assert row.approved_at == dt.datetime(2026, 2, 24, 9, 15, tzinfo=dt.timezone.utc)


def test_write_results(tmp_path):
    write_results([{"row_no": 1, "placement_id": None, "outcome": "unknown_assignment"}], str(tmp_path))
    with open(tmp_path / "results.csv", newline="") as fh:
        assert list(csv.DictReader(fh)) == [{"row_no": "1", "placement_id": "", "outcome": "unknown_assignment"}]
