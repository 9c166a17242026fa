# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Vantage Kitchens: the weekend move from Scoutly to Quarry."""
