# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Settings from the environment the scheduler gives us (see .ibench/env)."""
import os

CREWTIDE_API_VERSION = "20240301"  # pinned by IT; see the ticket
SCREENING_FIELD = "screening-status"
PACKAGE = "standard"  # the vet nurse screening package agreed with ClearCheck


def crewtide_url() -> str:
    return os.environ["CREWTIDE_BASE_URL"].rstrip("/")


def crewtide_key() -> str:
    return os.environ["CREWTIDE_API_KEY"]


def clearcheck_url() -> str:
    return os.environ["CLEARCHECK_BASE_URL"].rstrip("/")


def clearcheck_key() -> str:
    return os.environ["CLEARCHECK_API_KEY"]
