"""The grader's version and its verdict schema's version, recorded in every verdict."""
__version__ = "0.1.0"
VERDICT_SCHEMA_VERSION = 1
