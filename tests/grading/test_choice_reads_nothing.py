"""Stage 0's second form (graders/choice_whole.reads_nothing, issue #36): a short sentence of filler words and numbers
no option is ('I think it is 4.') is decided UNREAD before stages 1-6 run. Wherever it decides, the stages must
decide the same Match; the sentences are built from each case's own option words, letters, digits, yes/no,
negations, 'none', ordinals and relation words, so that a gate letting any of them through fails here."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from relabelling import QUESTION_KINDS, question_with_options

from graders.choice import choice, stages
from graders.choice_whole import _FILLER, reads_nothing
from graders.records import CaseSpec, Truth

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import grading_agreement as ga

LETTERS = "ABCDEFGHIJKL"
_CHOICES = [("cyan star", "gray star", "pink diamond", "cyan square"), ("clockwise", "counterclockwise"),
            ("Image 1", "Image 2", "Image 3"), ("the 1st clip", "the 2nd clip", "the 3rd clip"),
            ("Figure 1", "Figure 2", "Figure 3", "Figure 4"), ("the left image", "the right image"),
            ("the first image", "the second image", "the third image"), ("Panel 12", "Panel 13"),
            ("left to right", "right to left", "top to bottom", "bottom to top"),
            ("a straight line", "bouncing off the walls", "a circle"), ("the first video", "the second video"),
            ("top left", "top center", "top right", "middle left", "middle center", "middle right", "bottom left",
             "bottom center", "bottom right"), ("yes", "no"), ("True", "False"), ("4", "12", "45°"),
            ("IV", "V", "VI"), ("A", "B", "C", "D"), ("Insufficient information", "Red", "Blue"),
            ("It is so", "I think not", "Maybe"), ("four", "five"), ("Box A", "Box B", "About the same"),
            ("None of the above", "red", "blue"), ("more", "less", "the same"), ("3 cm", "4 cm", "5 cm"),
            ("I", "II", "III"), ("think", "believe", "guess"), ("greater than 4", "smaller than 4"),
            ("red", "blue", "green", "yellow", "black", "white", "gray", "pink", "brown", "cyan", "orange", "purple")]
_OTHER_WORDS = ["yes", "no", "not", "none", "neither", "both", "all", "first", "second", "last", "one", "two", "four",
                "left", "right", "above", "below", "more", "less", "than", "same", "answer", "option", "choice",
                "letter", "the", "is", "cannot", "determine", "sure", "maybe", "probably", "a", "b", "A", "B", "C", "D",
                "I", "i", "IV", "x", "true", "false", "correct", "wrong", "which", "if", "or", "and", "image", "video"]
_STEMS = ["Which one is it?", "Is it 4 or 5?", "There are 3 balls. Which is it?", "Which is not red?",
          "If it would stop, where would it be?", "I think: which image has 4 squares?", "Would it be so?", ""]




def _agrees(choices: tuple[str, ...], question: str | None, answer: str) -> bool:
    """Does the gate decide the answer, and if so as the stages do? (asserts they agree)"""
    if not reads_nothing(answer, choices, question):
        return False
    for want in LETTERS[: len(choices)]:
        truth = Truth(kind="choice", value=want, choices=list(choices))
        args = {"question": question}
        fast, full = choice(truth, answer, args), stages(truth, answer, args, choices)
        assert fast == full, (answer, choices, question)
    return True


@st.composite
def _cases_and_sentences(draw):
    choices = draw(st.sampled_from(_CHOICES))
    question = question_with_options(draw(st.sampled_from(QUESTION_KINDS)), draw(st.sampled_from(_STEMS)), choices)
    own = re.findall(r"[A-Za-z]+|[0-9]+", " ".join(choices) + " " + (question or ""))
    word = st.sampled_from(sorted(_FILLER)) | st.sampled_from(sorted(_FILLER)).map(str.capitalize) | \
        st.sampled_from(own) | st.sampled_from(_OTHER_WORDS) | st.integers(0, 13).map(str) | \
        st.sampled_from(LETTERS[: len(choices) + 1])
    words = draw(st.lists(word, min_size=1, max_size=7))
    return choices, question, " ".join(words) + draw(st.sampled_from(["", ".", "..", "!", " "]))


@settings(max_examples=4000, deadline=None)
@given(drawn=_cases_and_sentences())
@example(drawn=(("cyan star", "gray star", "pink diamond", "cyan square"), None, "I think it is 4."))
@example(drawn=(("yes", "no"), "Would it be so?", "I would say so"))  # yes: the question restated (4.3)
def test_a_sentence_said_to_read_nothing_is_unread_by_the_stages(drawn):
    _agrees(*drawn)


def test_the_gate_decides_filler_sentences_of_plain_cases():
    """The property above cannot hold by never deciding: on plain cases, filler sentences with a number no option
    holds are decided; a word of an option, a letter or an option's number is left to the stages."""
    plain = ("cyan star", "gray star", "pink diamond", "cyan square")
    question = "Which shape comes next? " + " ".join(f"({k}) {o}" for k, o in zip(LETTERS, plain, strict=False))
    for answer in ("I think it is 4.", "It is 7", "I would say it is 12.", "I believe so."):
        assert _agrees(plain, question, answer), answer
    for answer in ("I think it is a star.", "I think it is B.", "It is not 4.", "I think it is 4 stars.", "4",
                   "I think it is 4.\n", "I think it is 4,", "I think it is 04.", "I  think it is 4."):
        assert not reads_nothing(answer, plain, question), answer
    assert not reads_nothing("I think it is 3.", ("Image 1", "Image 2", "Image 3"), None)  # an option's number
    assert not reads_nothing("It is 2.", ("the first video", "the second video"), None)  # an index
    assert _agrees(("the first video", "the second video"), None, "I think it is 4.")
    assert not reads_nothing("I would say so", ("yes", "no"), "Would it be so?")  # a restated question: yes (4.3)
    nine = ("top left", "top center", "top right", "middle left", "middle center", "middle right", "bottom left",
            "bottom center", "bottom right")
    assert _agrees(nine, None, "I think it is 4.")  # 'I' a pronoun, before 'think'
    for answer in ("I was 4.", "It is I.", "I think I.", "I.", "I", "i think it is 4.", "I is 4"):
        assert not reads_nothing(answer, nine, None), answer  # 'I' may be a letter of nine options


