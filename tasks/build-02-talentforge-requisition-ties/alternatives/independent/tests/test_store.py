# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import tempfile
import unittest
from pathlib import Path

from conn.store import Store, application_row, requisition_row


class MappingTest(unittest.TestCase):
    def test_requisition_documented_names(self):
        row = requisition_row({"id": "req_1", "requisitionCode": "TSM-FAB-0042", "title": "Fab Tech", "site": "Fab 7",
                               "status": "PAUSED", "headcount": "2",
                               "hiringManager": {"email": " Dana.Lee@Example.com ", "name": "Dana"},
                               "updated_at": "2026-03-02T09:30:00Z"})
        self.assertEqual(row["code"], "TSM-FAB-0042")
        self.assertEqual(row["status"], "on_hold")
        self.assertEqual(row["headcount"], 2)
        self.assertEqual(row["hm_email"], "dana.lee@example.com")

    def test_requisition_wire_names_and_no_manager(self):
        row = requisition_row({"id": "req_2", "req_code": "TSM-FAB-0043", "status": "CLOSED", "headcount": 1,
                               "hm": None, "updated_at": "2026-03-02T10:30:00+01:00"})
        self.assertEqual((row["code"], row["status"], row["hm_email"]), ("TSM-FAB-0043", "cancelled", None))
        self.assertEqual(row["updated_at"], "2026-03-02T09:30:00Z")

    def test_application(self):
        row = application_row({"id": "app_1", "requisition_id": "req_1", "candidate_email": "Ana@X.org",
                               "stage": "recruiter_screen", "updated_at": "2026-03-02T09:00:00Z"})
        self.assertEqual(row, {"tf_id": "app_1", "requisition_tf_id": "req_1", "candidate_email": "ana@x.org",
                               "stage": "recruiter_screen", "updated_at": "2026-03-02T09:00:00Z"})


class StoreTest(unittest.TestCase):
    def test_upsert_updates_in_place(self):
        with tempfile.TemporaryDirectory() as tmp:
            store = Store(Path(tmp) / "planning.sqlite")
            base = {"tf_id": "app_1", "requisition_tf_id": "req_1", "candidate_email": "a@x.org",
                    "stage": "applied", "updated_at": "2026-03-02T09:00:00Z"}
            store.upsert("applications", [base])
            store.upsert("applications", [{**base, "stage": "interview"}])
            self.assertEqual(store.db.execute("SELECT COUNT(*), MAX(stage) FROM applications").fetchone(),
                             (1, "interview"))
            store.close()


if __name__ == "__main__":
    unittest.main()
