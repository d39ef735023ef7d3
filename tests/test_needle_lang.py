"""The context needle asked in Japanese or Chinese (issue #35): its filler is Japanese or Chinese prose, its size
counted as the reference tokenizer counts CJK text (a token per character), and the reference endpoint finds the
fact said in the language."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from assetgen.generate.jobs import Job, generate
from assetgen.media.lang import script
from assetgen.media.tokens import count_tokens


def test_cjk_text_counts_a_token_per_character():
    assert count_tokens("静かな川が緑の野原を横切る。") == 14
    assert count_tokens("安静的河流穿过绿色的田野。") == 13
    assert count_tokens("The quiet river crosses the green field.") == 8  # English as before
    assert count_tokens("答えは5です。x = 2") == 10  # 答 え は 5 で す 。 x = 2


def _document(built) -> tuple[str, str]:
    [(path, data)] = [(p, d) for p, d in built.blobs.items() if p.endswith(".txt")]
    return path, data.decode("utf-8")


@settings(max_examples=40, deadline=None)
@given(tokens=st.integers(100, 3000), depth=st.floats(0, 1), seed=st.integers(0, 50),
       needle=st.sampled_from(["fact", "arithmetic"]), lang=st.sampled_from(["ja", "zh"]))
def test_the_filler_is_in_the_language_and_exactly_its_size(tokens, depth, seed, needle, lang):
    built = generate(Job("context_needle", seed, 0, {"tokens": tokens, "depth": depth, "needle": needle}, lang=lang))
    path, text = _document(built)
    assert path.endswith(f"-{lang}.txt")  # not the English case's file, which it no longer shares
    assert count_tokens(text) + count_tokens(built.case.prompt) == tokens
    assert not re.search(r"[A-Za-z]", text) and script(text) == "cjk"  # no English word left in it
    assert ("の秘密の数字は" in text or "的秘密数字是" in text) == (needle == "fact")
    assert generate(Job("context_needle", seed, 0, {"tokens": tokens, "depth": depth, "needle": needle},
                        lang=lang)).blobs == built.blobs  # deterministic


def test_the_english_filler_and_its_file_are_unchanged():
    built = generate(Job("context_needle", 0, 0, {"tokens": 300, "needle": "fact"}))
    path, text = _document(built)
    assert path == "assets/context_needle/context_needle-s0-0000.txt"
    assert text.startswith("The ") and "The secret number of the green heron is 8813." in text
    assert count_tokens(text) + count_tokens(built.case.prompt) == 300


@pytest.mark.parametrize("lang", ["ja", "zh"])
@pytest.mark.parametrize("depth", [0.0, 0.4, 1.0])
def test_the_reference_endpoint_finds_the_fact_said_in_the_language(lang, depth):
    from assetgen.reference.context import answer_needle
    from assetgen.reference.server import in_english

    for seed in range(6):
        built = generate(Job("context_needle", seed, 0, {"tokens": 1500, "depth": depth, "needle": "fact"},
                             lang=lang))
        english = generate(Job("context_needle", seed, 0, {"tokens": 1500, "depth": depth, "needle": "fact"}))
        assert built.case.truth == english.case.truth
        _, text = _document(built)
        assert answer_needle(in_english(text + "\n\n" + built.case.prompt)) == str(built.case.truth.value)


def test_eval_of_a_suite_built_in_three_languages_answers_every_needle(tmp_path):
    """A suite of one's own (--golden) built in en, ja and zh is asked as built, and the reference endpoint
    answers every needle; a language it was not built in is refused in one line."""
    from assetgen import cli
    from assetgen.generate.build import build

    suite = tmp_path / "suite"
    build(suite, suite="full", per_family=2, families=("context_needle",), langs=("en", "ja", "zh"),
          knobs={"context_needle": {"needle": "fact", "tokens": 2000}})
    result = CliRunner().invoke(cli.main, ["eval", "--golden", str(suite), "--out", str(tmp_path / "runs"),
                                           "--lang", "all"])
    assert result.exit_code == 0, result.output
    [run] = [p for p in (tmp_path / "runs").iterdir() if (p / "run.json").exists()]
    md = (run / "report.md").read_text(encoding="utf-8")
    assert md.count("| ~2,000 | fact at 50% | 2,000 |") == 6 and md.count("✓") >= 6 and "✗" not in md
    en_only = tmp_path / "en"
    build(en_only, suite="full", per_family=1, families=("context_needle",))
    refused = CliRunner().invoke(cli.main, ["eval", "--golden", str(en_only), "--out", str(tmp_path / "r2"),
                                            "--lang", "ja"])
    assert refused.exit_code == 2 and "was built in en, not in ja" in refused.output
