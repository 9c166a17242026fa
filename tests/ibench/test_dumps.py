"""Declared outputs are read safely (ibench/dumps.py `dump_outputs`, ibench/safefs.py): a file in
the output folder that is a symlink, a hard link, a FIFO, a device or too large — or an output
folder (or a folder below the workspace root) replaced by a symlink — is never followed or
read: its table is written empty, and it is reported as an unsafe file. A normal output dumps."""
from __future__ import annotations

import os
import sqlite3

import duckdb
import pytest

from ibench import safefs
from ibench.dumps import dump_outputs
from ibench.taskspec import Output

SECRET = "s3cr3t-only-the-harness-may-read"
CSV = Output(name="candidates", file="candidates.csv", format="csv", columns=["id", "email"])

pytestmark = pytest.mark.timeout(60)  # a FIFO that blocked the harness would hang here


@pytest.fixture
def ws(tmp_path):
    """A workspace root with output/, and a secret file outside it (same filesystem, same user)."""
    root = tmp_path / "root"
    (root / "output").mkdir(parents=True)
    secret = tmp_path / "harness-secret.csv"
    secret.write_text(f"id,email\n1,{SECRET}\n")
    return root, secret


def dump(root, outputs=(CSV,), tmp=None):
    con = duckdb.connect()
    dest = root.parent / "bundle" / "output" / "cp"
    try:
        problems, unsafe = dump_outputs(con, list(outputs), root / "output", dest, root=root)
    finally:
        con.close()
    return problems, unsafe, dest


def table(dest, name="candidates"):
    return duckdb.sql(f"SELECT * FROM read_parquet('{dest / (name + '.parquet')}') ORDER BY ALL").fetchall()


def assert_secret_absent(dest):
    for f in dest.rglob("*"):
        if f.is_file():
            assert SECRET.encode() not in f.read_bytes()
    raw = duckdb.sql(f"SELECT * FROM read_parquet('{dest}/*.parquet')").fetchall()
    assert SECRET not in repr(raw)


def test_a_normal_output_dumps(ws):
    root, _ = ws
    (root / "output" / "candidates.csv").write_text("id,email\n1,a@example.com\n2,b@example.com\n")
    problems, unsafe, dest = dump(root)
    assert problems == {} and unsafe == []
    assert table(dest) == [(1, "a@example.com"), (2, "b@example.com")]


def test_a_missing_output_is_a_problem_not_a_violation(ws):
    root, _ = ws
    problems, unsafe, dest = dump(root)
    assert problems == {"candidates": "candidates.csv was not written"} and unsafe == []
    assert table(dest) == []


def test_symlink_to_a_secret_file_is_not_followed(ws):
    root, secret = ws
    (root / "output" / "candidates.csv").symlink_to(secret)
    problems, unsafe, dest = dump(root)
    assert unsafe == [{"output": "candidates", "file": "candidates.csv", "kind": "symlink",
                       "path": "output/candidates.csv",
                       "message": "output/candidates.csv is a symbolic link, not a regular file (not read)"}]
    assert problems["candidates"].startswith("unsafe output: ")
    assert table(dest) == []
    assert_secret_absent(dest)


def test_hard_link_to_a_secret_file_is_not_read(ws):
    root, secret = ws
    os.link(secret, root / "output" / "candidates.csv")
    problems, unsafe, dest = dump(root)
    assert [u["kind"] for u in unsafe] == ["hardlink"]
    assert table(dest) == []
    assert_secret_absent(dest)


def test_a_fifo_does_not_block_the_harness(ws):
    root, _ = ws
    os.mkfifo(root / "output" / "candidates.csv")  # opening it for reading would block forever
    problems, unsafe, dest = dump(root)
    assert [u["kind"] for u in unsafe] == ["special"]
    assert "a FIFO" in unsafe[0]["message"]


def test_a_symlink_to_a_device_is_not_read(ws):
    root, _ = ws
    (root / "output" / "candidates.csv").symlink_to("/dev/zero")  # endless: a read would never end
    problems, unsafe, dest = dump(root)
    assert [u["kind"] for u in unsafe] == ["symlink"]


def test_a_huge_file_is_not_loaded(ws):
    root, _ = ws
    path = root / "output" / "candidates.csv"
    with open(path, "wb") as fh:  # sparse: no disk used
        fh.write(b"id,email\n")
        fh.truncate(safefs.MAX_FILE_BYTES + 1)
    problems, unsafe, dest = dump(root)
    assert [u["kind"] for u in unsafe] == ["too_large"]


def test_output_folder_replaced_by_a_symlink(ws, tmp_path):
    root, secret = ws
    outside = tmp_path / "outside"
    outside.mkdir()
    os.replace(secret, outside / "candidates.csv")
    (root / "output").rmdir()
    (root / "output").symlink_to(outside)  # what an integration may do to IB_OUTPUT_DIR
    problems, unsafe, dest = dump(root)
    assert unsafe[0]["kind"] == "symlink" and unsafe[0]["path"] == "output"
    assert_secret_absent(dest)


def test_a_subfolder_replaced_by_a_symlink(ws, tmp_path):
    root, secret = ws
    (tmp_path / "elsewhere").mkdir()
    os.replace(secret, tmp_path / "elsewhere" / "c.csv")
    (root / "output" / "sub").symlink_to(tmp_path / "elsewhere")
    out = Output(name="candidates", file="sub/c.csv", format="csv", columns=["id", "email"])
    problems, unsafe, dest = dump(root, [out])
    assert [(u["kind"], u["path"]) for u in unsafe] == [("symlink", "output/sub")]
    assert_secret_absent(dest)


def test_a_workspace_root_replaced_by_a_symlink(ws, tmp_path):
    root, _ = ws
    real = tmp_path / "real-root"
    os.replace(root, real)
    root.symlink_to(real)
    (real / "output" / "candidates.csv").write_text("id,email\n1,a@example.com\n")
    problems, unsafe, dest = dump(root)
    assert [u["kind"] for u in unsafe] == ["symlink"]


def test_sqlite_output_with_an_unmerged_wal_is_read_from_a_private_copy(ws):
    root, _ = ws
    db = sqlite3.connect(root / "output" / "store.db")
    db.execute("PRAGMA journal_mode=wal")
    db.execute("PRAGMA wal_autocheckpoint=0")  # keep the rows in the -wal only
    db.execute("CREATE TABLE candidates (id INTEGER, email TEXT)")
    db.executemany("INSERT INTO candidates VALUES (?, ?)", [(1, "a@example.com"), (2, "b@example.com")])
    db.commit()
    try:
        assert (root / "output" / "store.db-wal").stat().st_size > 0
        out = Output(name="candidates", file="store.db", format="sqlite", columns=["id", "email"])
        problems, unsafe, dest = dump(root, [out])
        assert problems == {} and unsafe == []
        assert table(dest) == [(1, "a@example.com"), (2, "b@example.com")]
    finally:
        db.close()


def test_sqlite_companion_symlink_is_unsafe(ws):
    root, secret = ws
    sqlite3.connect(root / "output" / "store.db").execute("CREATE TABLE t (x)").connection.commit()
    (root / "output" / "store.db-wal").symlink_to(secret)
    out = Output(name="t", file="store.db", format="sqlite", columns=["x"])
    problems, unsafe, dest = dump(root, [out])
    assert [(u["kind"], u["path"]) for u in unsafe] == [("symlink", "output/store.db-wal")]
    assert_secret_absent(dest)
