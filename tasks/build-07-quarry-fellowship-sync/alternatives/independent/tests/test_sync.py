# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.sync import app_record, cand_record


class RecordTest(unittest.TestCase):
    def test_email_is_lower_case_and_trimmed_or_none(self):
        self.assertEqual(cand_record({"id": "1", "primaryEmailAddress": {"value": " A.B@X.Example"}})["email"], "a.b@x.example")
        self.assertIsNone(cand_record({"id": "1", "primaryEmailAddress": None})["email"])

    def test_application_fields(self):
        rec = app_record({"id": "a", "candidateId": "c", "jobId": "j", "status": "Archived", "updatedAt": "t"})
        self.assertEqual(rec, {"id": "a", "candidate_id": "c", "job_id": "j", "status": "Archived", "updated_at": "t"})


if __name__ == "__main__":
    unittest.main()
