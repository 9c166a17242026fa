# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.migration import people_of


def rec(i, email, phone, last="Ng"):
    return {"id": i, "first": "A", "last": last, "email": email, "phone": phone,
            "digits": "".join(c for c in phone if c.isdigit())}


class PeopleTests(unittest.TestCase):
    def test_email_then_phone_and_last_name(self):
        groups = people_of([rec(1, "a@x", "+1-312-555-0101"), rec(2, "", "1.312.555.0101"),
                            rec(3, "b@x", "+1-312-555-0101"), rec(4, "", "+1 999 555 0101", "Ng")])
        self.assertEqual([sorted(r["id"] for r in g) for g in groups], [[1, 2], [3], [4]])


if __name__ == "__main__":
    unittest.main()
