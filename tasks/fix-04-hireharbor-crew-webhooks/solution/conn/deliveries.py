# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""What arrives at the receiver: a HireHarbor delivery, read into one object."""
from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass
class Delivery:
    event_id: str | None
    event_type: str | None
    signature: str | None
    body: bytes

    def event(self) -> dict:
        return json.loads(self.body)


def read(headers, body: bytes) -> Delivery:
    return Delivery(event_id=headers.get("HireHarbor-Event-ID"), event_type=headers.get("HireHarbor-Event"),
                    signature=headers.get("Signature"), body=body)
