# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import sqlite3

from conn import config


def open_board():
    config.output_dir().mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(config.board_file(), timeout=30, check_same_thread=False)
    db.execute("CREATE TABLE IF NOT EXISTS hires (application_id TEXT PRIMARY KEY, candidate_id TEXT, "
               "hotel TEXT, position TEXT, hired_at TEXT)")
    db.commit()
    return db


def sync_application(db, app, job):
    """The row of one application as Scoutly has it now: on the board if HIRED, else off."""
    if app and app["status"] == "HIRED" and job:
        db.execute("INSERT OR REPLACE INTO hires VALUES (?, ?, ?, ?, ?)",
                   (app["id"], app["candidateId"], job["location"]["name"], job["title"], app["statusChangedOn"]))
    elif app:
        db.execute("DELETE FROM hires WHERE application_id = ?", (app["id"],))
    db.commit()
