"""Stage 1 of the choice grader: read the options, their labels and the question, once per case (POLICY.md 4.6
labels, 4.2 option texts, 3.2 the question's own words as scenery, 4.3 yes/no and true/false options). Also how
an answer's whole text is read as an option's (plain_option, exact_option), used by the later stages."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from graders import options as O
from graders import spans
from graders.memo import per_text

LETTERS = "ABCDEFGHIJKL"


# where the question ends: its list of options, or the instruction to choose ('Select from A, B and C.')
_LISTING = re.compile(r"[(\[]A[)\]]|(?:^|\s)A[.)]\s|\b(?:select|choose|pick)\s+(?:from|one|the|an?)\b|"
                      r"\n[ \t]*(?:choices|options)[ \t]*:", re.IGNORECASE)  # also 'Choices: toothpick, food, …'



@lru_cache(maxsize=256)
def question_stem(question: str) -> str:
    """The question without its list of options and the instruction to choose: the options' own words are not
    scenery, and a restatement need not repeat 'Select from A, B and C'."""
    m = _LISTING.search(question)
    return question[:m.start()] if m else question


@lru_cache(maxsize=256)
def _shows_letters(question: str | None) -> bool:
    return question is None or bool(re.search(r"\([A-L]\)|(?:^|\s)[A-L][.)]\s", question))


@lru_cache(maxsize=256)  # per option list: asked again for every answer
def _yes_no(options: tuple[str, ...]) -> bool:
    return sorted(o.strip().lower() for o in options) == ["no", "yes"]



_LISTED = re.compile(r"[(\[][A-L][)\]]|(?:^|\s)[A-L][.)](?=\s)")
CAPITAL = re.compile(r"(?<![A-Za-z0-9_'’-])([A-L])(?![A-Za-z0-9_'’-])")  # ASCII: 'D是AB的中点' names D


# the instruction to choose names the letters, not things in the picture: 'Select from A, B, C, and D', 'A-E'
_SELECT_FROM = re.compile(r"\b(?:select|choose|pick)\s+(?:from|between|among)\s+[A-L]"
                          r"(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*[-–]\s*)[A-L])+\b", re.IGNORECASE)


# a lowercase letter after a noun names a thing ('organism c', 'point b'); 'a' and 'i' are words
_LOWER_NAME = re.compile(r"\b([a-z]{3,})\s+([b-hj-l])(?![\w'’.-])", re.IGNORECASE)
_NOT_NOUNS = frozenset({"option", "options", "choice", "choices", "answer", "answers", "letter", "letters", "from",
                        "and", "between", "among", "select", "choose", "pick", "than", "then", "with", "like", "for",
                        "the", "not", "but", "nor"})


_ARTICLE_A = re.compile(r"\bA(?=\s+[a-z])")


@lru_cache(maxsize=256)
def scene_capitals(question: str | None) -> frozenset[str]:
    """Capitals the question uses as names ('point B', 'A and B beside each circle'; 'organism c' written in
    lowercase), apart from its option list and its instruction to choose: a lone capital there is that name, not
    a choice."""
    # in the options' texts an 'A' before a word is their article ('A big wave is shown …'), not a name
    stem = question_stem(question) if question else ""
    asked = _SELECT_FROM.sub(" ", _LISTED.sub(" ", stem + _ARTICLE_A.sub(" ", (question or "")[len(stem):])))
    lower = {m.group(2).upper() for m in _LOWER_NAME.finditer(asked) if m.group(1).lower() not in _NOT_NOUNS}
    return frozenset(CAPITAL.findall(asked)) | lower


def blanked(text: str, ranges: list[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in ranges:
        chars[a:b] = " " * (b - a)
    return "".join(chars)
_IF = re.compile(r"\b(?:if|suppose|assum\w*|were|would)\b", re.IGNORECASE)


@lru_cache(maxsize=256)
def whole_numbers(options: tuple[str, ...]) -> bool:
    return all(o.isdigit() and len(o) <= 2 for o in options)


# measured values ('0.0', '-1.7', '$ 63426.23'), listed with a comma and a space
_VALUE = r"[$€£]?\s*-?\d+\.\d+\s*(?:%|[a-z]{1,3}\b)?"
_VALUE_LIST = re.compile(rf"\s*{_VALUE}(?:,\s+{_VALUE})+\s*")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


@lru_cache(maxsize=256)
def value_lists(options: tuple[str, ...]) -> tuple[tuple[float, ...], ...]:
    """Each option's values, where every option is a list of them ('0.0, 13.0', '$ 63426.23, $ 12697.13')."""
    if not all(_VALUE_LIST.fullmatch(o) for o in options):
        return ()
    return tuple(tuple(float(v) for v in NUMBER.findall(o)) for o in options)
