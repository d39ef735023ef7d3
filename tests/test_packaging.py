"""The installed package: the console script comes from inside it, and nothing installs a top-level `cli`."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import cli
from assetgen import __version__
from assetgen.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    """A wheel built from a copy of the sources (the checkout itself gets no build/ or egg-info folder)."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md", "cli.py"):
        shutil.copy(ROOT / name, src / name)
    for package in ("assetgen", "graders"):
        shutil.copytree(ROOT / package, src / package, ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("dist")
    # pip's isolated build, as `pip install` does it: the build backend pyproject.toml asks for, not this
    # environment's setuptools
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
                          capture_output=True, text=True, timeout=600)
    if done.returncode and ("No matching distribution" in done.stderr or "Could not find a version" in done.stderr):
        pytest.skip(f"pip cannot fetch the build backend here: {done.stderr.strip().splitlines()[-1]}")
    assert done.returncode == 0, done.stderr[-2000:]
    (built,) = out.glob("*.whl")
    return zipfile.ZipFile(built)


def test_no_top_level_cli_module_is_installed(wheel):
    names = wheel.namelist()
    tops = {name.split("/")[0] for name in names if not name.split("/")[0].endswith((".dist-info", ".data"))}
    assert tops == {"assetgen", "graders"}, tops
    assert "assetgen/cli.py" in names


def test_the_console_script_comes_from_the_package(wheel):
    (entry_points,) = [n for n in wheel.namelist() if n.endswith(".dist-info/entry_points.txt")]
    text = wheel.read(entry_points).decode()
    assert "assetgen = assetgen.cli:main" in text, text
    (metadata,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    assert f"\nVersion: {__version__}\n" in wheel.read(metadata).decode()


def test_the_root_cli_runs_the_same_command():
    assert cli.main is main
    done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "--version"], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0 and "version" in done.stdout, done.stderr
