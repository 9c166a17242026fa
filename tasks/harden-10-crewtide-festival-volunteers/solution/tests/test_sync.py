# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import requests

from conn.crewtide import throttle_wait
from conn.sync import COLUMNS, to_row, write_volunteers

REPO = Path(__file__).resolve().parent.parent


def rec(i, tags=("volunteer-2026",)):
    return {"id": str(i), "type": "candidates",
            "attributes": {"given-name": "Ada", "family-name": "Lind", "email": f"a{i}@x.example", "phone": None,
                           "tags": list(tags)}}


def answer(headers):
    r = requests.Response()
    r.status_code = 429
    r.headers.update(headers)
    return r


class SyncTest(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], cwd=REPO, capture_output=True)
        self.assertEqual(proc.returncode, 2)

    def test_throttle_wait_reads_ratelimit_t(self):
        self.assertEqual(throttle_wait(answer({"RateLimit": '"burst";r=0;t=7'})), 7.0)
        self.assertEqual(throttle_wait(answer({"RateLimit": '"burst";r=0;t=2', "Retry-After": "5"})), 5.0)

    def test_only_tagged_candidates_written_once(self):
        copy = {"1": to_row(rec(1)), "2": to_row(rec(2, ["withdrawn-2026"])), "3": to_row(rec(3))}
        with tempfile.TemporaryDirectory() as d:
            write_volunteers(Path(d), copy)
            lines = (Path(d) / "volunteers.csv").read_text().splitlines()
        self.assertEqual(lines[0], ",".join(COLUMNS))
        self.assertEqual([x.split(",")[0] for x in lines[1:]], ["1", "3"])


if __name__ == "__main__":
    unittest.main()
