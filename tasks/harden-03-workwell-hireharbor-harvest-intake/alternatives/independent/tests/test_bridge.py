# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.http import parse_retry_after


class RetryAfterTest(unittest.TestCase):
    def test_seconds_and_dates(self):
        self.assertEqual(parse_retry_after("4", 0.0), 4.0)
        # Thu, 01 Jan 1970 00:00:10 GMT is 10 s after the epoch
        self.assertAlmostEqual(parse_retry_after("Thu, 01 Jan 1970 00:00:10 GMT", 4.0), 6.0)


if __name__ == "__main__":
    unittest.main()
