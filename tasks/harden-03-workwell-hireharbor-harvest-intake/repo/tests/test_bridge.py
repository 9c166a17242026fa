# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import subprocess
import sys
import unittest
from pathlib import Path

from conn.bridge import Person, copy_person, qualified_people

ROOT = Path(__file__).resolve().parents[1]


class FakeWorkwell:
    def stages(self):
        return [{"slug": s, "position": i} for i, s in
                enumerate(["sourced", "applied", "phone-screen", "assessment", "interview", "offer", "hired"])]

    def jobs(self):
        return [{"shortcode": "AAA", "code": "MDC-HLW"}, {"shortcode": "BBB", "code": "MDC-BRK"}]

    def candidates(self):
        return iter([
            {"email": "ann@example.com", "firstname": "Ann", "lastname": "Lee", "phone": None,
             "stage_slug": "interview", "disqualified": False, "job": {"shortcode": "AAA"}},
            {"email": "ANN@example.com", "firstname": "Ann", "lastname": "Lee", "phone": None,
             "stage_slug": "hired", "disqualified": False, "job": {"shortcode": "BBB"}},
            {"email": "bo@example.com", "firstname": "Bo", "lastname": "Ek", "phone": "+1",
             "stage_slug": "applied", "disqualified": False, "job": {"shortcode": "AAA"}},
            {"email": "cy@example.com", "firstname": "Cy", "lastname": "Ng", "phone": "+2",
             "stage_slug": "offer", "disqualified": True, "job": {"shortcode": "AAA"}},
        ])


class FakeHireHarbor:
    def __init__(self, known=None):
        self.known = dict(known or {})
        self.apps = []

    def find_candidate(self, email):
        return self.known.get(email)

    def create_candidate(self, first, last, email, phone):
        self.known[email] = 100 + len(self.known)
        return self.known[email]

    def application_jobs(self, cid):
        return {j for c, j in self.apps if c == cid}

    def create_application(self, cid, job, source):
        self.apps.append((cid, job))
        return len(self.apps)


class BridgeTest(unittest.TestCase):
    def test_people_are_grouped_by_email(self):
        people = qualified_people(FakeWorkwell(), {"MDC-HLW": 1, "MDC-BRK": 2})
        self.assertEqual(list(people), ["ann@example.com"])
        self.assertEqual(people["ann@example.com"].jobs, {1, 2})

    def test_existing_candidate_gets_only_missing_applications(self):
        hh = FakeHireHarbor({"ann@example.com": 7})
        hh.apps.append((7, 1))
        made, n = copy_person(hh, Person("ann@example.com", "Ann", "Lee", None, {1, 2}))
        self.assertEqual((made, n), (False, 1))
        self.assertEqual(hh.apps, [(7, 1), (7, 2)])

    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True, cwd=ROOT)
        self.assertEqual(proc.returncode, 2)


if __name__ == "__main__":
    unittest.main()
