# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.migration import intl_phone, people


def cand(i, name, mail=None, phone=None):
    return {"id": i, "name": name, "primaryEmailAddress": {"value": mail} if mail else None,
            "primaryPhoneNumber": {"value": phone} if phone else None, "updatedAt": i, "createdAt": i}


class Grouping(unittest.TestCase):
    def test_chain_and_lookalikes(self):
        groups = people([cand("a", "Ángel Muñoz", "x@e.x", "+34 699 520 118"), cand("b", "Angel Munoz", " X@E.X "),
                         cand("c", "Ángel  Muñoz", "y@e.x", "0034699520118"), cand("d", "Ander E", None, "+34 1"),
                         cand("e", "Miren E", None, "00341")])
        self.assertEqual(sorted(sorted(c["id"] for c in g) for g in groups), [["a", "b", "c"], ["d"], ["e"]])

    def test_phone(self):
        self.assertEqual(intl_phone(cand("a", "n", phone="+1-555-123-4567")), "+15551234567")


if __name__ == "__main__":
    unittest.main()
