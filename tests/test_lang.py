"""Questions in Japanese and Chinese (issue #35): templates, pairing, limits counted in characters."""

from __future__ import annotations

import json
import re

import pytest

from assetgen.dataset.records import Case
from assetgen.generate.build import plan
from assetgen.generate.jobs import Job, generate, plain
from assetgen.generate.registry import all_families
from assetgen.generate.rng import case_rng
from assetgen.media.lang import answered_in_other_language, localize, paired_id, parse_langs, script, to_english
from graders.constraints import constraint

# four or more Latin words in a row: an English sentence (or most of one) left in a ja/zh prompt
ENGLISH = re.compile(r"[A-Za-z']+(?:[ ,]+[A-Za-z']+){3,}")
# Latin runs a ja/zh prompt keeps on purpose: the syllogism's answer words and a function's own text
ALLOWED = ("true, false, cannot be determined", "left or right")
CHANGED_TRUTH = {"instructions"}  # a word limit becomes a character limit: its English prompt differs
LOCAL_NAMES = {"context_needle"}  # the needle's name is said in the language ('青いサギ'), the truth unchanged


def scenes(name, family, n=6):
    for index in range(n):
        yield plain(family.sample(case_rng(0, name, index), family.resolve_knobs({})))


@pytest.mark.parametrize("lang", ["ja", "zh"])
@pytest.mark.parametrize("name", sorted(all_families()))
def test_every_family_asks_in_the_language(name, lang):
    family = all_families()[name]
    for scene in scenes(name, family):
        english = family.question(scene)
        asked = family.question_in(scene, lang)
        for text in (asked.prompt, asked.system_prompt or ""):
            leaks = [m for m in ENGLISH.findall(text) if m not in ALLOWED]
            assert not leaks, f"{name} {lang}: English left in {text!r}: {leaks}"
        assert script(asked.prompt) == "cjk"
        if name in LOCAL_NAMES and scene.get("name"):  # the name asked of, said in the language
            from assetgen.generate.families.context_needle import local_name

            assert asked.truth == english.truth and local_name(scene["name"], lang) in asked.prompt
            assert to_english(asked.prompt, lang) == english.prompt.replace(scene["name"],
                                                                            local_name(scene["name"], lang))
        elif name not in CHANGED_TRUTH:
            assert asked.truth == english.truth and asked.grader == english.grader
            assert to_english(asked.prompt, lang) == english.prompt  # the reference endpoint reads it back


def test_same_seed_same_scene_and_truth_ids_pair():
    jobs = plan("golden", 0, None, langs=("en", "ja", "zh"))
    assert [j.lang for j in jobs[:3]] == ["en", "ja", "zh"] and len(jobs) == 3 * len(plan("golden", 0, None))
    en, ja = generate(jobs[0]).case, generate(jobs[1]).case
    assert ja.id == en.id + "-ja" and paired_id(ja.id, "ja") == en.id and ja.lang == "ja"
    assert (ja.scene, ja.truth, ja.knobs) == (en.scene, en.truth, en.knobs)
    assert [f.sha256 for f in ja.files] == [f.sha256 for f in en.files]
    assert ja.prompt != en.prompt


def test_english_cases_keep_their_bytes_and_old_records_load():
    case = generate(Job("color_grid", 0, 0, {})).case
    line = case.to_json()
    assert '"lang"' not in line  # the golden set's hashes do not move
    data = json.loads(line)
    assert Case.model_validate(data).lang == "en"
    ja = generate(Job("color_grid", 0, 0, {}, lang="ja")).case
    assert json.loads(ja.to_json())["lang"] == "ja"
    with pytest.raises(ValueError):
        Case.model_validate(data | {"lang": "fr"})


def test_parse_langs():
    assert parse_langs(None) == ("en",)
    assert parse_langs(["ja", "en"]) == ("en", "ja")
    assert parse_langs(["all"]) == ("en", "ja", "zh")
    assert parse_langs(["zh,ja"]) == ("ja", "zh")
    with pytest.raises(ValueError, match="unknown language"):
        parse_langs(["fr"])


def test_options_keep_their_letters():
    text = "In which direction does the ball move in this video? (A) left to right (B) right to left"
    ja = localize(text, "ja")
    assert ja == "この動画で、ボールはどの方向に動いていますか？(A) 左から右 (B) 右から左"
    assert to_english(ja) == text


