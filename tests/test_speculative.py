"""Fast but broken: the acceptance counters and the answers read together, at the top of every report."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from fake_openai import FakeServer

from assetgen.app.grading import grade_run
from assetgen.app.report import write_reports
from assetgen.report.compare import compare
from assetgen.report.speculative import judge, spec_line
from assetgen.run.metrics import SpecDecode
from assetgen.run.payload import RequestOptions
from assetgen.run.records import ResponseRecord, SpecStats, Timing, read_responses
from assetgen.run.runner import EvalOptions, run_eval
from graders import Grade
from graders.records import Usage

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
LOOP = "the " * 24


def spec(drafts, drafted, accepted, per_position):
    return SpecDecode(source="metrics", drafts=drafts, draft_tokens=drafted, accepted_tokens=accepted,
                      per_position=per_position)


def answers(loops: int, fine: int, **kinds) -> list[tuple[ResponseRecord, Grade]]:
    out = []
    for i in range(loops + fine):
        loop = i < loops
        record = ResponseRecord(case_id=f"c{i}", key=f"c{i}#0", content=LOOP if loop else "The answer is 4.",
                                finish_reason="length" if loop else "stop", usage=Usage(completion_tokens=64))
        out.append((record, Grade(case_id=f"c{i}", grader="exact", score=0.0 if loop else 1.0,
                                  verdict="incorrect" if loop else "correct",
                                  cause="degenerate_repetition" if loop else None, explanation="x")))
    return out


# the issue's run: 487 drafts, 1412 draft tokens, 1264 accepted; positions 452, 423, 389 of 487
ISSUE = spec(487, 1412, 1264, [452 / 487, 423 / 487, 389 / 487])


def test_loops_at_healthy_looking_acceptance_are_flagged_from_the_answers():
    verdict = judge(ISSUE, answers(30, 7))
    assert verdict.flagged and verdict.evidence == ["30 of 37 answers (81%) are degenerate (30 repetition loops)"]
    line = verdict.line(ISSUE)
    assert line.startswith("FAST BUT BROKEN: speculative decoding is on (acceptance 89.5%)")


def test_the_issue_figures_read_as_vllm_reports_them():
    line = spec_line(ISSUE)
    assert "487 drafts, 1264 of 1412 draft tokens accepted (89.5%)" in line
    assert "mean accepted length 3.60" in line  # 1 + 1264 / 487
    assert "acceptance by position 92.8% → 86.9% → 79.9% (falls with position" in line


@pytest.mark.parametrize(("figures", "fired"), [
    (spec(1000, 3000, 3000, [1.0, 1.0, 1.0]), ["stuck near 100%", "flat across positions (100.0% → 100.0%"]),
    (spec(1000, 3000, 30, [0.02, 0.005, 0.005]), ["stuck near 0%"]),
    (spec(1000, 3000, 1800, [0.6, 0.6, 0.6]), ["flat across positions (60.0% → 60.0% → 60.0%)"]),
], ids=["stuck-at-100", "stuck-at-0", "flat-at-60"])
def test_counters_alone_can_fire(figures, fired):
    verdict = judge(figures, answers(0, 10))
    assert verdict.flagged and len(verdict.evidence) == len(fired)
    assert all(want in got for want, got in zip(fired, verdict.evidence, strict=True))


def test_a_healthy_run_says_so_and_a_stray_loop_is_no_alarm():
    healthy = spec(1000, 3000, 1860, [0.8, 0.6, 0.46])
    verdict = judge(healthy, answers(1, 36))
    assert not verdict.flagged and verdict.evidence == []
    assert verdict.line(healthy) == ("Speculative decoding looks healthy: acceptance 62.0%, falling with position, "
                                     "1 of 37 answers degenerate")


def test_loops_in_reasoning_and_blank_output_count_as_degenerate():
    graded = answers(0, 4)
    graded[0][0].reasoning = LOOP
    graded[1][0].content = "  "
    verdict = judge(spec(100, 300, 180, [0.8, 0.6, 0.4]), graded)
    assert verdict.flagged and verdict.kinds == {"loop in the reasoning": 1, "blank output": 1}


def test_no_speculative_decoding_no_verdict():
    assert judge(None, answers(30, 7)) is None
    assert judge(spec(0, 0, 0, [0.0, 0.0, 0.0]), answers(30, 7)) is None  # counters there, but no drafts


def test_per_answer_figures_set_loops_against_the_rest():
    graded = answers(2, 2)
    for (record, _), (drafted, accepted) in zip(graded, [(30, 30), (30, 28), (30, 15), (30, 12)], strict=True):
        record.spec = SpecStats(num_spec_tokens=3, steps=10, draft_tokens=drafted, accepted_tokens=accepted,
                                histogram=[0, 0, 0, 10])
    verdict = judge(spec(40, 120, 85, [0.8, 0.7, 0.6]), graded)
    assert verdict.detail == "per answer: degenerate answers accepted 97% of their drafts, the others 45%"


# end to end, over HTTP: the real vLLM /metrics pages (with `_created` series) before and after, per-answer
# figures as vLLM sends them on the usage chunk, and looping answers
PER_ANSWER = {"mean_acceptance_length": 3.9, "draft_acceptance_rate": 0.9667, "acceptance_histogram": [0, 0, 1, 9],
              "num_spec_steps": 10, "num_accepted_draft_tokens": 29, "num_draft_tokens": 30, "num_spec_tokens": 3}


def run(server, tmp_path, **request):
    opts = EvalOptions(endpoint=server.url, golden=ROOT / "golden", out=tmp_path / "runs", timeout=5.0,
                       filters=("arithmetic", "color_grid"), request=RequestOptions(model="", **request))
    return run_eval(opts)


def looping_run(tmp_path, stream=True):
    pages = [(DATA / "vllm_metrics_before.txt").read_text(), (DATA / "vllm_metrics_after.txt").read_text()]
    with FakeServer(answer=LOOP, metrics=pages, spec=PER_ANSWER) as server:
        return run(server, tmp_path, stream=stream)


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "not-streamed"])
def test_per_answer_figures_are_recorded(tmp_path, stream):
    run_dir = looping_run(tmp_path, stream)
    records = read_responses(run_dir / "responses.jsonl")
    assert len(records) == 4 and all(r.spec == SpecStats(num_spec_tokens=3, steps=10, draft_tokens=30,
                                                         accepted_tokens=29, histogram=[0, 0, 1, 9])
                                     for r in records)


@pytest.mark.parametrize("hostile", [{"acceptance_histogram": [0, 0, 1, 8]},  # sums disagree with the steps
                                     {"num_spec_steps": "10"}, {"acceptance_histogram": [1] * 1000},
                                     {"num_accepted_draft_tokens": -1}])
def test_per_answer_figures_that_do_not_add_up_are_dropped(tmp_path, hostile):
    with FakeServer(spec=PER_ANSWER | hostile) as server:
        [record] = read_responses(run(server, tmp_path, stream=False) / "responses.jsonl")[:1]
    assert record.status == "ok" and record.spec is None


def test_the_flag_tops_every_report(tmp_path):
    run_dir = looping_run(tmp_path)
    write_reports(run_dir)
    summary = (run_dir / "summary.txt").read_text().splitlines()
    assert summary[1].startswith("assetgen ") and " graders " in summary[1]  # the versions line, then the flag
    assert summary[2].startswith("!! FAST BUT BROKEN: speculative decoding is on (acceptance 80.0%) and 4 of 4 "
                                 "answers (100%) are degenerate (4 repetition loops)")
    # the counters' deltas of the fixture, read from /metrics, not the answers' sum
    assert ("Speculative decoding (server counters over the run): 21 drafts, 48 of 60 draft tokens accepted "
            "(80.0%), mean accepted length 3.29; acceptance by position 81.0% → 76.2% → 71.4%") in summary[-1]
    markdown = (run_dir / "report.md").read_text().splitlines()
    assert any(line.startswith("> **Warning:** FAST BUT BROKEN") for line in markdown[:8])  # after the header
    page = (run_dir / "report.html").read_text()
    assert page.index("FAST BUT BROKEN") < page.index("<table")


def test_without_metrics_the_answers_figures_are_used(tmp_path):
    with FakeServer(answer=LOOP, spec=PER_ANSWER) as server:
        report = grade_run(run(server, tmp_path))
    assert report.spec.source == "responses" and report.spec.drafts == 40
    assert report.spec.per_position == [1.0, 1.0, 0.9] and report.verdict.flagged


def test_compare_reports_the_speed_up_and_warns_when_the_faster_run_is_worse(tmp_path):
    with FakeServer(answer="7644") as server:  # right on the arithmetic case
        raw = grade_run(run(server, tmp_path))
    fast = grade_run(looping_run(tmp_path))

    def at(report, tps):
        return dataclasses.replace(report, records=[r.model_copy(update={"timing": Timing(decode_tps=tps)})
                                                    for r in report.records])

    table = compare(at(raw, 12.13), at(fast, 29.38))  # the article's Qwen3.6-27B raw vs MTP
    assert "| Decode speed (median) | 12.1 tok/s | 29.4 tok/s | 2.42x |" in table
    assert "| Accuracy | 1/4 (25%) | 0/4 (0%) | -25 pts |" in table
    assert "| Degenerate answers | 0/4 (0%) | 4/4 (100%) | +100 pts |" in table
    assert "| Acceptance by position | — | 81.0% → 76.2% → 71.4% |" in table
    assert "**B: FAST BUT BROKEN:" in table
    assert "!! B is 2.42x faster than A but worse: accuracy 25% → 0%, degenerate answers 0% → 100%" in table
    # the same run faster and no worse: the speed-up, and no warning
    calm = compare(at(fast, 10.0), at(fast, 20.0))
    assert "| 2.00x |" in calm and "faster than" not in calm
    assert "the loops are the model's" not in table


def test_compare_says_when_the_loops_are_the_models_own(tmp_path):
    with FakeServer(answer=LOOP) as server:
        raw = grade_run(run(server, tmp_path))
    table = compare(raw, grade_run(looping_run(tmp_path)))
    assert "| Degenerate answers | 4/4 (100%) | 4/4 (100%) | +0 pts |" in table
    assert "has as many degenerate answers (4): the loops are the model's, not the drafter's." in table


def test_compare_without_speculative_decoding_has_no_such_section(tmp_path):
    with FakeServer(answer="7644") as server:
        raw = grade_run(run(server, tmp_path))
    assert "Speculative decoding" not in compare(raw, raw)


def test_a_broken_metrics_page_is_noted_not_fatal_and_never_leaks_the_key(tmp_path):
    key = "sk-test-0123456789abcdef"
    with FakeServer(metrics=f"vllm:spec_decode_num_drafts_total {key}\n") as server:
        opts = EvalOptions(endpoint=server.url, golden=ROOT / "golden", out=tmp_path / "runs", timeout=5.0,
                           api_key=key, filters=("arithmetic",), request=RequestOptions(model=""))
        run_dir = run_eval(opts)
    report = write_reports(run_dir)
    assert report.records[0].status == "ok" and report.spec is None and report.verdict is None
    assert report.info.metrics_error.startswith("/metrics is not Prometheus text")
    assert key not in (run_dir / "run.json").read_text() and "***" in report.info.metrics_error
    assert (run_dir / "summary.txt").read_text().splitlines()[-1] == report.info.metrics_error