# a thousands comma: '(?<=\d),(?=\d{3}\b)' opening on the comma, its look behind after it (the engine skips to the
# commas, not trying the look behind at every character; tests/grading/test_choice_fast_paths.py compares the two)
GROUPED = re.compile(r",(?<=\d,)(?=\d{3}\b)")


# a mark or bullet before an answer ('✗ Some thieves are not robbers', '• B'): no part of its text
_LEADING_MARK = re.compile(r"^[^\w\s(\[$£€-]{1,3}\s+")


@per_text(maxsize=512)  # the whole answer's is read again where its one sentence is a place (choice_settle)
def plain_option(text: str) -> str:
    text = spans.plain(text).strip()
    said = O.canon(text if text[:1].isalnum() else _LEADING_MARK.sub("", text)).strip(" .!*_`\"'")  # (no mark)
    return GROUPED.sub("", said) if "," in said else said


@lru_cache(maxsize=256)  # per option list: compared with every answer
def option_texts(options: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(GROUPED.sub("", o) for o in options)


# a whole answer in Chinese for the options' English words ('左' for left)
_CJK_WORDS = {"左": "left", "左边": "left", "右": "right", "右边": "right", "是": "yes", "是的": "yes", "否": "no",
              "不是": "no", "相同": "same", "不同": "different"}


@lru_cache(maxsize=256)  # per option list: looked up for every answer
def _options_by_text(options: tuple[str, ...]) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for i, o in enumerate(option_texts(options)):
        found.setdefault(o, []).append(i)
    return found


def exact_option(said: str, options: O.OptionSet) -> int | None:
    """The option whose whole text the whole answer (`said`: its plain_option) is, if exactly one is."""
    said = _CJK_WORDS.get(said, said)
    hits = _options_by_text(options.options).get(said, ()) if said else ()
    if not hits and " " in said:  # '30 mm clockwise' for '30mm clockwise': a space is no difference
        hits = _options_by_text(_spaceless(options.options)).get(said.replace(" ", ""), ())
    return hits[0] if len(hits) == 1 else None


@lru_cache(maxsize=256)
def _spaceless(options: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(o.replace(" ", "") for o in options)


ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
_LISTED_TEXT = re.compile(r"\(([A-L])\)\s*(.+?)\s*(?=\([A-L]\)|$)", re.DOTALL)


@lru_cache(maxsize=256)
def listed_texts(question: str) -> tuple[tuple[str, str], ...]:
    """The options' texts as the question lists them ('(A) 9:30 (Previous Year) … (B) …'), by letter."""
    return tuple((m.group(1), plain_option(m.group(2))) for m in _LISTED_TEXT.finditer(question))


_NONE_IS_RIGHT = re.compile(r"^\W*(?:none of (?:the|these|those|them)\b|(?:all|the) (?:\w+ ){0,2}"
                            r"(?:options|choices|answers) (?:\w+ ){0,4}(?:are|is) "
                            r"(?:incorrect|wrong|misleading|false)\b)", re.IGNORECASE)


@lru_cache(maxsize=256)
@lru_cache(maxsize=256)  # per option list: asked again for every place of every answer
def says_none_is_right(choices: tuple[str, ...]) -> int | None:
    """The one option saying no option is right ('None of the above', 'All answer options are incorrect')."""
    found = [i for i, c in enumerate(choices) if _NONE_IS_RIGHT.search(c)]
    return found[0] if len(found) == 1 else None


@lru_cache(maxsize=256)  # per option list: asked again for every answer
def _none_option(choices: tuple[str, ...]) -> bool:
    return any("none" in c.lower() or "neither" in c.lower() for c in choices)


@lru_cache(maxsize=256)  # per option list: asked again for every answer
def spellings(choices: tuple[str, ...]) -> tuple[bool, bool, bool, bool]:
    """Which other spellings an option list admits: its own letters, True/False, Roman numerals, numbers."""
    letters = LETTERS[: len(choices)]
    lowered = tuple(c.strip().lower() for c in choices)
    own = all(c.strip() == k for c, k in zip(choices, letters, strict=False))
    roman = all(c in ROMAN for c in lowered)
    return own, "true" in lowered and "false" in lowered, roman, bool(O.option_numbers(choices))


# what a figure question asks for, named by its letters: 'then ∠BCE = ()', '则BE的长是', 'Find CD.'
_ASKS_FOR = re.compile(r"(?:\bthen\b|\bfind\b|\bwhat is\b|则|求)[^.?!。？]*$", re.IGNORECASE)
_FIGURE_NAME = re.compile(r"(?<![A-Za-z])(?:∠\s?(?:[A-Z]{1,3}|\d{1,2})|[A-Z]{2,4})(?![A-Za-z0-9])")


@lru_cache(maxsize=256)
def _target(question: str) -> str | None:
    """The one figure name ('BE', '∠BCE') the question asks for, if it names exactly one there."""
    asked = _ASKS_FOR.search(_angles(question_stem(question)).strip().rstrip("（）() .。"))
    found = set(_FIGURE_NAME.findall(asked.group())) if asked else set()
    return found.pop().replace(" ", "") if len(found) == 1 else None


_ANGLE_WORD = re.compile(r"\b[Aa]ngle\s+(?=[A-Z0-9])")  # 'angle C' is ∠C


def _angles(text: str) -> str:
    text = text.replace("\\angle", "∠").replace("$", "") if "\\angle" in text else text
    return _ANGLE_WORD.sub("∠", text) if "ngle" in text else text


def flat_figure(text: str) -> str:
    """The text as figure names are compared: angles as ∠, no spaces, the Greek capital Δ as the triangle sign."""
    return _angles(text).replace(" ", "").replace("Δ", "△")


def names_figure(text: str, target: str) -> bool:
    """Does the text name the asked-for figure ('∠C' as 'angle C'; 'BE' as 'EB', the same segment)?"""
    text = flat_figure(text)
    return target in text or (len(target) <= 4 and target[::-1] in text and not target.startswith("∠"))


# a question asking which is not so: 'which of the following cannot be', 'all of the following are true except'
# (and 'which statement is incorrect?')
_ASKS_NEGATIVE = re.compile(r"\bwhich\b[^?]{0,80}\b(?:cannot|can't|could not|couldn't|is not|isn't|are not|aren't|"
                            r"does not|doesn't|do not|don't|not|incorrect|false|wrong|untrue)\b|"
                            r"\bexcept\b|\bexception\b", re.IGNORECASE)
# an option saying the answer cannot be known, and an answer saying so (POLICY 4.2)
_UNKNOWABLE_OPTION = re.compile(r"\b(?:insufficient|not enough|not sure|unsure|uncertain)\b|"
                                r"\b(?:tough|hard|difficult) to (?:differentiate|distinguish|tell|determine|say)\b|"
                                r"\b(?:can't|cannot|can not|impossible to|unable to)\s+"
                                r"(?:be\s+)?(?:predict|determin|tell|know|say)|\bundetermin|\bnot (?:be )?determinable")


@lru_cache(maxsize=256)  # per question: asked again for every answer
def _asks_if(question: str | None) -> bool:
    return bool(question) and _IF.search(question) is not None


@lru_cache(maxsize=256)
def self_aside_options(options: tuple[str, ...]) -> tuple[int, ...]:
    """Options whose own (canonical) text holds an aside: 'MusicLDM (mix-up)', 'to the left than to the right'."""
    return tuple(i for i, o in enumerate(options) if len(o) >= 4 and spans.blocked(o, negations=False))


@lru_cache(maxsize=256)
def own_letters(options: tuple[str, ...]) -> frozenset[str]:
    """Letters whose option's text is the letter itself ('A' as option A)."""
    return frozenset(k for k, o in zip(LETTERS, options, strict=False) if o == k.lower())


# an option's own words that could be read as a claim of their own: another letter ('option B in the image'),
# a verdict ('All answer choices … are incorrect'), a negation
_HAZARD = re.compile(r"\b(?i:options?|choices?|answers?|correct|incorrect|wrong)\b|"
                     r"(?<![A-Za-z0-9])[A-L](?![A-Za-z0-9])")


@lru_cache(maxsize=256)
def hazardous(choices: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """Options whose own text holds words that could claim something else (_HAZARD), with their lowercase text."""
    return tuple((i, " ".join(c.lower().split()).rstrip(" .!?")) for i, c in enumerate(choices)
                 if len(c.split()) >= 2 and _HAZARD.search(c))


# the prompt's own word for its options ('Caption A: …', 'Sentence B: …' on lines of their own)
_LABEL_LINE = re.compile(r"^[ \t]*([A-Z][a-z]{2,12}) ([A-L]):[ \t]", re.MULTILINE)


@lru_cache(maxsize=256)
def option_label(question: str | None) -> tuple[str | None, re.Pattern | None]:
    """Where the prompt names its options with a word and a letter, one per line ('Caption A: …', 'Caption B:
    …'): the question with those labels written as letters ('(A) …'), and a pattern for the label in an answer
    ('Caption B' is option B, as 'option B' is)."""
    if not question or ":" not in question:
        return question, None
    found = _LABEL_LINE.findall(question)
    words = {w for w, _ in found}
    if len(found) < 2 or len(words) != 1 or [k for _, k in found] != list(LETTERS[: len(found)]):
        return question, None
    word = words.pop()
    lettered = _LABEL_LINE.sub(lambda m: m.group(0).replace(f"{word} {m.group(2)}:", f"({m.group(2)})"), question)
    return lettered, re.compile(rf"\b{word}\s+([A-L])\b", re.IGNORECASE)


class Reading(NamedTuple):
    """What a case's options and question say about reading any answer to it (read once per case)."""

    choices: tuple[str, ...]
    question: str | None  # with its labels canonical ('(a)', '1.', 'Caption A:' read as '(A)': 4.6)
    letters: str  # the options' letters, 'ABCD'
    options: O.OptionSet
    shown: bool  # did the prompt show the letters? (else a capital alone is read only where an option is it)
    yes_no: bool  # the options are yes and no (4.3)
    scenery: frozenset[str]  # the question's own words: restating them claims no option (3.2)
    names: frozenset[str]  # capitals the question uses as names ('point B'), not letters
    verdicts: tuple[str, ...]  # the options' texts, lowercase
    true_false: bool  # the options are True and False, for a statement to judge (4.3)
    unknown: str | None  # the one option saying the answer cannot be known ('Insufficient information')
    negative: bool  # the question asks which is NOT so: a negation there is the claim (3.1)
    none_option: bool  # an option says 'none' or 'neither'
    asks_if: bool  # the question itself supposes ('if', 'would'): a hypothetical sentence may answer it
    target: str | None  # the one figure ('BE', '∠BCE') a figure question asks for (2.3)


@lru_cache(maxsize=256)
def read_case(choices: tuple[str, ...], question: str | None) -> Reading:
    """Stage 1 of the choice grader, the options and the question read once per case (POLICY 4.6, 4.2, 3.2)."""
    options = O.option_set(choices)
    shown = _shows_letters(question) and not O.lowercase_labels(choices)  # then '(d)' is a label, not a letter
    scenery = O.question_stems(question_stem(question)) if question and options.kind == "words" else frozenset()
    # a capital that is an option's text ('A' … 'E', 'cog A' among the options A, B, C): that option, not a name
    names = scene_capitals(question) - {c.strip() for c in choices}
    verdicts = tuple(c.strip().lower() for c in choices)
    true_false = bool(question) and "true" in verdicts and "false" in verdicts
    unknowable = [i for i, c in enumerate(verdicts) if _UNKNOWABLE_OPTION.search(c)]
    unknown = LETTERS[unknowable[0]] if len(unknowable) == 1 else None
    negative = bool(question) and bool(_ASKS_NEGATIVE.search(question_stem(question)))
    target = _target(question) if question and options.kind == "words" and O.option_numbers(options.options) else None
    return Reading(choices, question, LETTERS[: len(choices)], options, shown, _yes_no(choices), scenery, names,
                   verdicts, true_false, unknown, negative, _none_option(choices), _asks_if(question), target)
