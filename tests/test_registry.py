import pytest

from assetgen.errors import ConfigError
from assetgen.generate.registry import Family, Knob, all_families, get_family, register
from assetgen.generate.suites import parse_knob, suite_entries


def test_duplicate_family_name_is_refused():
    with pytest.raises(ValueError, match="already registered"):
        @register
        class Again(Family):
            name = "color_grid"
            category = "single_image"


def test_every_family_declares_category_and_valid_defaults():
    families = all_families()
    assert len(families) >= 15
    for family in families.values():
        assert family.category and family.summary
        assert family.resolve_knobs() == {k.name: k.default for k in family.knobs}


@pytest.mark.parametrize(
    ("family", "knobs", "message"),
    [
        ("color_grid", {"rows": 12}, "color_grid: knob 'rows' = 12 is invalid; valid: 2..8"),
        ("color_grid", {"rows": 2.5}, "valid: 2..8"),
        ("color_grid", {"rows": "many"}, "'rows' = 'many'"),
        ("color_grid", {"rws": 3}, "unknown knob 'rws'; valid knobs: cell, colors, cols, gap, question, rows"),
        ("text_card", {"font": "comic"}, "valid: one of mono, sans, serif"),
        ("text_card", {"blur": 9.0}, "'blur' = 9.0 is invalid; valid: 0.0..3.0"),
        ("bar_chart", {"value_labels": "perhaps"}, "valid: true or false"),
    ],
    ids=["int-out-of-range", "int-not-whole", "int-not-number", "unknown-knob", "bad-choice", "float-range",
         "bad-bool"],
)
def test_knob_errors_name_the_value_and_the_range(family, knobs, message):
    with pytest.raises(ConfigError) as info:
        get_family(family).resolve_knobs(knobs)
    assert message in str(info.value)


def test_knob_bool_accepts_cli_spellings():
    assert Knob("x", True, "", kind="bool").validate("f", "false") is False


def test_unknown_family_lists_known_ones():
    with pytest.raises(ConfigError, match="unknown family 'nope'; known families: appearing_objects, arithmetic"):
        get_family("nope")


def test_golden_suite_covers_the_article_battery():
    counts = {}
    for entry in suite_entries("golden"):
        category = get_family(entry.family).category
        counts[category] = counts.get(category, 0) + entry.count
    assert counts == {"single_image": 5, "multi_image": 2, "ocr": 3, "chart": 3, "math": 2, "code": 2,
                      "visual_reasoning": 3, "video_description": 4, "motion": 3, "counting": 3, "multi_video": 2,
                      "video_reasoning": 3, "video_instructions": 2}


def test_suite_options_are_checked():
    with pytest.raises(ConfigError, match="per-family 0 is out of range"):
        suite_entries("full", 0)
    with pytest.raises(ConfigError, match="apply to suite 'full' only"):
        suite_entries("golden", 3)
    with pytest.raises(ConfigError, match="FAMILY.KNOB=VALUE"):
        parse_knob("rows=3")
    assert parse_knob("color_grid.rows=6") == ("color_grid", "rows", 6)
    assert parse_knob("text_card.font=sans") == ("text_card", "font", "sans")