def test_word_limit_becomes_a_character_limit_in_cjk():
    family = all_families()["instructions"]
    scene = {"task": "max_words", "topic": "a rainbow", "limit": 10}
    q = family.question_in(scene, "ja")
    assert q.prompt == "虹について30文字以内で説明してください。"
    assert q.truth.value["limit"] == 30 and q.grader.args["unit"] == "chars"
    short = constraint(q.truth, "虹は雨粒で光が屈折してできる。", q.grader.args)
    assert short.passed
    long = constraint(q.truth, "虹は" + "とても" * 20 + "きれいな光の帯です。", q.grader.args)
    assert not long.passed and "over the limit" in long.explanation
    english = family.question_in(scene, "en")
    assert english.truth.value["limit"] == 10 and "unit" not in english.grader.args


def test_fifty_characters_counts_characters():
    family = all_families()["instructions"]
    q = family.question_in({"task": "max_chars", "topic": "photosynthesis", "limit": 50}, "ja")
    assert q.prompt == "光合成について50文字以内で説明してください。"
    assert constraint(q.truth, "植物が光のエネルギーで二酸化炭素と水から糖を作る働き。", q.grader.args).passed
    assert not constraint(q.truth, "植物" * 30, q.grader.args).passed


def test_forbidden_words_and_list_counts_in_cjk():
    family = all_families()["instructions"]
    q = family.question_in({"task": "forbidden_words", "topic": "winter", "words": ["snow", "cold", "freeze"]}, "ja")
    assert "「雪」「寒い」「凍る」" in q.prompt and q.truth.value["words"] == ["雪", "寒い", "凍る"]
    assert not constraint(q.truth, "冬は雪が積もり、道が白くなる季節です。", q.grader.args).passed
    assert constraint(q.truth, "冬は霜が降りて、吐く息が白く見える季節です。", q.grader.args).passed
    n = family.question_in({"task": "exact_count", "things": "fruits", "count": 3}, "zh")
    assert n.prompt == "请正好列出3种水果，每行一个。"
    assert constraint(n.truth, "苹果\n香蕉\n橙子", n.grader.args).passed
    assert constraint(n.truth, "苹果、香蕉、橙子", n.grader.args).passed
    assert not constraint(n.truth, "苹果、香蕉", n.grader.args).passed


def test_script_detector():
    assert answered_in_other_language("赤です", "ja") is False
    assert answered_in_other_language("It is red.", "ja") is True
    assert answered_in_other_language("42", "zh") is None
    assert answered_in_other_language("(B)", "zh") is None
    assert answered_in_other_language("红色", "en") is True


# --- the reference endpoint reads ja/zh questions; the report puts the languages side by side ---------------------

def _pixels(built):
    import io

    import numpy as np
    from PIL import Image

    return [np.asarray(Image.open(io.BytesIO(data)).convert("RGB")) for path, data in built.blobs.items()
            if path.endswith(".png")]


@pytest.mark.parametrize("lang", ["ja", "zh"])
@pytest.mark.parametrize("family,knobs", [("color_grid", {"question": "count"}), ("shapes", {"question": "leftmost"}),
                                          ("circle_overlap", {}), ("shape_compare", {"images": 3})])
def test_reference_endpoint_answers_the_question_asked_in_the_language(family, knobs, lang):
    from assetgen.reference.server import in_english
    from assetgen.reference.solver import CANNOT, solve

    english, asked = generate(Job(family, 1, 0, knobs)), generate(Job(family, 1, 0, knobs, lang=lang))
    assert in_english(asked.case.prompt) == english.case.prompt
    answer = solve(in_english(asked.case.prompt), _pixels(asked), [])
    assert answer != CANNOT and answer == solve(english.case.prompt, _pixels(english), [])


def test_a_document_before_the_question_is_not_read():
    from assetgen.reference.server import in_english

    document = "あ" * 5000  # a long text before the question: only the question's line is read back
    assert in_english(document + "\n7 × 8 はいくつですか？数字だけで答えてください。") == \
        document + "\nWhat is 7 × 8? Answer with the number only."


def _fake_report():
    from types import SimpleNamespace as NS

    cases, grades = {}, []
    outcomes = {"en": [1, 1, 1, 1, 0, 1], "ja": [1, 0, 0, 0, 0, 1]}  # four flips right→wrong, one both wrong
    for lang, results in outcomes.items():
        for k, ok in enumerate(results):
            cid = f"color_grid-s0-{k:04d}" + ("" if lang == "en" else "-ja")
            cases[cid] = NS(category="single_image" if k < 3 else "ocr", lang=lang)
            content = "赤です" if lang == "ja" and k != 1 else "red" if lang == "ja" else "It is red."
            grades.append((NS(case_id=cid, repeat=0, thinking_label="server-default", content=content),
                           NS(verdict="correct" if ok else "incorrect")))
    return NS(cases=cases, graded=lambda label=None: grades)


