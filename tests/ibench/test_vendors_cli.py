"""`ibench vendors serve` serves the chosen vendors and prints base URLs and the control token."""
import re
import signal
import subprocess
import sys

import httpx


def test_serve_prints_urls_and_token_and_serves():
    proc = subprocess.Popen([sys.executable, "-m", "ibench.cli", "vendors", "serve", "--vendor", "placemint",
                             "--dataset", "small", "--seed", "3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        lines = [proc.stdout.readline() for _ in range(4)]  # URLs, 2 test credentials, control token
        base = re.search(r"(http://127\.0\.0\.1:\d+)", lines[0]).group(1)
        assert lines[1].split() == ["PLACEMINT_API_KEY=pm_test_4f8e21bb"], lines
        assert lines[2].split() == ["PLACEMINT_WEBHOOK_SECRET=whsec_pm_test_5c2e9a7d41b86f03"], lines
        token = re.search(r"control token: (\w+)", lines[3]).group(1)
        assert httpx.get(base + "/docs/").status_code == 200
        assert httpx.get(base + "/_control/health").status_code == 404
        health = httpx.get(base + "/_control/health", headers={"X-Control-Token": token}).json()
        assert health["dataset"] == "small" and health["seed"] == 3
        r = httpx.get(base + "/v1/placements", headers={"Authorization": "Bearer pm_test_4f8e21bb"})
        assert r.status_code == 200 and r.json()["total"] > 0
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=10)
    assert proc.returncode == 0 and "Traceback" not in err


def test_unknown_vendor_is_one_line():
    proc = subprocess.run([sys.executable, "-m", "ibench.cli", "vendors", "serve", "--vendor", "acme"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.strip().startswith("ibench: error: unknown vendor 'acme'")
