"""Stage 0 of the choice grader (graders/choice_whole.lone_letter): a lone option letter, bare or after a
final-answer marker, is decided before stages 1-6 run. Wherever it decides, the stages must decide the same Match
(the same option, place, score and explanation); where the case leaves another reading open it must not decide."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from relabelling import QUESTION_KINDS, question_with_options

from graders.choice import choice, stages
from graders.choice_whole import lone_letter
from graders.records import Truth

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import grading_agreement as ga

LETTERS = "ABCDEFGHIJKL"
# option texts, with those a lone letter (or its wrapper) could be read as: 'B', '(c)', 'the answer is C'
_OPTIONS = st.sampled_from(["red", "blue", "cyan star", "Image 1", "Image 2", "4", "12", "45°", "point A", "B", "a",
                            "(c)", "C.", "yes", "no", "True", "False", "None of the above", "cannot be determined",
                            "left", "right", "the second one", "AB = 3", "x", "Option A", "the answer is C",
                            "Answer: B", "I", "IV", "1", "2", "first", "last one", "Both A and B", "A and C"])
# every form stage 0 reads, and near ones it must leave to the stages (or read as they do)
_FORMS = st.sampled_from([
    "{}", "({})", "{}.", "({}).", "Answer: {}", "Answer: ({})", "Answer: {}.", "Answer: **{}**", "answer: {}",
    "The answer is {}", "The answer is {}.", "The answer is ({}).", "The answer is **{}**.", "The answer is: {}",
    "The final answer is {}.", "the answer is {}", "Final answer: {}", "Final answer: ({}).", "**Answer:** {}",
    "**Final Answer:** {}.", "The correct answer is {}.", "The correct option is ({}).", "final answer: {}",
    # near forms
    "**{}**", "**{}**.", "{})", "[{}]", "({}", "{}:", " {}", "{} ", "Answer:{}", "Answer:  {}", "The answer is **{}**",
    "The answer is ({})", "answer {}", "The answer is option {}.", "I think {}.", "{}, I think", "The answer: {}",
    "The answer is {}!", "Answer: {}\n", "ANSWER: {}", "The Answer is {}.", "The answer would be {}.", "{}.."])
_QUESTIONS = st.sampled_from(QUESTION_KINDS)
_STEMS = st.sampled_from(["Which one is it?", "Find AB. Which is B?", "Is the point B left of C?",
                          "Which is not red?", "If the ball would stop, where?", ""])




def _same(options: list[str], question: str | None, answer: str) -> bool:
    """Does stage 0 decide the answer, and if so as the stages do? (asserts they agree)"""
    choices = tuple(options)
    truth = Truth(kind="choice", value="B", choices=list(options))
    args = {"question": question}
    early = lone_letter(answer, choices, question)
    if early is None:
        return False
    fast, full = choice(truth, answer, args), stages(truth, answer, args, choices)
    assert (fast.score, fast.passed, fast.extracted, fast.explanation, fast.format_ok, fast.details,
            fast.answered) == (full.score, full.passed, full.extracted, full.explanation, full.format_ok,
                               full.details, full.answered), (answer, options, question)
    return True


@settings(max_examples=1500, deadline=None)
@given(options=st.lists(_OPTIONS, min_size=1, max_size=7, unique=True), letter=st.sampled_from("ABCDEFGHa"),
       form=_FORMS, kind=_QUESTIONS, stem=_STEMS)
def test_a_lone_letter_decided_at_stage_0_is_what_the_stages_decide(options, letter, form, kind, stem):
    _same(options, question_with_options(kind, stem, options), form.format(letter))


def test_stage_0_reads_every_form_of_a_plain_case_and_agrees():
    """On options no lone letter could be (and the canonical listing), each form is decided at stage 0: the
    property above cannot hold by never deciding."""
    options = ["red", "blue", "cyan star", "None of the above"]
    question = "Which color is the ball? " + " ".join(f"({k}) {o}" for k, o in zip(LETTERS, options, strict=False))
    forms = ["{}", "({})", "{}.", "Answer: {}", "Answer: ({})", "The answer is **{}**.", "The answer is {}.",
             "Final answer: {}", "**Answer:** {}", "The correct answer is ({})."]
    for form in forms:
        for letter in "ABCD":
            assert _same(options, question, form.format(letter)), form.format(letter)
    for answer in ("E", "(B", "**B**.", "b", "The answer is option B.", "Answer:  B", "B or C"):
        assert lone_letter(answer, tuple(options), question) is None, answer


def test_stage_0_leaves_cases_with_another_reading_to_the_stages():
    """Options that are letters, options labelled '(a)' or '1.', 'Caption A:' lines: a lone letter may be an
    option's text or a label there, so the stages read it."""
    for options, question in ((["B", "A", "D", "C"], "Which letter? (A) B (B) A (C) D (D) C"),
                              (["(c)", "(a)", "(b)"], "Which panel?"),
                              (["red", "blue"], "Which?\n1. red\n2. blue"),
                              (["red", "blue"], "Which?\n(a) red\n(b) blue"),
                              (["red", "blue"], "Which?\nCaption A: red\nCaption B: blue"),
                              (["red"], "Which? (A) red"),
                              (["Answer: B", "red"], None)):
        assert lone_letter("B", tuple(options), question) is None, (options, question)
        assert lone_letter("Answer: A", tuple(options), question) is None, (options, question)


def test_stage_0_agrees_on_the_real_multiple_choice_cases():
    """Every case of the real multiple-choice corpora (their own option texts and prompts), every letter, the
    common forms."""
    forms = ["{}", "({})", "{}.", "Answer: {}", "Answer: ({})", "The answer is **{}**.", "The answer is ({}).",
             "**Answer:** {}", "Final answer: {}", "The correct option is {}."]
    decided = seen = 0
    cases = {}
    for name in ga.REAL_MC:
        for row in ga.real_mc_rows(name):
            case = ga.mc_case(row)
            cases[(tuple(case["truth"]["choices"]), case["prompt"])] = case
    for (choices, prompt), _ in cases.items():
        for letter in LETTERS[: len(choices) + 1]:
            for form in forms:
                seen += 1
                decided += _same(list(choices), prompt, form.format(letter))
    assert decided > seen // 3, (decided, seen)  # most real cases are plain: stage 0 decides there
