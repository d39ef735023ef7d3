"""Stage 6 of the choice grader, the cause: the settle stage's Outcome scored against the truth, with the line
that explains it (POLICY.md 4, 6). The Outcome type and its constructors live here, below the stages that make
them."""

from __future__ import annotations

from typing import NamedTuple

from graders.choice_options import LETTERS
from graders.registry import Match


class Outcome(NamedTuple):
    """What the settle stage makes of an answer (POLICY 3.5, 4.4), before the truth is looked at.

    `settled` is one of ONE (one option chosen), SEVERAL (a hedge between options, 3.5), NONE (the answer says no
    option is right, or gives one the options lack: `why` says which), UNDECIDED (the answer declines to decide
    which option is right: 'it is not possible to determine which …', 4.4) or UNREAD (no option found in it)."""

    settled: str
    letters: tuple[str, ...] = ()  # the options chosen, as the answer gives them
    place: str | None = None  # where: 'lead', 'marker', 'sentence', … (spans.Place.kind)
    why: str = ""  # NONE: what the answer said instead


ONE, SEVERAL, NONE, UNDECIDED, UNREAD = "one", "several", "none", "undecided", "unread"


def one(letter: str, place: str) -> Outcome:
    return Outcome(ONE, (letter,), place)


def several(letters: list[str], place: str) -> Outcome:
    return Outcome(SEVERAL, tuple(letters), place)


def none_chosen(why: str, place: str | None) -> Outcome:
    return Outcome(NONE, (), place, why)


def lacked(letter: str, place: str) -> Outcome:
    """A bracketed letter the options lack given as the answer: no option chosen (4.4)."""
    return none_chosen(f"answered ({letter}), which no option is", place)


def to_match(outcome: Outcome, choices: tuple[str, ...], want: str) -> Match:
    """Stage 6, the cause: the outcome scored against the truth, with the one line that explains it (POLICY 4, 6)."""
    if outcome.settled == ONE:
        letter = outcome.letters[0]
        text = choices[LETTERS.index(letter)] if letter in LETTERS[: len(choices)] else letter
        return Match(float(letter == want), letter == want, letter, f"chose ({letter}) {text}",
                     details={"place": outcome.place})
    if outcome.settled == SEVERAL:
        named = ", ".join(f"({d}) {choices[LETTERS.index(d)]}" for d in outcome.letters[:3])
        return Match(0.0, False, list(outcome.letters), f"hedged between {named}", details={"place": outcome.place})
    if outcome.settled == NONE:
        return Match(0.0, False, None, outcome.why, details={"place": outcome.place})
    named_truth = choices[LETTERS.index(want)] if want in LETTERS[: len(choices)] else ""
    # unsettled: the rules found no option chosen, nor an answer saying none can be (UNREAD; POLICY.md 10)
    return Match(0.0, False, None, f"no option chosen; truth ({want}) {named_truth}".rstrip(),
                 details={"place": None, "unsettled": outcome.settled == UNREAD})
