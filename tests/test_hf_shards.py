"""Hugging Face parquet shards made where the cases are drawn: the rows of `export --format hf`, resumable."""

import pytest

datasets = pytest.importorskip("datasets", reason="pip install 'assetgen[interop]'")

from assetgen.errors import BuildFailed  # noqa: E402
from assetgen.export.formats import export  # noqa: E402
from assetgen.export.hf_shards import export_hf_shards  # noqa: E402
from assetgen.generate.build import build, generate  # noqa: E402

SUITE = {"suite": "full", "per_family": 2, "families": ("color_grid", "text_card", "ball_across", "speed_compare")}


def rows(files) -> list[dict]:
    """Every row as plain values, images as their stored bytes (not decoded)."""
    data = datasets.load_dataset("parquet", data_files=[str(f) for f in files], split="train")
    listing = getattr(datasets, "List", None) or datasets.Sequence  # datasets >= 4: List
    return data.cast_column("images", listing(datasets.Image(decode=False))).to_list()


def test_shards_hold_the_rows_of_the_hf_export(tmp_path):
    paths = export_hf_shards(tmp_path / "shards", **SUITE, shard_size=3)
    assert [p.name for p in paths] == [f"data-0000{k}-of-00003.parquet" for k in range(3)]  # 8 cases: 3 + 3 + 2
    build(tmp_path / "suite", **SUITE)
    export("hf", tmp_path / "hf", golden=tmp_path / "suite")
    assert rows(paths) == rows([tmp_path / "hf" / "data.parquet"])
    first = rows(paths)[0]
    assert first["id"] == "color_grid-s0-0000"
    assert first["images"][0]["bytes"] == (tmp_path / "suite" / "assets/color_grid/color_grid-s0-0000.png").read_bytes()


def fail_on_text_card(job):
    if job.family == "text_card":
        raise RuntimeError("no font")
    return generate(job)


def test_a_rerun_keeps_complete_shards_and_reports_failed_cases(tmp_path):
    out = tmp_path / "shards"
    with pytest.raises(BuildFailed) as info:
        export_hf_shards(out, **SUITE, shard_size=3, generate_fn=fail_on_text_card)
    assert [f.case_id for f in info.value.failures] == ["text_card-s0-0000", "text_card-s0-0001"]
    assert sorted(p.name for p in out.iterdir()) == ["data-00002-of-00003.parquet"]  # shards 0, 1 hold text cards
    kept = (out / "data-00002-of-00003.parquet").stat().st_mtime_ns
    (out / "data-00000-of-00003.parquet").write_bytes(b"torn")  # an incomplete file is made again
    done = []
    paths = export_hf_shards(out, **SUITE, shard_size=3, progress=done.append)
    assert done[0] == 2 and sum(done) == 8
    assert (out / "data-00002-of-00003.parquet").stat().st_mtime_ns == kept
    fresh = export_hf_shards(tmp_path / "fresh", **SUITE, shard_size=3)
    assert [p.read_bytes() for p in paths] == [p.read_bytes() for p in fresh]
