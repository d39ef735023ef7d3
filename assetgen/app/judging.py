"""`--judge URL` of `eval` and `grade`: the rules' undecided grades sent to a judge, and graded again by its reading.

The rules grade first, alone; only the grades they mark undecided (graders/POLICY.md 10) are asked about, with
the fixed prompt of `graders.judge` (the judge never sees the truth), through the runner's client
(`run.judge`); each reading is then graded by the rules against the truth. A judge that fails leaves the rules'
grade, with the failure recorded. Replies are kept in judge.jsonl, so grading again asks nothing new.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from assetgen.run.judge import JudgeOptions, Question, ask
from graders import Grade
from graders.judge import PROMPT_VERSION, after_reading, answer_text, judge_failed, judgeable, prompt, read_reply
from graders.records import CaseSpec

Judge = Callable[[Mapping[str, CaseSpec], Sequence[tuple[Any, Grade]]], list[Grade]]


def judge_grades(cases: Mapping[str, CaseSpec], graded: Sequence[tuple[Any, Grade]], options: JudgeOptions,
                 cache: Path | None, notify: Callable[[str], None] = lambda _: None) -> list[Grade]:
    """Every grade of `graded` (response, grade), the undecided ones after the judge's reading; the others as
    they are (the judge is never asked about them)."""
    grades = [g for _, g in graded]
    todo = [i for i, (_, g) in enumerate(graded) if judgeable(g) and g.case_id in cases]
    if not todo:
        return grades
    questions = [Question(grades[i].case_id, prompt(cases[grades[i].case_id], answer_text(graded[i][0])))
                 for i in todo]
    by, replies = ask(options, questions, cache, PROMPT_VERSION, notify)
    for i, reply in zip(todo, replies, strict=True):
        case, rules = cases[grades[i].case_id], grades[i]
        if reply.status == "ok":
            grades[i] = after_reading(case, rules, read_reply(case, reply.content), reply.judged_by)
        else:
            grades[i] = judge_failed(rules, reply.judged_by, f"judge request failed: {reply.error or 'no reply'}")
    judged = sum(g.judge_reading is not None for g in grades)
    failed = sum(g.judge_error is not None for g in grades)
    notify(f"judge {by}: {len(todo)} undecided grade(s) asked about, {judged} read"
           + (f", {failed} without a usable reading (the rules' grade kept)" if failed else ""))
    return grades


def judge_for(options: JudgeOptions | None, cache: Path | None,
              notify: Callable[[str], None] = lambda _: None) -> Judge | None:
    """The judge step for a grading pass (None: no --judge, the rules alone)."""
    if options is None:
        return None
    return partial(judge_grades, options=options, cache=cache, notify=notify)
