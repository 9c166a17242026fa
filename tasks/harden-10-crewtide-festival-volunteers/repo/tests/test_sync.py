# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from conn.sync import COLUMNS, merge, to_row, write_volunteers

REPO = Path(__file__).resolve().parent.parent


def rec(i, name="Ada"):
    return {"id": str(i), "type": "candidates",
            "attributes": {"given-name": name, "family-name": "Lind", "email": f"a{i}@x.example", "phone": None}}


class SyncTest(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], cwd=REPO, capture_output=True)
        self.assertEqual(proc.returncode, 2)

    def test_row_layout(self):
        self.assertEqual(to_row(rec(7)), {"candidate_id": 7, "given_name": "Ada", "family_name": "Lind",
                                          "email": "a7@x.example", "phone": ""})

    def test_merge_updates_in_place_and_appends(self):
        merged = merge([to_row(rec(1)), to_row(rec(2))], [to_row(rec(2, "Bea")), to_row(rec(3))])
        self.assertEqual([(r["candidate_id"], r["given_name"]) for r in merged], [(1, "Ada"), (2, "Bea"), (3, "Ada")])

    def test_header(self):
        with tempfile.TemporaryDirectory() as d:
            write_volunteers(Path(d), [])
            self.assertEqual((Path(d) / "volunteers.csv").read_text().splitlines(), [",".join(COLUMNS)])


if __name__ == "__main__":
    unittest.main()
