"""The optional judge for the rules' undecided tail (issue #32 item 4, graders/POLICY.md 10): asked only about
undecided grades, never shown the truth, its reading graded by the rules; a failing judge leaves the rules' grade
with the failure recorded; replies cached; no key written anywhere."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from aiohttp import web
from fake_openai import FakeServer
from hypothesis import given, settings
from hypothesis import strategies as st

from assetgen import load_golden
from assetgen.app.regrade import regrade
from assetgen.reference.server import Running
from assetgen.run.judge import JudgeOptions
from graders import grade
from graders.judge import after_reading, judgeable, prompt, read_reply
from graders.records import CaseSpec

ROOT = Path(__file__).resolve().parent.parent
CASES = {c.id: c for c in load_golden()}
YES_NO = "shapes-s0-0001"  # truth (B) no
COUNT = "color_grid-s0-0002"  # truth 6
COLOR = "color_grid-s0-0001"  # truth blue
KEY = "sk-judge-4f9c2b7e1a3d5c8b9e0f"

_ANSWER = re.compile(r"Answer:\n<<<\n(.*?)\n>>>", re.DOTALL)


class FakeJudge(FakeServer):
    """A judge on a loopback port: reads the answer block of the fixed prompt and replies with the reading given
    for the first phrase of `readings` the answer holds (READING: NONE for none). It never sees a truth."""

    def __init__(self, readings: dict[str, str] | None = None, **kwargs):
        super().__init__(**kwargs)
        self.readings = readings or {}

    async def chat(self, request):
        body = await request.json()
        action = self.next_action()
        if action in ("500", "slow", "garbage"):
            return await self.chat_with(request, body, action)
        self.requests.append(body)
        self.headers.append(dict(request.headers))
        found = _ANSWER.search(body["messages"][-1]["content"])
        said = found.group(1) if found else ""
        reply = next((r for phrase, r in self.readings.items() if phrase in said), "READING: NONE")
        if action == "echo":  # a hostile judge that repeats the key it was sent
            reply = "READING: " + request.headers.get("Authorization", "")
        return web.json_response({"id": "j", "model": "fake-judge", "choices": [
            {"index": 0, "message": {"role": "assistant", "content": reply}, "finish_reason": "stop"}]})

    async def chat_with(self, request, body, action):
        self.requests.append(body)
        if action == "500":
            return web.json_response({"error": {"message": "boom"}}, status=500)
        if action == "slow":
            import asyncio

            await asyncio.sleep(3)
        return web.Response(text="<html>not json", content_type="application/json")


def _responses(path: Path, answers: list[tuple[str, str]]) -> Path:
    path.write_text("".join(json.dumps({"case_id": c, "content": a, "finish_reason": "stop"}) + "\n"
                            for c, a in answers))
    return path


ANSWERS = [
    (YES_NO, "The red star sits well apart from the brown one, on the far side."),  # undecided
    (COUNT, "Quite a few of them are purple, mostly along the rows."),  # undecided
    (COLOR, "It is red."),  # decided (wrong)
    (YES_NO, "No."),  # decided (right)
    (COUNT, "There are 6 purple cells."),  # decided (right)
]


def _grades(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# --- the pure part -------------------------------------------------------------------------------------------


def test_undecided_marks_only_answers_the_rules_cannot_read():
    def rules(case_id: str, text: str, finish: str = "stop"):
        return grade(CASES[case_id], {"content": text, "finish_reason": finish})

    assert rules(YES_NO, "The red star sits near the middle of the picture.").undecided
    assert rules(COUNT, "Several of the cells are purple, mostly in the top rows.").undecided
    assert rules(COLOR, "The cell is coloured.").undecided
    for case_id, text in [(YES_NO, "No."), (YES_NO, "Yes."), (COUNT, "7"), (COUNT, "five or six"),
                          (YES_NO, "I cannot answer that."), (COUNT, "I can't tell."), (COLOR, "red"),
                          (YES_NO, "It is not possible to determine which star is further left."), (COUNT, "")]:
        assert not rules(case_id, text).undecided, text
    # a cut answer is the truncation rules', never a judge's
    assert not rules(COUNT, "Several of the cells are purple, mostly in the", "length").undecided


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(CASES) - 1), text=st.text(max_size=200) | st.sampled_from(
    ["The picture shows shapes.", "Several are purple.", "No.", "6", "It could be either.", "I cannot tell."]),
    finish=st.sampled_from(["stop", "length", None, "repetition"]))
def test_an_undecided_grade_is_a_finished_unread_answer_the_rules_mark_wrong(index, text, finish):
    case = list(CASES.values())[index]
    g = grade(case, {"content": text, "finish_reason": finish})
    if g.undecided:
        assert judgeable(g) and text.strip() and finish not in ("length", "repetition")
        assert (g.verdict, g.cause, g.score) in (("incorrect", "wrong", 0.0), ("no_answer", "wrong", 0.0))
        assert g.judged_by is None and g.rules_verdict is None  # the rules alone never judge


def test_a_grade_of_version_1_still_reads():
    from graders import Grade

    old = Grade.model_validate({"format_version": 1, "case_id": "c", "grader": "numeric", "score": 0.0,
                                "verdict": "incorrect", "cause": "wrong", "extracted": None, "explanation": "x"})
    assert not old.undecided and old.judged_by is None and old.rules_verdict is None
    assert grade(CASES[COUNT], "6").format_version == 2


def _spec(case_id: str) -> CaseSpec:
    return CaseSpec.model_validate(CASES[case_id].model_dump())


@settings(max_examples=60, deadline=None)
@given(value=st.sampled_from(["A", "B"]) | st.integers(-1000, 1000) | st.text(min_size=1, max_size=20))
def test_the_prompt_never_depends_on_the_truth(value):
    for case_id in (YES_NO, COUNT, COLOR):
        case = _spec(case_id)
        other = case.model_copy(update={"truth": case.truth.model_copy(update={"value": value, "aliases": []})})
        assert prompt(case, "an answer") == prompt(other, "an answer")


def test_the_prompt_names_the_options_and_the_kind():
    text = prompt(_spec(YES_NO), "whatever")[-1]["content"]
    assert "(A) yes" in text and "(B) no" in text and "one of the options" in text and "READING: NONE" in text
    assert "a number" in prompt(_spec(COUNT), "x")[-1]["content"]


@settings(max_examples=300, deadline=None)
@given(reply=st.none() | st.text(max_size=300) | st.integers() | st.builds(lambda s: "READING: " + s, st.text()))
def test_reading_a_reply_is_total(reply):
    for case_id in (YES_NO, COUNT):
        reading = read_reply(_spec(case_id), reply)
        assert (reading.value is None) or reading.problem is None
        if case_id == YES_NO and reading.value is not None:
            assert reading.value in ("A", "B")


def test_a_reading_is_graded_by_the_rules_and_keeps_theirs():
    case = _spec(COUNT)
    rules = grade(case, {"content": "Quite a few of them are purple.", "finish_reason": "stop"})
    right = after_reading(case, rules, read_reply(case, "READING: six"), "m @ h")
    assert (right.verdict, right.rules_verdict, right.rules_cause, right.judged_by) == (
        "correct", "incorrect", "wrong", "m @ h")
    wrong = after_reading(case, rules, read_reply(case, "READING: 4"), "m @ h")
    assert wrong.verdict == "incorrect" and wrong.judge_reading == "4"
    none = after_reading(case, rules, read_reply(case, "READING: NONE"), "m @ h")
    assert none.verdict == rules.verdict and none.judge_reading is None and none.judge_error is None
    bad = after_reading(case, rules, read_reply(case, "I think it is six"), "m @ h")
    assert bad.verdict == rules.verdict and bad.score == rules.score and bad.judge_error


# --- against a loopback judge ----------------------------------------------------------------------------------


def test_grade_with_a_judge_asks_only_about_undecided_answers_and_caches(tmp_path):
    responses = _responses(tmp_path / "responses.jsonl", ANSWERS)
    with FakeJudge({"far side": "READING: B", "mostly along": "READING: six"}) as judge:
        summary, _, target = regrade(responses, None, None, JudgeOptions(url=judge.url, timeout=5))
        asked = len(judge.requests)
        regrade(responses, None, None, JudgeOptions(url=judge.url, timeout=5))
        assert len(judge.requests) == asked  # the second grading reads judge.jsonl, asks nothing
    grades = _grades(target)
    undecided = [g for g in grades if g["undecided"]]
    assert asked == len(undecided) == 2
    assert all(g["judged_by"] is None for g in grades if not g["undecided"])
    for g in undecided:
        assert g["judged_by"] == f"fake-vlm @ 127.0.0.1:{judge.port}"
        assert (g["rules_verdict"], g["rules_cause"], g["verdict"]) == ("incorrect", "wrong", "correct")
    assert summary.judged == {f"fake-vlm @ 127.0.0.1:{judge.port}": 2} and summary.undecided == 2
    cached = [json.loads(line) for line in (tmp_path / "judge.jsonl").read_text().splitlines()]
    assert len(cached) == 2 and all(c["status"] == "ok" for c in cached)
    # the judge was shown the answer, never the truth ('no' is also an option, so the count case says it)
    count_prompt = next(r for r in judge.requests if "purple" in r["messages"][-1]["content"])
    assert "6" not in count_prompt["messages"][-1]["content"].split("Answer:")[0]


@pytest.mark.parametrize("action", ["500", "slow", "garbage"])
def test_a_failing_judge_leaves_the_rules_grade_with_the_failure_recorded(tmp_path, action):
    responses = _responses(tmp_path / "responses.jsonl", ANSWERS[:1])
    with FakeJudge({"far side": "READING: B"}, script=[action] * 10) as judge:
        _, _, target = regrade(responses, None, None, JudgeOptions(url=judge.url, model="j", timeout=1, retries=1))
        # at most one retry (none for a reply that is no JSON), then a record: never an endless loop
        assert len(judge.requests) == (1 if action == "garbage" else 2)
    (g,) = _grades(target)
    assert (g["verdict"], g["cause"], g["score"]) == ("incorrect", "wrong", 0.0)
    assert g["judge_error"].startswith("judge request failed") and g["judge_reading"] is None
    assert g["rules_verdict"] == "incorrect" and g["judged_by"].startswith("j @ 127.0.0.1")
    # a failed reply is kept as a record, and asked again next time
    cached = [json.loads(line) for line in (tmp_path / "judge.jsonl").read_text().splitlines()]
    assert [c["status"] for c in cached] == ["error"]


def test_an_unreachable_judge_is_a_recorded_failure_not_a_crash(tmp_path):
    from fake_openai import free_port

    responses = _responses(tmp_path / "responses.jsonl", ANSWERS[:2])
    _, _, target = regrade(responses, None, None, JudgeOptions(url=f"http://127.0.0.1:{free_port()}/v1",
                                                               timeout=2, retries=0))
    grades = _grades(target)
    assert all(g["judge_error"] and "no judge model" in g["judge_error"] for g in grades)
    assert [g["verdict"] for g in grades] == ["incorrect", "incorrect"]


def test_the_judges_key_is_sent_but_never_written(tmp_path, monkeypatch):
    monkeypatch.setenv("ASSETGEN_JUDGE_API_KEY", KEY)
    responses = _responses(tmp_path / "responses.jsonl", ANSWERS[:1])
    with FakeJudge(script=["echo"]) as judge:
        _, _, target = regrade(responses, None, None, JudgeOptions(url=judge.url, model="j", timeout=5))
        assert judge.headers[0]["Authorization"] == f"Bearer {KEY}"
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert KEY not in path.read_text(errors="replace"), path
            assert KEY[:20] not in path.read_text(errors="replace"), path
    (g,) = _grades(target)
    assert g["judge_error"] and g["verdict"] == "incorrect"  # '***' names no option


def test_the_reference_endpoint_as_the_judge(tmp_path):
    # a real OpenAI-compatible server (the built-in reference, which answers from what it is shown): whatever it
    # says, each undecided grade is judged (a reading graded by the rules, or a recorded problem), none invented
    responses = _responses(tmp_path / "responses.jsonl", ANSWERS)
    with Running() as url:
        summary, _, target = regrade(responses, None, None, JudgeOptions(url=url, timeout=60))
    grades = _grades(target)
    for g in grades:
        if g["undecided"]:
            assert g["judged_by"] and "127.0.0.1" in g["judged_by"]
            assert g["rules_verdict"] == "incorrect"
            assert (g["judge_reading"] is None) or g["judge_error"] is None
            if g["judge_reading"] is None:
                assert g["verdict"] == "incorrect"
        else:
            assert g["judged_by"] is None
    assert sum(summary.judged.values()) == 2


def test_eval_with_a_judge_counts_judged_grades_in_every_report(tmp_path):
    answer = "The red star sits well apart from the brown one, on the far side."
    with FakeServer(answer=answer) as model, FakeJudge({"far side": "READING: A"}) as judge:
        result = subprocess.run(
            [sys.executable, str(ROOT / "cli.py"), "eval", "--endpoint", model.url, "--filter", YES_NO,
             "--out", str(tmp_path), "--judge", judge.url, "--judge-model", "judge-m", "--metrics-interval", "0"],
            capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        assert len(judge.requests) == 1
    run_dir = next(p for p in tmp_path.iterdir() if (p / "run.json").is_file())
    (line,) = [json.loads(x) for x in (run_dir / "grades.jsonl").read_text().splitlines()]
    g = line["grade"]
    assert (g["verdict"], g["rules_verdict"], g["judge_reading"]) == ("incorrect", "incorrect", "A")
    assert g["explanation"].startswith("judge read it as 'A'")
    said = f"1 grade judged by judge-m @ 127.0.0.1:{judge.port} (rules undecided)"
    assert said in result.stdout
    assert said in (run_dir / "report.md").read_text() and said in (run_dir / "summary.txt").read_text()
    assert "judged by judge-m" in (run_dir / "report.html").read_text()


def test_judge_options_are_checked():
    base = [sys.executable, str(ROOT / "cli.py"), "grade", "nowhere.jsonl"]
    bad = subprocess.run([*base, "--judge", "ftp://x"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--judge" in bad.stderr
    alone = subprocess.run([*base, "--judge-model", "m"], capture_output=True, text=True, timeout=60)
    assert alone.returncode == 2 and "--judge URL" in alone.stderr
