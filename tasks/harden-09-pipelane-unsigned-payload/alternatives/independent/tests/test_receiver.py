# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
from conn.receiver import claims_hire


def test_claims_hire():
    assert claims_hire({"event": "opportunityHired", "data": {}})
    assert claims_hire({"event": "opportunityStageChanged", "data": {"toStage": "hired"}})
    assert not claims_hire({"event": "opportunityArchived", "data": {"reason": "hired"}})
