"""An optional judge for the rules' undecided tail (POLICY.md 10): pure pieces only, no HTTP.

The judge is asked one fixed question about an undecided grade: which option, or which value, does this answer
commit to? It is shown the question, the options, the kind of value asked for and the answer, never the truth;
its reading is then graded by the rules against the truth like any answer. Sending the request is the caller's
(assetgen's runner); here are the prompt, the reading of a reply (total: any reply gives a Reading), and the grade
after the reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from graders.extract import split_reasoning
from graders.grading import JUDGEABLE, bounded, grade
from graders.records import CaseSpec, Grade, Response

PROMPT_VERSION = 1
"""Version of the fixed prompt and of the reply's reading; part of every cached reply's key."""
MAX_READING = 300  # characters of a reading kept: a value, never an essay
MAX_JUDGED_ANSWER = 12_000  # characters of the answer shown to the judge (head and tail, as graders read it)

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_KIND = {
    "choice": "one of the options",
    "number": "a number",
    "text": "a short text (a word, a name or a label)",
    "set": "a list of items, in any order",
    "sequence": "a list of items, in order",
}
SYSTEM = ("You read answers written by another model. You never solve the question yourself and never say whether "
          "an answer is right: you only say what the answer commits to.")


def judgeable(grade_: Grade) -> bool:
    """Is this grade one a judge may be asked about? Undecided by the rules, of a grader with a nameable value."""
    return grade_.undecided and grade_.grader in JUDGEABLE


def answer_text(response: Response | dict | str) -> str:
    """The answer the rules read (reasoning left out), bounded as the graders bound it."""
    if isinstance(response, str):
        content, reasoning = response, None
    elif isinstance(response, dict):
        content, reasoning = response.get("content"), response.get("reasoning") or response.get("reasoning_content")
    else:
        content, reasoning = response.content, response.reasoning or response.reasoning_content
    content = content if isinstance(content, str) else None
    reasoning = reasoning if isinstance(reasoning, str) else None
    answer = split_reasoning(content, reasoning).answer
    return bounded(answer) if len(answer) <= MAX_JUDGED_ANSWER else _ends(answer, MAX_JUDGED_ANSWER)


def _ends(text: str, limit: int) -> str:
    half = limit // 2
    return text[:half] + "\n…\n" + text[-half:]


def _fenced(text: str) -> str:
    """Text between the prompt's fences, with any fence it holds broken, so an answer cannot close them."""
    return text.replace("<<<", "< <<").replace(">>>", ">> >")


def prompt(case: CaseSpec, answer: str) -> list[dict[str, str]]:
    """The fixed chat messages asking what `answer` commits to: the question, the options (a choice), the kind of
    value asked for, and the reply's one-line form. The truth's value is never in them."""
    kind = case.truth.kind
    lines = ["A model was asked the question below and gave the answer below. Say what the answer commits to. "
             "Do not solve the question yourself and do not judge whether the answer is right.",
             "", "Question:", "<<<", _fenced(case.prompt), ">>>"]
    choices = case.truth.choices or []
    if kind == "choice" and choices:
        lines += ["", "Options:", *(f"({_LETTERS[i]}) {_fenced(c)}" for i, c in enumerate(choices[:26]))]
    lines += ["", f"The answer asked for is {_KIND.get(kind, 'a value')}.", "", "Answer:", "<<<", _fenced(answer),
              ">>>", "", "Reply with one line and nothing else:"]
    if kind == "choice" and choices:
        lines.append("READING: <the letter of the one option the answer commits to>")
    else:
        lines.append("READING: <the value the answer commits to, as the answer writes it>")
    lines.append("or, when the answer commits to no single one (it hedges, declines, or gives none):")
    lines.append("READING: NONE")
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "\n".join(lines)}]


@dataclass(frozen=True)
class Reading:
    """What a judge's reply says: a value (`value`), none committed to (`value` None, `problem` None), or no usable
    reading (`problem`: why)."""

    value: str | None
    problem: str | None = None


_READING = re.compile(r"^[\s>*_`#-]*reading\s*[:：]\s*(.*)$", re.IGNORECASE | re.MULTILINE)
_NONE = re.compile(r"^(?:none|no(?:ne)? (?:option|value|answer)|n/?a)\W*$", re.IGNORECASE)
_LETTER = re.compile(r"^\(?\s*([A-Za-z])\s*\)?(?:[.:)\s]|$)")


def read_reply(case: CaseSpec, reply: Any) -> Reading:
    """The reading in a judge's reply: its last 'READING: …' line (reasoning left out). Total: any reply, of any
    type, gives a Reading; one with no such line, or naming a letter no option has, is a problem, never a guess."""
    if not isinstance(reply, str) or not reply.strip():
        return Reading(None, "the judge gave no reply")
    text = split_reasoning(reply[:100_000], None).answer
    found = _READING.findall(text)
    if not found:
        return Reading(None, "the judge's reply has no READING line")
    said = found[-1].strip().strip("*_`\"'“”").strip()
    if not said:
        return Reading(None, "the judge's READING line is empty")
    if _NONE.match(said):
        return Reading(None)
    choices = case.truth.choices or []
    if case.truth.kind == "choice" and choices:
        letter = _LETTER.match(said)
        if letter is None or letter.group(1).upper() not in _LETTERS[: len(choices)]:
            return Reading(None, f"the judge named no option's letter ({said[:60]!r})")
        return Reading(letter.group(1).upper())
    return Reading(said[:MAX_READING])


def judged_by(model: str, host: str) -> str:
    """How a judge is named in a grade: its model and host (the caller gives them without credentials)."""
    return f"{model} @ {host}"[:200]


def after_reading(case: CaseSpec, rules: Grade, reading: Reading, by: str) -> Grade:
    """The grade after the judge's reading of an undecided answer: the reading graded by the rules against the
    truth, carrying the rules' own verdict, cause and score; the rules' grade itself (with `judge_error`) when
    the judge gave no usable reading, or found no commitment either."""
    if reading.problem is not None:
        return judge_failed(rules, by, reading.problem)
    kept = _rules_kept(rules, by)
    if reading.value is None:
        return rules.model_copy(update=kept | {
            "explanation": f"{rules.explanation}; the judge found no commitment either"[:300]})
    content = f"Answer: ({reading.value})" if case.truth.kind == "choice" else reading.value
    read = grade(case, {"case_id": case.id, "content": content, "finish_reason": "stop"})
    return read.model_copy(update=kept | {
        "undecided": True, "judge_reading": reading.value,
        "explanation": f"judge read it as {reading.value!r}: {read.explanation}"[:300]})


def _rules_kept(rules: Grade, by: str) -> dict[str, Any]:
    return {"judged_by": by, "rules_verdict": rules.verdict, "rules_cause": rules.cause, "rules_score": rules.score}


def judge_failed(rules: Grade, by: str, problem: str) -> Grade:
    """The rules' grade, recording that the judge was asked and gave no usable reading (a failed request, an
    unreadable reply): never a made-up answer."""
    return rules.model_copy(update=_rules_kept(rules, by) | {"judge_error": (problem or "the judge failed")[:300]})


__all__ = ["MAX_READING", "PROMPT_VERSION", "SYSTEM", "Reading", "after_reading", "answer_text", "judge_failed",
           "judgeable", "judged_by", "prompt", "read_reply"]
