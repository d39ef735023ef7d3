"""Issue #15 suite composition and dimensions 1-2 end to end: suites vision/text/article, the cached suite of
`eval --suite`, the latency and TTFT tables, and the forced-length detection (a server that ignores or
refuses min_tokens / ignore_eos is said to, never given a decode rate)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from assetgen.app.evaluate import evaluate
from assetgen.dataset.golden import default_golden, load_golden
from assetgen.generate.build import build
from assetgen.generate.suite_cache import cache_folder, suite_folder
from assetgen.generate.suites import GOLDEN, QUALITY, SCALE, SPEED, suite_entries
from assetgen.reference.pacing import Pace
from assetgen.reference.server import Running, ServeOptions
from assetgen.report.speed_tables import length_rows, ttft_rows
from assetgen.report.tables import dimensions
from assetgen.run.payload import RequestOptions
from assetgen.run.runner import EvalOptions


def test_suites_compose_vision_text_and_article():
    assert suite_entries("vision") == GOLDEN == suite_entries("golden")
    assert suite_entries("text") == QUALITY + SPEED + SCALE
    assert suite_entries("article") == GOLDEN + QUALITY + SPEED + SCALE
    ladder = [e.knobs["max_tokens"] for e in SPEED if e.family == "output_length" and not e.knobs.get("forced")]
    assert ladder == [64, 128, 256, 512, 1024]
    assert [e.knobs for e in SPEED if e.knobs.get("forced")] == [{"max_tokens": 256, "forced": True}]
    assert [e.knobs["level"] for e in SPEED if e.family == "prompt_complexity"] == ["short", "medium", "long"]


def test_text_suite_builds_deterministically_with_one_prompt_for_the_ladder(tmp_path):
    build(tmp_path / "a", suite="text")
    build(tmp_path / "b", suite="text")
    assert (tmp_path / "a" / "cases.jsonl").read_bytes() == (tmp_path / "b" / "cases.jsonl").read_bytes()
    cases = load_golden(tmp_path / "a")
    ladder = [c for c in cases if c.family == "output_length"]
    assert len({c.prompt for c in ladder}) == 1 and "essay" in ladder[0].prompt
    forced = [c for c in ladder if c.request.body]
    assert [c.request.body for c in forced] == [{"min_tokens": 256, "ignore_eos": True}]
    assert {c.modality for c in cases} == {"text"}
    # only the context filler is a file: text, never media
    assert {f.media_type for c in cases for f in c.files} == {"text/plain"}
    assert all(c.category == "context" for c in cases if c.files)


def test_the_vision_suite_is_the_golden_folder_as_given(tmp_path):
    assert suite_folder("vision", tmp_path, default_golden()) == default_golden()
    assert not (tmp_path / "suites").exists()
    options = EvalOptions(endpoint=None, golden=default_golden())
    assert options.suite == "vision" and "suite" not in options.public()  # run.json as before


def test_a_cached_suite_is_reused_while_it_matches_and_rebuilt_when_not(tmp_path):
    said: list[str] = []
    first = suite_folder("text", tmp_path, default_golden(), log=said.append)
    assert first == cache_folder("text", tmp_path).resolve() and "building" in said[-1]
    assert suite_folder("text", tmp_path, default_golden(), log=said.append) == first and "reusing" in said[-1]
    with (first / "cases.jsonl").open("ab") as handle:  # tampered: the manifest no longer matches
        handle.write(b"\n")
    suite_folder("text", tmp_path, default_golden(), log=said.append)
    assert "building" in said[-1] and load_golden(first)


def test_cli_article_defaults_to_thinking_both_and_refuses_golden_with_a_built_suite(monkeypatch, tmp_path):
    import assetgen.app.evaluate as module
    from cli import main

    seen = []

    def fake(options, notify, **_):
        seen.append(options)
        raise SystemExit(0)

    monkeypatch.setattr(module, "evaluate", fake)
    assert CliRunner().invoke(main, ["eval", "--suite", "article", "--out", str(tmp_path)]).exit_code == 0
    assert (seen[-1].suite, seen[-1].thinking) == ("article", "both")
    CliRunner().invoke(main, ["eval", "--suite", "article", "--thinking", "off", "--out", str(tmp_path)])
    assert seen[-1].thinking == "off"
    CliRunner().invoke(main, ["eval", "--out", str(tmp_path)])
    assert (seen[-1].suite, seen[-1].thinking, seen[-1].golden) == ("vision", "server-default", default_golden())
    result = CliRunner().invoke(main, ["eval", "--suite", "text", "--golden", str(tmp_path)])
    assert result.exit_code == 2 and "--golden" in result.output
    assert "dimension" in CliRunner().invoke(main, ["eval", "--help"]).output


def _run(tmp_path: Path, pace: Pace, thinking: str = "off", filters=("latency", "ttft")):
    with Running(ServeOptions(pace=pace)) as url:
        options = EvalOptions(endpoint=url, golden=default_golden(), out=tmp_path, suite="text", thinking=thinking,
                              filters=filters, concurrency=2, request=RequestOptions(model="", max_tokens=1024))
        return evaluate(options)


def test_dimensions_1_and_2_against_the_paced_reference_endpoint(tmp_path):
    report = _run(tmp_path, Pace(token_s=0.001), thinking="both")
    assert not report.grades and len(report.measured) == 18  # 9 cases, ON and OFF; none in any accuracy
    assert report.summaries["on"].total.tests == 0
    rows = length_rows(report)
    ladder = [(r.label, r.max_tokens, r.tokens, r.finishes) for r in rows if not r.forced]
    assert ladder == [(m, n, n, "length") for m in ("on", "off") for n in (64, 128, 256, 512, 1024)]
    forced = [r for r in rows if r.forced]
    assert [(r.label, r.tokens, r.problems) for r in forced] == [("on", 256, []), ("off", 256, [])]
    assert all(r.decode_tps for r in forced)  # paced: a rate after the first token
    ttft = ttft_rows(report)
    assert [r.level for r in ttft] == ["short", "medium", "long"]
    assert all(r.ratio() is not None for r in ttft)  # ON/OFF of the first content token
    titles = [s.title for s in dimensions(report)]
    assert titles == ["Latency & throughput by output length", "Pure decode speed (forced length, TTFT excluded)",
                      "Time to first token by prompt complexity"]
    run_dir = report.run_dir
    for name in ("report.md", "summary.txt", "report.html"):
        text = (run_dir / name).read_text()
        assert "Latency &" in text and "Time to first token by prompt complexity" in text, name
    assert "ON/OFF" in (run_dir / "summary.txt").read_text()
    assert (run_dir / "plots" / "tok_s_by_max_tokens.png").exists()


@pytest.mark.parametrize(("fields", "says"), [
    ("ignore", "the server ignored min_tokens / ignore_eos"),
    ("refuse", "HTTP 400: unsupported parameter: min_tokens"),
])
def test_a_server_that_ignores_or_refuses_the_forced_length_gets_no_decode_figure(tmp_path, fields, says):
    # a one-word question ends at once unless min_tokens / ignore_eos are honoured (an essay would run past
    # max_tokens anyway, and its 256 tokens would be a true decode measurement)
    suite = tmp_path / "suite"
    build(suite, suite="full", families=("output_length",), per_family=1,
          knobs={"output_length": {"forced": True, "prompt": "short"}})
    with Running(ServeOptions(pace=Pace(token_s=0.001, length_fields=fields))) as url:
        report = evaluate(EvalOptions(endpoint=url, golden=suite, out=tmp_path, request=RequestOptions(model="")))
    forced = next(r for r in length_rows(report) if r.forced)
    assert forced.decode_tps is None and says in forced.problems[0]
    section = next(s for s in dimensions(report) if s.anchor == "pure-decode")
    assert section.rows[0][4] == "not measured" and any(says in note for note in section.notes)
    with Running(ServeOptions(pace=Pace(token_s=0.001))) as url:  # a server that honours them
        honoured = evaluate(EvalOptions(endpoint=url, golden=suite, out=tmp_path, request=RequestOptions(model="")))
    forced = next(r for r in length_rows(honoured) if r.forced)
    assert forced.tokens == 256 and not forced.problems and forced.decode_tps


def test_an_essay_cut_at_the_forced_length_is_a_true_measurement_even_where_the_fields_are_ignored(tmp_path):
    report = _run(tmp_path, Pace(token_s=0.001, length_fields="ignore"), filters=("latency",))
    assert all(not r.problems for r in length_rows(report))


def test_decode_rate_counts_the_tokens_after_the_first_over_the_time_after_it():
    from assetgen.dataset.records import CaseToSend
    from assetgen.run.client import Outcome
    from assetgen.run.records import SentSummary
    from assetgen.run.runner import record_from

    case = CaseToSend(id="c", family="f", category="latency", prompt="p", files=[])
    # 101 tokens: the first at 0.2 s, then 100 more, one every 20 ms: 50 tok/s after the first token
    outcome = Outcome(latency_s=2.2, ttft_s=0.2, usage={"completion_tokens": 101}, text_chunks=101)
    record = record_from(outcome, case, 0, "off", SentSummary(), None, 256, "video_url")
    assert record.timing.decode_tps == pytest.approx(50.0)
