"""A sweep's plan: levels as written, one-line refusals, distinct case ids with their levels, variant seeds."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import cli
from assetgen.errors import ConfigError
from assetgen.generate.build import generate
from assetgen.generate.sweep_plan import PRESETS, Series, check_series, parse_knob_range, parse_levels, sweep_jobs
from assetgen.generate.variants import variant_jobs, variant_key, variant_seed


@pytest.mark.parametrize(("text", "levels"), [
    ("2..8", (2, 3, 4, 5, 6, 7, 8)),
    ("2..8:2", (2, 4, 6, 8)),
    ("2..9:3", (2, 5, 8)),
    ("0..2:0.5", (0.0, 0.5, 1.0, 1.5, 2.0)),
    ("0.0..3.0", (0.0, 0.75, 1.5, 2.25, 3.0)),
    ("1..2:0.3", (1.0, 1.3, 1.6, 1.9)),
    ("3..3", (3,)),
    ("-2..2:2", (-2, 0, 2)),
])
def test_levels_parse_ints_floats_and_steps(text, levels):
    assert parse_levels(text) == levels
    assert all(type(a) is type(b) for a, b in zip(parse_levels(text), levels, strict=True))


@pytest.mark.parametrize(("text", "message"), [
    ("8..2", "the range is empty"),
    ("1..1000", "too many"),
    ("0..1000000:0.5", "too many"),
    ("2..", "must look like LOW..HIGH"),
    ("2-8", "must look like LOW..HIGH"),
    ("a..b", "is not a number"),
    ("1..5:0", "step must be > 0"),
    ("1..5:-1", "step must be > 0"),
    ("1..inf", "not a finite number"),
])
def test_bad_levels_are_one_line_errors(text, message):
    with pytest.raises(ConfigError, match=message) as caught:
        parse_levels(text)
    assert "\n" not in str(caught.value)


def test_knob_range_needs_a_name():
    assert parse_knob_range("rows=2..4") == ("rows", (2, 3, 4))
    for bad in ("2..4", "=2..4", "color_grid.rows=2..4"):
        with pytest.raises(ConfigError, match="NAME=LOW..HIGH"):
            parse_knob_range(bad)


def test_a_family_without_the_knob_names_its_knobs():
    with pytest.raises(ConfigError) as caught:
        check_series(Series("bar_chart", "rows", (2, 3)))
    text = str(caught.value)
    assert text.startswith("bar_chart has no knob 'rows'; its knobs: bars (2..12)") and "\n" not in text
    with pytest.raises(ConfigError, match="is a choice knob"):
        check_series(Series("color_grid", "question", (1, 2)))
    with pytest.raises(ConfigError, match="'rows' = 9 is invalid; valid: 2..8"):
        check_series(Series("color_grid", "rows", (2, 9)))


def test_jobs_record_each_case_level_and_ids_are_distinct():
    series = [Series("color_grid", "rows", (2, 4)), Series("shapes", "count", (1, 3, 5))]
    jobs, planned = sweep_jobs(series, per_level=2, seed=5)
    assert len(jobs) == len(planned) == 2 * 2 + 3 * 2
    assert len({p.case_id for p in planned}) == len(planned)
    for job, case in zip(jobs, planned, strict=True):
        knob = case.series.split(".")[1]
        assert job.knobs[knob] == case.level and case.base == case.case_id
    built = generate(jobs[2])
    assert built.case.knobs["rows"] == 4 and built.case.id == planned[2].case_id


def test_variants_share_family_index_and_knobs_and_not_the_seed():
    jobs = variant_jobs([("color_grid", 3, 0, {"rows": 5})], 4)
    assert jobs[0].seed == 0 and len({j.seed for j in jobs}) == 4
    assert len({variant_key(j.family, j.index, j.knobs) for j in jobs}) == 1
    assert [variant_seed(0, k) for k in range(4)] == [j.seed for j in jobs]  # the same on every machine
    scenes = [generate(j).case.scene for j in jobs]
    assert all(s != scenes[0] for s in scenes[1:])
    _, planned = sweep_jobs([Series("color_grid", "rows", (2, 3))], per_level=1, seed=0, variants=3)
    assert len(planned) == 6 and len({p.base for p in planned}) == 2
    with pytest.raises(ConfigError, match="--variants 1 must be between 2"):
        variant_jobs([("color_grid", 0, 0, {})], 1)


def test_the_preset_is_valid():
    for series in PRESETS["vision-limits"]:
        check_series(series)


@pytest.mark.parametrize(("args", "message"), [
    (["color_grid", "--knob", "gap=8..2"], "the range is empty (8 > 2)"),
    (["color_grid", "bar_chart", "--knob", "rows=2..4"], "bar_chart has no knob 'rows'; its knobs:"),
    (["color_grid"], "give FAMILY [FAMILY...] and --knob"),
    (["--preset", "nope"], "unknown preset 'nope'; presets: vision-limits"),
    (["--preset", "vision-limits", "color_grid"], "--preset takes neither"),
    (["nope", "--knob", "rows=2..3"], "unknown family 'nope'"),
])
def test_cli_refuses_in_one_line_before_building(tmp_path, args, message):
    result = CliRunner().invoke(cli.main, ["sweep", *args, "--out", str(tmp_path / "s")])
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "s").exists()


def test_set_holds_other_knobs_and_is_checked():
    from assetgen.generate.sweep_plan import parse_fixed

    assert parse_fixed(("question=transcribe", "blur=0.5", "api_key=false")) == {
        "question": "transcribe", "blur": 0.5, "api_key": False}
    jobs, _ = sweep_jobs([Series("text_card", "noise", (0.0, 10.0), {"question": "field"})], 1, 0)
    assert all(j.knobs["question"] == "field" for j in jobs)
    with pytest.raises(ConfigError, match="text_card: knob 'question' = 'nope' is invalid"):
        sweep_jobs([Series("text_card", "noise", (0.0,), {"question": "nope"})], 1, 0)
    with pytest.raises(ConfigError, match="both swept and held"):
        check_series(Series("text_card", "noise", (0.0,), {"noise": 1.0}))
    with pytest.raises(ConfigError, match="NAME=VALUE"):
        parse_fixed(("question",))
