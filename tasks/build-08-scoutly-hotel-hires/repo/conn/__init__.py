# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Juniper Row Hotels: the live new-hires board fed from Scoutly."""