def _corpus_cases() -> dict[tuple[tuple[str, ...], str | None], list[str]]:
    """Every choice case of the corpora (tests/data/grading/*), with the answers given to it."""
    found: dict[tuple[tuple[str, ...], str | None], list[str]] = {}

    def add(case: CaseSpec, answer: str) -> None:
        if case.grader.name == "choice" and case.truth.choices:
            question = {"question": case.prompt, **case.grader.args}.get("question")  # as graders.grading reads it
            found.setdefault((tuple(case.truth.choices), question), []).append(answer)

    for name in ga.REAL_MC:
        for row in ga.real_mc_rows(name):
            add(CaseSpec.model_validate(ga.mc_case(row)), row["answer"])
    golden = ga.golden_cases()
    for name in ga.REALISTIC:
        for row in ga.realistic_rows(name):
            if row.get("case_id") in golden:
                add(golden[row["case_id"]], row["response"]["content"] or "")
    return found


def test_the_gate_agrees_with_the_stages_on_every_corpus_case():
    """Each corpus case, with its own answers and filler sentences holding every number 0-13: where the gate
    decides, the stages decide the same."""
    fillers = [f"{lead} {n}{end}" for lead in ("I think it is", "It is", "I would say") for n in range(14)
               for end in ("", ".")] + ["I think so.", "I believe it is this.", "I guess."]
    decided = seen = 0
    for (choices, question), answers in _corpus_cases().items():
        for answer in answers + fillers:
            seen += 1
            decided += _agrees(choices, question, answer)
    assert decided > 100, (decided, seen)
