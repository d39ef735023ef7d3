"""Start-up stays light (#36): `assetgen --help` and `assetgen grade` load no OCR, OpenCV or matplotlib.

Those are for the commands that draw or read pixels (build, eval on the reference endpoint, serve); every
other command would pay their import time (seconds on a busy machine) and memory for nothing. Each command
runs in a fresh interpreter, which then lists the heavy modules it holds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.run_folder import Answer, make_run

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("cv2", "rapidocr", "onnxruntime", "matplotlib")

_CHILD = """
import json, sys
sys.path.insert(0, {root!r})
sys.argv = ["assetgen", *{args!r}]
from cli import main
try:
    main()
except SystemExit:
    pass
loaded = sorted({{name.split(".")[0] for name in sys.modules}} & set({heavy!r}))
print("\\nLOADED " + json.dumps(loaded))
"""


def _loaded_after(args: list[str]) -> tuple[list[str], str]:
    code = _CHILD.format(root=str(ROOT), args=args, heavy=HEAVY)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    marker = [line for line in result.stdout.splitlines() if line.startswith("LOADED ")]
    assert marker, result.stdout + result.stderr
    return json.loads(marker[-1][len("LOADED "):]), result.stdout


def test_the_probe_can_see_a_heavy_import():
    """The check itself: a command that does read pixels is seen loading them (else the others prove nothing)."""
    code = _CHILD.format(root=str(ROOT), args=["--help"], heavy=HEAVY).replace("from cli import main",
                                                                                "import cv2\nfrom cli import main")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert 'LOADED ["cv2"]' in result.stdout


@pytest.mark.parametrize("args", [["--help"], ["grade", "--help"], ["eval", "--help"]])
def test_help_loads_no_heavy_module(args):
    loaded, out = _loaded_after(args)
    assert "Usage" in out
    assert loaded == []


def test_grade_loads_no_heavy_module(tmp_path):
    run = make_run(tmp_path, "run", [Answer("arithmetic-s0-0000"), Answer("color_grid-s0-0001", "blue"),
                                     Answer("text_card-s0-0000")])
    loaded, out = _loaded_after(["grade", str(run / "responses.jsonl"), "--out", str(tmp_path / "grades.jsonl")])
    assert "total" in out and (tmp_path / "grades.jsonl").exists()
    assert loaded == []
