# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Largest-remainder allocation of a fee in integer cents."""
from __future__ import annotations


def largest_remainder(amount_cents: int, shares_bp: list[int]) -> list[int]:
    """Floor every share of `amount_cents`, then hand the cents left over, one each, to the
    largest remainders; ties go to the share listed first. The parts sum to the amount."""
    if sum(shares_bp) != 10000:
        raise ValueError(f"shares sum to {sum(shares_bp)} bp, not 10000")
    parts = [amount_cents * bp // 10000 for bp in shares_bp]
    remainders = [amount_cents * bp % 10000 for bp in shares_bp]
    leftover = amount_cents - sum(parts)
    for i in sorted(range(len(shares_bp)), key=lambda i: (-remainders[i], i))[:leftover]:
        parts[i] += 1
    return parts
