# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import unittest
import xml.etree.ElementTree as ET

from conn.push import Person, person_from, push_person

NS = "urn:keystone:hr:2"


def emp(no, start):
    return ET.fromstring(f'<Employee xmlns="{NS}"><Id>7</Id><EmployeeNo>{no}</EmployeeNo><FirstName>Ann</FirstName>'
                         f'<LastName>Lee</LastName><Email>ann@halvard.example</Email><StartDate>{start}</StartDate>'
                         f'</Employee>')


def mob(flag):
    return ET.fromstring(f'<InternalMobility xmlns="{NS}"><EmployeeId>7</EmployeeId>'
                         f'<OpenToMove>{flag}</OpenToMove></InternalMobility>')


class FakeTF:
    def __init__(self, known=None):
        self.known = dict(known or {})
        self.created, self.updated = [], []

    def find_by_external_id(self, external_id):
        return self.known.get(external_id)

    def create(self, body):
        self.created.append(body)
        self.known[body["external_id"]] = {"id": f"cand_{len(self.created)}", **body}
        return self.known[body["external_id"]]

    def update(self, cand_id, body):
        self.updated.append((cand_id, body))
        return body


class PushTest(unittest.TestCase):
    def test_dates_are_day_first(self):
        p = person_from(emp("K100007", "03/11/2025"), mob("true"))
        self.assertEqual(p.hired_on, "2025-11-03")
        self.assertEqual(p.external_id, "KS-K100007")
        self.assertTrue(p.opted_in)

    def test_opt_in_creates_once(self):
        tf = FakeTF()
        p = person_from(emp("K100007", "03/11/2025"), mob("true"))
        self.assertEqual(push_person(tf, p), "created")
        self.assertEqual(push_person(tf, p), "unchanged")
        self.assertEqual(tf.created[0]["source"], "internal")

    def test_opt_out_tags_existing(self):
        tf = FakeTF({"KS-K100007": {"id": "cand_1", "tags": [], "hired_on": "2025-11-03"}})
        p = person_from(emp("K100007", "03/11/2025"), mob("false"))
        self.assertEqual(push_person(tf, p), "withdrawn")
        self.assertEqual(tf.updated, [("cand_1", {"tags": ["mobility-withdrawn"]})])

    def test_opt_out_without_candidate_is_skipped(self):
        p = Person("1", "K1", "A", "B", None, None, None, False)
        self.assertEqual(push_person(FakeTF(), p), "skipped")


if __name__ == "__main__":
    unittest.main()
