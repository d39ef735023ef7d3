"""Tampered golden sets whose manifest was re-hashed to match: every path stays inside the folder,
ids and names are safe, sizes are capped — all checked before any file a case names is read."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from assetgen.dataset.golden import MAX_LINE_BYTES, load_golden
from assetgen.dataset.paths import UnsafePathError, check_relative, read_inside, resolve_inside
from assetgen.dataset.records import MAX_PROMPT_CHARS, CaseToSend
from assetgen.errors import AssetgenError
from assetgen.export.formats import export
from assetgen.generate.build import build
from assetgen.generate.check import check

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args):
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("built") / "suite"
    build(root, suite="full", per_family=1, families=("color_grid", "ball_across"))
    return root


@pytest.fixture
def suite(built, tmp_path):
    """A fresh copy of a small suite, with a secret file next to it (outside it)."""
    root = tmp_path / "suite"
    shutil.copytree(built, root)
    outside = tmp_path / "outside"
    outside.mkdir()
    png = next((root / "assets" / "color_grid").glob("*.png"))
    (outside / "secret.png").write_bytes(png.read_bytes() + b"SECRET")
    return root


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def rehash(root: Path, edit=None, pin: dict[str, str] | None = None, family: str = "color_grid") -> None:
    """Edit the case of `family` and re-hash the manifest, as a careful attacker would leave the folder."""
    path = root / "cases.jsonl"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    if edit:
        edit(next(c for c in lines if c["family"] == family))
    path.write_text("".join(json.dumps(c, separators=(",", ":")) + "\n" for c in lines))
    manifest = json.loads((root / "manifest.json").read_text())
    manifest["files"]["cases.jsonl"] = sha(path.read_bytes())
    manifest["files"].update(pin or {})
    (root / "manifest.json").write_text(json.dumps(manifest))


def point_first_file_at(root: Path, rel: str, data: bytes) -> None:
    def edit(case):
        case["files"][0].update(path=rel, sha256=sha(data), size=len(data))

    rehash(root, edit, {rel: sha(data)})


def everything_under(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")} if folder.exists() else set()


# --- the path rule itself ---------------------------------------------------------------------------------

@pytest.mark.parametrize("rel", ["/etc/passwd", "../x.png", "assets/../../x.png", "assets/a/../../../x.png",
                                 "assets//x.png", "assets/./x.png", "assets\\..\\x.png", "", "assets/.hidden",
                                 "assets/x.png/", "C:/x.png", "assets/x y.png", "assets/x\0.png", "~/x.png"])
def test_unsafe_relative_paths_are_refused_as_strings(rel):
    with pytest.raises(UnsafePathError):
        check_relative(rel)


def test_resolve_inside_refuses_links_below_the_root_but_not_to_it(tmp_path):
    (tmp_path / "real" / "assets").mkdir(parents=True)
    (tmp_path / "real" / "assets" / "a.png").write_bytes(b"x")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "real" / "assets" / "linked").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "real" / "assets" / "b.png").symlink_to(tmp_path / "real" / "assets" / "a.png")
    (tmp_path / "via").symlink_to(tmp_path / "real")  # the root itself may be reached through a link
    assert read_inside(tmp_path / "via", "assets/a.png") == b"x"
    for rel in ("assets/linked/a.png", "assets/b.png"):
        with pytest.raises(UnsafePathError, match="symbolic link"):
            resolve_inside(tmp_path / "via", rel)


# --- eval, export openai, export inspect: a file outside the folder -----------------------------------

@pytest.mark.parametrize("kind", ["absolute", "dotdot", "dotdot-inside-assets"])
def test_a_case_file_outside_the_folder_is_refused_before_it_is_read(suite, tmp_path, kind):
    secret = tmp_path / "outside" / "secret.png"
    rel = {"absolute": str(secret), "dotdot": "../outside/secret.png",
           "dotdot-inside-assets": "assets/../../outside/secret.png"}[kind]
    point_first_file_at(suite, rel, secret.read_bytes())
    for model in (None, CaseToSend):
        with pytest.raises(AssetgenError, match="unsafe path"):
            load_golden(suite, **({"model": model} if model else {}))
    # eval refuses before it asks anything: the endpoint is never contacted (it would be exit 3)
    result = run_cli("eval", "--golden", str(suite), "--endpoint", "http://127.0.0.1:9/v1", "--out",
                     str(tmp_path / "runs"))
    assert result.returncode == 2 and "unsafe path" in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0
    for fmt in ("openai", "inspect", "jsonl"):
        before = everything_under(tmp_path / "outside")
        with pytest.raises(AssetgenError, match="unsafe path"):
            export(fmt, tmp_path / f"out-{fmt}", golden=suite)
        assert everything_under(tmp_path / "outside") == before
        assert not (tmp_path / f"out-{fmt}" / "requests.jsonl").exists()


def test_a_case_id_climbing_out_of_the_export_folder_is_refused(suite, tmp_path):
    # inspect writes a clip's frames to out/assets/<family>/<id>_clip1_frame01.png: three '..' leave out/
    victim = tmp_path / "victim"
    rehash(suite, lambda case: case.update(id="../../../victim/x"), family="ball_across")
    with pytest.raises(AssetgenError, match="unsafe case id"):
        load_golden(suite)
    with pytest.raises(AssetgenError, match="unsafe case id"):
        export("inspect", tmp_path / "out", golden=suite)
    assert not victim.exists()


@pytest.mark.parametrize(("field", "value"), [("id", "a/b"), ("id", ".hidden"), ("id", "x" * 129),
                                              ("family", "../x"), ("family", "")])
def test_case_ids_and_families_use_a_safe_character_set(suite, field, value):
    rehash(suite, lambda case: case.update({field: value}))
    with pytest.raises(AssetgenError, match=f"unsafe {'case id' if field == 'id' else 'family'}"):
        load_golden(suite)


# --- symbolic links ------------------------------------------------------------------------------------

def test_a_linked_folder_under_assets_is_refused_by_check_and_export(suite, tmp_path):
    (suite / "assets" / "evil").symlink_to(tmp_path / "outside")
    secret = (tmp_path / "outside" / "secret.png").read_bytes()
    point_first_file_at(suite, "assets/evil/secret.png", secret)
    with pytest.raises(AssetgenError, match="assets/evil is a symbolic link"):
        load_golden(suite)
    result = run_cli("build", "--check", "--out", str(suite))
    assert result.returncode == 2 and "symbolic link" in result.stderr, result.stdout + result.stderr
    with pytest.raises(AssetgenError, match="symbolic link"):
        export("jsonl", tmp_path / "out", golden=suite)
    assert not any(p.name == "secret.png" for p in (tmp_path / "out").rglob("*"))


def test_a_linked_file_and_an_unreferenced_linked_folder_are_listed(suite, tmp_path):
    png = next((suite / "assets" / "color_grid").glob("*.png"))
    png.unlink()
    png.symlink_to(tmp_path / "outside" / "secret.png")
    (suite / "assets" / "spare").symlink_to(tmp_path / "outside")
    with pytest.raises(AssetgenError) as info:
        load_golden(suite)
    problems = info.value.problems
    assert any(f"{png.name}: {png.relative_to(suite).as_posix()} is a symbolic link" in p for p in problems)
    assert "assets/spare: a symbolic link; a suite's files must be inside its folder" in problems


# --- build --check: no oracle on files outside ---------------------------------------------------------

def test_check_refuses_outside_manifest_paths_without_touching_them(suite, tmp_path):
    """Before: a path that exists outside was hashed ('sha256 differs'), a missing one said 'missing'."""
    messages = []
    for name in ("secret.png", "no-such-file.png"):
        manifest = json.loads((suite / "manifest.json").read_text())
        manifest["files"] = {k: v for k, v in manifest["files"].items() if not k.startswith("../")}
        manifest["files"][f"../outside/{name}"] = "0" * 64
        (suite / "manifest.json").write_text(json.dumps(manifest))
        result = run_cli("build", "--check", "--out", str(suite))
        assert result.returncode == 2 and "unsafe path" in result.stderr, result.stderr
        messages.append(result.stderr.replace(name, "NAME"))
    assert messages[0] == messages[1]  # nothing tells whether the outside path exists


# --- build --check compares every field ------------------------------------------------------------------

def test_check_flags_an_unknown_family_and_any_edited_field(suite):
    rehash(suite, lambda case: case.update(family="no_such_family", category="ocr"))
    first = next(c for c in map(json.loads, (suite / "cases.jsonl").read_text().splitlines())
                 if c["family"] == "no_such_family")["id"]
    drifts = {d.what for d in check(suite) if d.case_id == first}
    assert {"unknown family 'no_such_family'", "family changed", "category changed"} <= drifts


# --- sizes: capped before they are read, and before any media file is read ------------------------------

def test_a_huge_case_line_is_refused_before_any_media_file_is_read(suite, tmp_path):
    # the media of every case are gone: an error about them would mean they were looked at first
    for path in (suite / "assets").rglob("*.*"):
        path.unlink()
    rehash(suite, lambda case: case.update(prompt="x" * (MAX_LINE_BYTES + 10)))
    with pytest.raises(AssetgenError, match=f"line 1 is over {MAX_LINE_BYTES} bytes"):
        load_golden(suite)
    result = run_cli("eval", "--golden", str(suite), "--endpoint", "http://127.0.0.1:9/v1", "--out",
                     str(tmp_path / "runs"))
    assert result.returncode == 2 and f"over {MAX_LINE_BYTES} bytes" in result.stderr


def test_a_long_prompt_within_the_line_cap_is_refused(suite):
    rehash(suite, lambda case: case.update(prompt="x" * (MAX_PROMPT_CHARS + 1)))
    with pytest.raises(AssetgenError, match="prompt"):
        load_golden(suite, model=CaseToSend)


def test_more_lines_than_the_manifest_counts_are_refused(suite):
    path = suite / "cases.jsonl"
    first = path.read_text().splitlines()[0]
    path.write_text(path.read_text() + first + "\n")
    rehash(suite)
    with pytest.raises(AssetgenError, match="more than the 2 cases the manifest says"):
        load_golden(suite)


def test_an_oversized_media_file_is_not_read(suite, monkeypatch):
    import assetgen.dataset.paths as paths

    monkeypatch.setattr(paths, "MAX_FILE_BYTES", 100)
    with pytest.raises(AssetgenError, match="bytes, over the limit of 100"):
        load_golden(suite)


def test_a_fifo_in_assets_does_not_hang_the_check(suite):
    fifo = suite / "assets" / "color_grid" / "pipe.png"
    os.mkfifo(fifo)
    png = next((suite / "assets" / "color_grid").glob("color_grid*.png"))
    manifest = json.loads((suite / "manifest.json").read_text())
    manifest["files"]["assets/color_grid/pipe.png"] = manifest["files"][png.relative_to(suite).as_posix()]
    (suite / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(AssetgenError, match="pipe.png: not a regular file"):
        load_golden(suite)
