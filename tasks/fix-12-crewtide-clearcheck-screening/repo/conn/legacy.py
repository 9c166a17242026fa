# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Helpers kept from the first Crewtide integration (the onboarding sheet exporter)."""
import time

import requests


def update_candidate(base: str, key: str, candidate_id: str, attributes: dict) -> dict:
    """PATCH a candidate's attributes; returns the candidate as Crewtide answers it."""
    for _ in range(6):
        r = requests.patch(f"{base}/v1/candidates/{candidate_id}", timeout=30,
                           headers={"Authorization": f"Token token={key}", "X-Api-Version": "20161108",
                                    "Content-Type": "application/vnd.api+json"},
                           json={"data": {"type": "candidates", "id": str(candidate_id), "attributes": attributes}})
        if r.status_code != 429:
            break
        time.sleep(float(r.headers.get("Retry-After") or 2))
    r.raise_for_status()
    return r.json()["data"]
