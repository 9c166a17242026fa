"""The `ibench` program leaves with `os._exit` once a command returned (ibench/cli.py `console`,
docs/architecture.md "Leaving quickly"): what a normal exit guarantees still holds."""
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).parents[2]


def console(prelude: str, *args: str) -> subprocess.CompletedProcess:
    code = textwrap.dedent(prelude) + textwrap.dedent(f"""
        import sys
        sys.argv = ["ibench", *{list(args)!r}]
        from ibench.cli import console
        console()
        print("not reached")
    """)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_output_and_exit_code_survive():
    proc = console("", "--version")
    assert proc.returncode == 0 and "ibench, version" in proc.stdout
    assert "not reached" not in proc.stdout
    proc = console("", "grade", "no-such-bundle-dir")
    assert proc.returncode == 2 and proc.stderr.startswith("ibench: error:"), proc.stderr


def test_exit_handlers_run_and_buffered_output_is_flushed():
    proc = console("""
        import atexit, sys
        atexit.register(lambda: print("handler ran", flush=True))
        sys.stdout.write("buffered, no newline")
    """, "--version")
    assert proc.returncode == 0
    assert "buffered, no newline" in proc.stdout and "handler ran" in proc.stdout


def test_a_thread_still_working_is_waited_for():
    proc = console("""
        import threading, time
        def late():
            time.sleep(0.5)
            print("thread finished", flush=True)
        threading.Thread(target=late).start()
    """, "--version")
    assert proc.returncode == 0 and "thread finished" in proc.stdout


def test_a_crash_still_shows_its_traceback():
    proc = console("""
        import ibench.cli
        def broken(): raise RuntimeError("grader bug")
        ibench.cli.main = broken
    """, "--version")
    assert proc.returncode == 1 and "Traceback" in proc.stderr and "grader bug" in proc.stderr
