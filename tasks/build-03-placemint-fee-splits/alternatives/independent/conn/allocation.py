# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Split an amount of cents by basis-point shares with the largest-remainder rule."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

HOUSE = "HOUSE"
FULL_BP = 10_000


@dataclass(frozen=True)
class Share:
    partner_id: str
    share_bp: int


@dataclass(frozen=True)
class Split:
    partner_id: str
    amount_cents: int
    share_bp: int


def merge_partners(shares: Sequence[Share]) -> list[Share]:
    """One entry per partner (a partner is credited at most once on a fee): a partner listed
    twice keeps their first position with the shares added up."""
    order: list[str] = []
    total: dict[str, int] = {}
    for s in shares:
        if s.partner_id not in total:
            order.append(s.partner_id)
            total[s.partner_id] = 0
        total[s.partner_id] += s.share_bp
    return [Share(p, total[p]) for p in order]


def allocate(amount_cents: int, shares: Sequence[Share]) -> list[Split]:
    """Each partner gets floor(amount x share / total); the cents left over go one each to the
    largest remainders, ties to the partner listed first. The result sums to `amount_cents`."""
    if not isinstance(amount_cents, int) or isinstance(amount_cents, bool):
        raise TypeError("amount_cents must be an integer")
    if amount_cents < 0:
        raise ValueError("cannot split a negative amount")
    shares = merge_partners(shares)
    if not shares:
        return [Split(HOUSE, amount_cents, FULL_BP)]
    if any(s.share_bp < 0 for s in shares):
        raise ValueError("negative share")
    denom = sum(s.share_bp for s in shares)
    if denom <= 0:
        raise ValueError("shares add up to zero")
    base: list[int] = []
    rema: list[int] = []
    for s in shares:
        q, r = divmod(amount_cents * s.share_bp, denom)
        base.append(q)
        rema.append(r)
    left = amount_cents - sum(base)
    # 0 <= left < len(shares) by construction
    order = sorted(range(len(shares)), key=lambda i: (-rema[i], i))
    for i in order[:left]:
        base[i] += 1
    out = [Split(s.partner_id, base[i], s.share_bp) for i, s in enumerate(shares)]
    assert sum(x.amount_cents for x in out) == amount_cents
    return out
