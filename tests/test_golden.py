import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from assetgen.dataset.golden import default_golden, load_golden
from assetgen.errors import GoldenIntegrityError
from assetgen.generate.build import build
from assetgen.generate.check import check

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args, cwd=ROOT):
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def test_committed_golden_set_matches_the_generators():
    result = run_cli("build", "--check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "match the generators" in result.stdout


def test_golden_set_loads_with_article_battery():
    cases = load_golden()
    assert default_golden() == ROOT / "golden"
    assert len(cases) >= 20 and len({c.id for c in cases}) == len(cases)
    assert all((ROOT / "golden" / f.path).is_file() for c in cases for f in c.files)


@pytest.fixture
def small_suite(tmp_path):
    root = tmp_path / "suite"
    build(root, suite="full", per_family=1, families=("color_grid", "bar_chart", "text_card"))
    return root


def test_tampered_asset_is_refused_with_the_file_named(small_suite):
    png = next((small_suite / "assets" / "color_grid").glob("*.png"))
    data = bytearray(png.read_bytes())
    data[-20] ^= 0xFF
    png.write_bytes(bytes(data))
    with pytest.raises(GoldenIntegrityError, match=f"assets/color_grid/{png.name}: sha256 differs"):
        load_golden(small_suite)
    result = run_cli("build", "--check", "--out", str(small_suite))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "sha256 differs" in result.stderr


def test_missing_and_unexpected_files_are_listed(small_suite):
    png = next((small_suite / "assets" / "bar_chart").glob("*.png"))
    shutil.move(png, small_suite / "assets" / "bar_chart" / "renamed.png")
    with pytest.raises(GoldenIntegrityError) as info:
        load_golden(small_suite)
    assert any("missing" in p for p in info.value.problems)
    assert any("renamed.png: not in the manifest" in p for p in info.value.problems)


def test_edited_cases_file_is_refused(small_suite):
    path = small_suite / "cases.jsonl"
    path.write_text(path.read_text().replace('"value":', '"value" :', 1))
    with pytest.raises(GoldenIntegrityError, match="cases.jsonl: sha256 differs"):
        load_golden(small_suite)


def test_check_lists_drifted_cases(small_suite):
    # a consistent edit (hashes updated) that no longer matches the generator is drift, not tampering
    path = small_suite / "cases.jsonl"
    lines = path.read_text().splitlines()
    case = json.loads(lines[0])
    case["prompt"] += " (edited)"
    lines[0] = json.dumps(case, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    manifest = json.loads((small_suite / "manifest.json").read_text())
    import hashlib

    manifest["files"]["cases.jsonl"] = hashlib.sha256(path.read_bytes()).hexdigest()
    (small_suite / "manifest.json").write_text(json.dumps(manifest))
    drifts = check(small_suite)
    assert [(d.case_id, d.what) for d in drifts] == [(case["id"], "prompt changed")]
    result = run_cli("build", "--check", "--out", str(small_suite))
    assert result.returncode == 1 and f"DRIFT {case['id']}: prompt changed" in result.stdout


def test_pixels_compare_within_tolerance_across_library_versions(small_suite):
    manifest = json.loads((small_suite / "manifest.json").read_text())
    manifest["libraries"]["freetype"] = "0.0.0"  # pretend another machine built it
    (small_suite / "manifest.json").write_text(json.dumps(manifest))
    assert check(small_suite) == []


def test_build_replaces_only_what_it_owns(small_suite):
    (small_suite / "README.md").write_text("mine")
    (small_suite / "assets" / "stale").mkdir()
    build(small_suite, suite="full", per_family=1, families=("color_grid",))
    assert (small_suite / "README.md").read_text() == "mine"
    assert not (small_suite / "assets" / "stale").exists()
    assert len(load_golden(small_suite)) == 1


def test_cli_list_and_show():
    listing = run_cli("list", "--json")
    families = {row["family"]: row for row in json.loads(listing.stdout)}
    assert {"color_grid", "text_card", "code_reading"} <= families.keys()
    rows = {k["name"]: k for k in families["color_grid"]["knobs"]}
    assert rows["rows"]["range"] == "2..8"
    case_id = load_golden()[0].id
    shown = run_cli("show", case_id)
    assert shown.returncode == 0 and "prompt:" in shown.stdout and "truth:" in shown.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["build", "--suite", "full", "--knob", "color_grid.rows=12"], "knob 'rows' = 12 is invalid; valid: 2..8"),
        (["build", "--suite", "full", "--family", "colr_grid"], "unknown family 'colr_grid'; known families:"),
        (["build", "--suite", "everything"], "unknown suite 'everything'"),
        (["show", "no-such-case"], "no case 'no-such-case'"),
        (["build", "--check", "--out", "/nonexistent/dir"], "is not a built suite"),
    ],
    ids=["knob-range", "unknown-family", "unknown-suite", "unknown-case", "not-a-suite"],
)
def test_cli_errors_are_one_line(args, message, tmp_path):
    if args[0] == "build" and "--out" not in args:
        args = [*args, "--out", str(tmp_path / "x")]
    result = run_cli(*args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0