def test_languages_section_pairs_cases_and_counts_other_scripts():
    from assetgen.report.languages import languages, languages_grid, languages_notes

    table = languages(_fake_report())
    header, rows = languages_grid(table)
    assert header == ["Category", "English (en) 95% CI", "Japanese (ja) 95% CI"]
    assert rows[-1][0] == "Total" and rows[-1][1].startswith("83%") and rows[-1][2].startswith("33%")
    test = table.tests["ja"]
    assert test.pairs == 6 and len(test.right_to_wrong) == 3 and not test.wrong_to_right
    notes = languages_notes(table)
    assert "exact McNemar p = 0.25" in notes[0] and "right in en, wrong in ja" in notes[0]
    assert "Japanese 1/6" in notes[1] and "English 0/6" in notes[1]


def test_one_language_has_no_section():
    from assetgen.report.languages import languages

    report = _fake_report()
    english = {k: v for k, v in report.cases.items() if v.lang == "en"}
    only = [(r, g) for r, g in report.graded() if r.case_id in english]
    report.graded = lambda label=None: only
    assert languages(report) is None


def test_sweep_asks_each_language_as_its_own_series():
    from assetgen.generate.sweep_plan import Series, sweep_jobs

    jobs, planned = sweep_jobs([Series("color_grid", "gap", (0, 4), {"question": "count"})], 1, 0,
                               langs=("en", "zh"))
    assert [(j.index, j.lang) for j in jobs] == [(0, "en"), (0, "zh"), (1, "en"), (1, "zh")]
    assert [p.series for p in planned] == ["color_grid.gap", "color_grid.gap [zh]"] * 2
    assert planned[1].case_id == planned[0].case_id + "-zh"


def test_export_carries_and_selects_the_language(tmp_path):
    from assetgen.errors import AssetgenError
    from assetgen.export.formats import export
    from assetgen.generate.build import build

    suite = tmp_path / "suite"
    build(suite, suite="full", per_family=1, families=("color_grid",), langs=("en", "ja"))
    out = export("inspect", tmp_path / "inspect", golden=suite, langs=("ja",))
    text = "".join(p.read_text() for p in out.rglob("*.jsonl"))
    assert '"lang": "ja"' in text and '"lang": "en"' not in text
    with pytest.raises(AssetgenError, match="no case in zh"):
        export("inspect", tmp_path / "x", golden=suite, langs=("zh",))
    with pytest.raises(AssetgenError, match="copies the suite folder whole"):
        export("jsonl", tmp_path / "y", golden=suite, langs=("ja",))


