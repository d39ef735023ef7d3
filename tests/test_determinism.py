import hashlib
import json

import pytest

from assetgen.generate.build import Job, build, generate
from assetgen.generate.registry import all_families

FAMILIES = sorted(all_families())
MEDIA_FAMILIES = [name for name, family in all_families().items() if family.modality != "text"]  # text: no media


@pytest.mark.parametrize("family", FAMILIES)
def test_same_seed_same_case_and_bytes(family):
    first, second = generate(Job(family, 3, 11, {})), generate(Job(family, 3, 11, {}))
    assert first.case.model_dump_json() == second.case.model_dump_json()
    assert first.blobs == second.blobs


@pytest.mark.parametrize("family", FAMILIES)
def test_other_index_or_seed_gives_another_scene(family):
    base = generate(Job(family, 0, 0, {})).case
    assert generate(Job(family, 1, 0, {})).case.scene != base.scene
    assert generate(Job(family, 0, 1, {})).case.scene != base.scene


@pytest.mark.parametrize("family", MEDIA_FAMILIES)
def test_png_is_rgb_without_metadata(family):
    pngs = [data for path, data in generate(Job(family, 0, 0, {})).blobs.items() if path.endswith(".png")]
    assert pngs
    for data in pngs:
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert data[25] == 2  # IHDR colour type 2: RGB, no alpha
        chunks, pos = [], 8
        while pos < len(data):
            length = int.from_bytes(data[pos:pos + 4], "big")
            chunks.append(data[pos + 4:pos + 8].decode())
            pos += 12 + length
        assert set(chunks) == {"IHDR", "IDAT", "IEND"}, chunks


def test_case_ids_derive_from_family_seed_index():
    assert generate(Job("shapes", 7, 42, {})).case.id == "shapes-s42-0007"


SOME = ("color_grid", "bar_chart", "text_card", "code_reading", "flashing_light", "speed_compare")


def test_worker_count_does_not_change_output(tmp_path):
    one = build(tmp_path / "one", suite="full", per_family=3, families=SOME, workers=1)
    two = build(tmp_path / "two", suite="full", per_family=3, families=SOME, workers=2)
    assert one.files == two.files
    digest = lambda p: hashlib.sha256(p.read_bytes()).hexdigest()  # noqa: E731
    assert digest(tmp_path / "one" / "cases.jsonl") == digest(tmp_path / "two" / "cases.jsonl")
    manifest = json.loads((tmp_path / "one" / "manifest.json").read_text())
    assert manifest["case_count"] == 3 * len(SOME)
