# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.migration import wanted_answers


class AnswerTests(unittest.TestCase):
    def test_kiosk_forms(self):
        cd = {"answers": [{"question_key": "bleep_test_level", "answer": "8,4"},
                          {"question_key": "ladder_climb_s", "answer": "62"},
                          {"question_key": "right_to_work", "answer": "Yes"}]}
        self.assertEqual(wanted_answers(cd), [{"questionId": "bleep_test_level", "answer": 8.4},
                                              {"questionId": "ladder_climb_s", "answer": 62},
                                              {"questionId": "right_to_work", "answer": True}])

    def test_untested_left_out(self):
        cd = {"answers": [{"question_key": "bleep_test_level", "answer": None},
                          {"question_key": "right_to_work", "answer": "no"}]}
        self.assertEqual(wanted_answers(cd), [{"questionId": "right_to_work", "answer": False}])


if __name__ == "__main__":
    unittest.main()
