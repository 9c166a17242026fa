# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import os
import tempfile
import unittest

from conn.verify import read_audit_list, verdict, write_rows


class VerdictTest(unittest.TestCase):
    entry = {"conflux_id": "cand_000000000001", "remote_id": "4100001"}

    def test_found_takes_conflux_current_id(self):
        row = verdict(self.entry, {"id": "cand_00000000abcd", "first_name": "Rhea", "last_name": "Fernandes",
                                   "modified_at": "2026-03-01T07:01:05Z", "remote_was_deleted": False})
        self.assertEqual(row, {"conflux_id": "cand_00000000abcd", "remote_id": "4100001", "status": "found",
                               "name": "Rhea Fernandes", "last_modified": "2026-03-01T07:01:05Z"})

    def test_deleted(self):
        row = verdict(self.entry, {"id": "cand_000000000001", "first_name": "Ana", "last_name": "Ruiz",
                                   "modified_at": "2026-02-01T00:00:00Z", "remote_was_deleted": True})
        self.assertEqual(row["status"], "deleted")

    def test_not_found_keeps_the_listed_ids(self):
        self.assertEqual(verdict(self.entry, None), {**self.entry, "status": "not_found", "name": "",
                                                     "last_modified": ""})

    def test_round_trip(self):
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "audit.csv")
            with open(src, "w") as f:
                f.write("conflux_id,remote_id\n cand_1 ,4100001\n")
            self.assertEqual(read_audit_list(src), [{"conflux_id": "cand_1", "remote_id": "4100001"}])
            os.environ["IB_OUTPUT_DIR"] = d
            path = write_rows([verdict(self.entry, None)])
            self.assertTrue(path.read_text().startswith("conflux_id,remote_id,status,name,last_modified\n"))


if __name__ == "__main__":
    unittest.main()