@pytest.mark.slow
def test_golden_variants_are_built_from_the_golden_set_and_checked(tmp_path):
    """The golden set's ja and zh variants: its English cases byte for byte, each followed by the same case in
    Japanese and Chinese sharing its media; `build --check` rebuilds them in their languages and finds no drift."""
    from assetgen.dataset.golden import default_golden, read_manifest
    from assetgen.generate.build import build
    from assetgen.generate.check import check

    folder = tmp_path / "golden-i18n"
    build(folder, suite="golden", langs=("en", "ja", "zh"))
    lines = (folder / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    golden = (default_golden() / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    assert lines[0::3] == golden
    ja = [Case.model_validate_json(line) for line in lines[1::3]]
    assert all(c.lang == "ja" and c.id.endswith("-ja") for c in ja)
    assert [f.path for f in ja[0].files] == [f.path for f in Case.model_validate_json(golden[0]).files]
    assert read_manifest(folder).langs == ["en", "ja", "zh"]
    assert check(folder) == []


def test_a_case_in_another_language_is_no_variant_of_it():
    from types import SimpleNamespace as NS

    from assetgen.report.variants import worst_case

    cases = {cid: NS(family="color_grid", index=0, knobs={"question": "count"}, lang=lang, category="single_image")
             for cid, lang in (("color_grid-s0-0000", "en"), ("color_grid-s0-0000-ja", "ja"))}
    assert worst_case(NS(cases=cases, graded=lambda label=None: [])) is None


@pytest.mark.parametrize("lang", ["ja", "zh"])
@pytest.mark.parametrize("knobs", [{"question": "cell"}, {"question": "grid"}])
def test_reference_answers_closed_words_in_the_language_and_they_grade(lang, knobs):
    """A color said in Japanese or Chinese, as the reference endpoint answers it, is read by the graders'
    other-language stage (graders/languages.py) as the English word."""
    from assetgen.media.lang import answer_in
    from assetgen.reference.server import in_english
    from assetgen.reference.solver import solve
    from graders import grade
    from graders.records import Response

    built = generate(Job("color_grid", 2, 0, knobs, lang=lang))
    answer = answer_in(solve(in_english(built.case.prompt), _pixels(built), []), lang)
    assert script(answer) == "cjk"
    assert grade(built.case, Response(case_id=built.case.id, content=answer)).verdict == "correct"


def test_answer_in_leaves_what_is_not_a_closed_word():
    from assetgen.media.lang import answer_in

    assert answer_in("red circle, blue square", "ja") == "赤の円、青の正方形"
    assert answer_in("yes", "zh") == "是"
    for answer in ("42", "B", "Plums", '{"color": "red"}', "A red ball moves to the right.", "(2, 3)"):
        assert answer_in(answer, "ja") == answer
    assert answer_in("red", "en") == "red"


@pytest.mark.parametrize("lang", ["ja", "zh"])
def test_every_color_the_reference_says_in_the_language_grades(lang):
    from assetgen.media.colors import PALETTE
    from assetgen.media.lang import answer_in
    from graders import grade
    from graders.records import CaseSpec, Response

    base = {"id": "x", "family": "color_grid", "category": "single_image", "modality": "image", "prompt": "p",
            "grader": {"name": "exact", "args": {"vocabulary": "color"}}}
    for color in PALETTE:
        case = CaseSpec.model_validate(base | {"truth": {"kind": "text", "value": color}})
        for answer in (color, f"The cell is {color}.", f"The {color} ball."):
            said = answer_in(answer, lang)
            assert script(said) == "cjk", said
            assert grade(case, Response(case_id="x", content=said)).verdict == "correct", (answer, said)


# --- an answer in English to a Japanese or Chinese question (issue #35 item 3) ----------------------------------

IMAGE_FAMILIES = ("color_grid", "shapes", "bar_chart", "line_chart", "text_card", "arithmetic", "circle_overlap",
                  "shape_compare", "grid_diff", "sequence_pattern", "equation", "code_reading")


@pytest.mark.parametrize("lang", ["ja", "zh"])
@pytest.mark.parametrize("family", IMAGE_FAMILIES)
def test_an_english_answer_to_a_question_in_another_language_is_graded_all_the_same(family, lang):
    """The reference endpoint's English answer, read from the pixels, grades against the Japanese or Chinese case
    exactly as against its English twin (same verdict, same score)."""
    from assetgen.reference.solver import solve
    from graders import grade
    from graders.records import Response

    english, asked = generate(Job(family, 3, 0, {})), generate(Job(family, 3, 0, {}, lang=lang))
    answer = solve(english.case.prompt, _pixels(english), [])
    here = grade(english.case, Response(case_id=english.case.id, content=answer))
    there = grade(asked.case, Response(case_id=asked.case.id, content=answer))
    assert (there.verdict, there.score) == (here.verdict, here.score) and here.verdict == "correct", answer


def test_words_copied_from_the_case_are_no_other_language():
    """A label read off a chart or a text drawn into the image, copied as it is, answers a Japanese question in no
    other language; words of the answer's own still tell."""
    question = "棒グラフで一番高い棒のラベルは何ですか？そのラベルで答えてください。"
    assert answered_in_other_language("Cherries", "ja") is True  # without the case: Latin letters
    assert answered_in_other_language("Cherries", "ja", copied=question + "\nCherries") is None
    assert answered_in_other_language("Cherriesです。", "ja", copied="Cherries") is False
    assert answered_in_other_language("The tallest bar is Cherries.", "ja", copied="Cherries") is True
    # an English question's own words are its language: copying them still answers in English
    assert answered_in_other_language("The answer is 5.", "en", copied="What is the answer?") is False


def test_the_report_counts_answers_in_another_language_and_leaves_copies_out():
    from types import SimpleNamespace as NS

    from assetgen.report.languages import languages, languages_notes

    report = _fake_report()
    for case in report.cases.values():
        case.prompt, case.truth = "p", NS(value="Cherries", aliases=[])
    copied = [(NS(**{**vars(r), "content": "Cherries"}) if r.case_id.endswith("0002-ja") else r, g)
              for r, g in report.graded()]
    report.graded = lambda label=None: copied
    notes = languages_notes(languages(report))
    assert "Japanese 1/5 (e.g. color_grid-s0-0001-ja)" in notes[1] and "English 0/6" in notes[1]
    assert "graded all the same" in notes[1]
