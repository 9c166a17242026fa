"""vendors.kit.path_segment_pagination: pages cut before the post-filter (short pages
mid-stream), the empty list at the end, the single-object quirk, the reference walker."""
from __future__ import annotations

import pytest
from sqlalchemy import Boolean, Integer, create_engine, insert, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from vendors.kit.errors import VendorError
from vendors.kit.path_segment_pagination import check_page, one_or_list, slice_path_page, walk_path_pages


class Base(DeclarativeBase):
    pass


class Row(Base):
    __tablename__ = "rows"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)


@pytest.fixture
def session():
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as s:
        s.execute(insert(Row), [{"id": i, "hidden": i % 4 == 0} for i in range(1, 24)])
        yield s


def test_pages_are_cut_before_the_filter(session):
    q = select(Row).order_by(Row.id)
    visible = lambda r: not r.hidden  # noqa: E731
    pages = [[r.id for r in slice_path_page(session, q, n, 10, visible)] for n in (1, 2, 3, 4)]
    assert pages == [[1, 2, 3, 5, 6, 7, 9, 10], [11, 13, 14, 15, 17, 18, 19], [21, 22, 23], []]
    assert slice_path_page(session, q, 10**7, 10) == []


def test_check_page_and_one_or_list():
    assert check_page(None) == 1 and check_page(3) == 3
    with pytest.raises(VendorError):
        check_page(0)
    assert one_or_list([]) == [] and one_or_list([{"a": 1}]) == {"a": 1} and one_or_list([1, 2]) == [1, 2]


def test_walker_stops_only_at_the_empty_list(session):
    q = select(Row).order_by(Row.id)
    seen = []

    def fetch(n):
        seen.append(n)
        return one_or_list([{"id": r.id} for r in slice_path_page(session, q, n, 11, lambda r: not r.hidden)])

    items = walk_path_pages(fetch)
    assert [i["id"] for i in items] == [r.id for r in session.scalars(q) if not r.hidden] and seen == [1, 2, 3, 4]
    assert fetch(3) == {"id": 23}  # a last page of one is an object
    assert walk_path_pages(lambda n: {"id": 1} if n == 1 else []) == [{"id": 1}]
