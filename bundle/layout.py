"""The names of a bundle's files and folders (docs/trace-format.md "Layout"): one place, so
writers and readers cannot drift apart."""
from __future__ import annotations

MANIFEST = "manifest.json"
EXCHANGES_JSONL = "exchanges.jsonl"
EXCHANGES_PARQUET = "exchanges.parquet"
EVENTS_JSONL = "events.jsonl"
VERDICT = "verdict.json"
RESCORED_VERDICT = "verdict.rescored.json"
STATE_DIR = "state"  # state/<checkpoint>/<vendor>/<table>.parquet
OUTPUT_DIR = "output"  # output/<checkpoint>/<table>.parquet
TRAITS_DIR = "traits"  # traits/<vendor>.yaml: the vendor.yaml of each vendor of the run
CRITERIA_DIR = "criteria"  # the task's criteria, as the run was graded with them
LOGS_DIR = "logs"
WORKSPACE_PATCH = "workspace.patch"
