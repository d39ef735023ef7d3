"""Stage 3 of the choice grader, first step: the whole answer read as one value before the long rules run
(POLICY.md 2.1, 4.1 a bare letter or '2C', 4.2 an option's text or its other spelling, 3.5 letters stacked one per
line, 4.4 lettered lines only)."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from graders import labelstyle, spans
from graders import options as O
from graders.choice_cause import Outcome, none_chosen, one, several
from graders.choice_letters import letter_patterns
from graders.choice_options import (
    LETTERS,
    ROMAN,
    Reading,
    exact_option,
    listed_texts,
    option_label,
    option_texts,
    own_letters,
    plain_option,
    question_stem,
    read_case,
    spellings,
)
from graders.choice_places import CUT, LETTERED_LINE, answer_first, stated_letter

_DIGIT_GLUED = re.compile(r"[ \t\n\u200b]*\d{1,2}([A-L])[ \t.]*(?:\n|$)")  # '2C', '3D\n\nThis is …'
_SPACED = re.compile(r"\s*(-?\d{1,3}) (\d{1,3})\s*%?\s*")


def _short_answer(said: str, choices: tuple[str, ...], letters: str, question: str | None) -> str | None:
    """A whole short answer (`said`: its plain_option) that is an option in another spelling (POLICY 4.2): a number
    for a Roman numeral ('4' for 'IV'), digits whose separator became a space ('35 000' for 35,000, '8 2' for 8.2%),
    or, where the options are their own letters, the text the question lists for one of them."""
    own, true_false, roman, numeric = spellings(choices)
    if not said or len(said) > 120 or not (own or true_false or roman or numeric):
        return None
    if own and question:
        hits = {k for k, text in listed_texts(question) if text == said and k in letters}
        return hits.pop() if len(hits) == 1 else None
    lowered = tuple(c.strip().lower() for c in choices)
    if question and true_false and len(said) <= 30 and any(c.isdigit() for c in said):
        # '15:40' for 'The Gold Watch displays the time as 15:40.': the statement's value restated affirms it (4.3)
        return letters[lowered.index("true")] if re.search(rf"(?<![\w.:,]){re.escape(said)}(?![\w:]|[.,]\d)",
                                                           O.canon(question_stem(question))) else None
    if said.isdigit() and roman:
        number = int(said)
        return letters[lowered.index(ROMAN[number - 1])] if 0 < number <= 12 and ROMAN[number - 1] in lowered \
            else None
    spaced = _SPACED.fullmatch(said) if numeric and " " in said else None
    numbers = O.option_numbers(choices) if spaced else ()
    if numbers:
        whole, part = spaced.groups()
        readings = {abs(Decimal(f"{whole}.{part}"))} | ({abs(Decimal(whole + part))} if len(part) == 3 else set())
        hits = [k for k, n in zip(letters, numbers, strict=False) if abs(n[0]) in readings]
        return hits[0] if len(hits) == 1 else None
    return None
# quotes too as mis-decoded cp1252 ('\x93A\x94'): InstructBLIP's output came through such a decoding
_LETTER_THEN_LIST = re.compile(r"[\s\"'“”‘’\x93\x94]*\(?([A-L])\)?[.:]?[\"'“”‘’\x93\x94]*\s+(?=\(A\))")


def _lists_every(text: str, letters: str) -> bool:
    """Every option letter, bracketed, in order, and nothing after the last option's text but punctuation."""
    at = 0
    for letter in letters:
        at = text.find(f"({letter})", at)
        if at < 0:
            return False
    return "\n\n" not in text[at:] and len(text) < 600


_BARE_LINE = re.compile(r"[ \t]*\(?([A-L])\)?[.:]?[ \t]*")


def _stacked_letters(answer: str, letters: str) -> tuple[str, ...]:
    """The distinct letters of an answer that is only lines each holding one bare capital ('A' / 'B')."""
    found: list[str] = []
    for line in filter(str.strip, answer.strip().splitlines()):
        m = _BARE_LINE.fullmatch(line)
        if not m or m.group(1) not in letters:
            return ()
        if m.group(1) not in found:
            found.append(m.group(1))
    return tuple(found)


def _only_lettered_lines(answer: str) -> bool:
    """Two or more lines and every one an option with its letter ('(C) Yes' / '(D) No', 'b. C' / 'd. B'):
    the choices listed (or made up), none chosen. In a longer list the first and last line may be cut ('.5' /
    '(E) 30' / … / '(AG': a list running on from the options and stopped by the token limit)."""
    lines = [line for line in answer.strip().splitlines() if line.strip()]
    if len(lines) >= 4:  # the cut line and three lettered ones: '(mix-up)' / '(F) MuBERT (original)' / …
        head, tail = lines[0], lines[-1]
        lines = lines[1 if CUT.fullmatch(head) else 0:-1 if CUT.fullmatch(tail) else None]
    return 2 <= len(lines) <= 60 and all(LETTERED_LINE.match(line) for line in lines)


_BARE_LABEL = re.compile(r"[ \t]*([(\[]?)([A-L])([)\]]?)\.?[ \t]*")  # 'B', '(B)', 'B.', 'B)', '[B]', '(B).'


def _bare_label(answer: str, label: str, case: Reading) -> Outcome | None:
    """A bare label ('B', '(B)', 'B.') that is the whole answer, or all of it after a final-answer marker ('Answer: C',
    'The answer is **B**.'), chooses that option (4.1), decided before the long rules run: they would find the same
    place and read the same letter there (tests/grading/test_grade_properties.py checks that they agree)."""
    if label is answer:
        m = _BARE_LABEL.fullmatch(answer)
        return one(m.group(2), "lead") if m and m.group(2) in case.letters and (m.group(3) or not m.group(1)) \
            else None
    bare = letter_patterns(case.letters)[0].match(label)  # 'The answer is **B**.': the letter and punctuation only
    if not bare or bare.group(1) not in case.letters:
        return None
    found = spans.places(answer)
    m = _BARE_LABEL.fullmatch(found[0].text) if found and found[0].kind == "marker" else None
    if not m or m.group(2) != bare.group(1) or (m.group(1) and not m.group(3)) or stated_letter(answer, case) or \
            answer_first(answer, case.options, case.letters):
        return None
    return one(m.group(2), "marker")


# --- stage 0: a lone letter -----------------------------------------------------------------------------

# A capital option letter alone ('B', '(B)', 'B.') or after a final-answer marker ('Answer: B', 'The answer is **B**.',
# 'The final answer is (B).'), on one line: the forms most answers to a lettered question take. `marker` says which.
_LONE_LETTER = re.compile(rf"(?:(?P<marker>{spans.MARKER_LEAD}|\*\*Final Answer:\*\*|The correct answer is|"
                          r"The correct option is) (?P<bold>\*\*)?)?"
                          r"(?P<open>\()?(?P<letter>[A-L])(?(open)\))(?(bold)\*\*)\.?")


@lru_cache(maxsize=256)  # per case: the same for every answer
def _lone_letters(choices: tuple[str, ...], question: str | None) -> str:
    """The letters a lone letter chooses at once in this case (stage 0), '' where the later stages could read one
    otherwise: options labelled in another style ('1.', '(a)', 'Caption A:', 4.6; the letter may then be a label),
    options whose text a lone letter or a wrapped one could be ('B', '(c)', 'the answer is b': 4.2), fewer than two
    options (an echoed list, 4.4)."""
    if not 2 <= len(choices) <= len(LETTERS) or option_label(question)[1] is not None or \
            labelstyle.style(question, choices) is not None:
        return ""
    if any(len(text.strip("()[]*. ")) <= 1 or "answer" in text
           for text in option_texts(read_case(choices, question).options.options)):
        return ""
    return LETTERS[: len(choices)]


def lone_letter(answer: str, choices: tuple[str, ...], question: str | None) -> Outcome | None:
    """Stage 0 (POLICY 4.1, 2.1): an answer that is one of the case's option letters and nothing else, bare or after
    a final-answer marker, chooses that option, read before stages 1-5 run: they would canonicalize nothing in it
    and find the same letter in the same place ('lead' bare, 'marker' after a marker). Decided only where the case's
    options and labels leave no other reading (_lone_letters); tests/grading/test_grade_properties.py checks that
    the stages agree on every form."""
    if len(answer) > 32:
        return None
    m = _LONE_LETTER.fullmatch(answer)
    if m is None or m.group("letter") not in _lone_letters(choices, question):
        return None
    return one(m.group("letter"), "marker" if m.group("marker") else "lead")


# --- stage 0, second form: a sentence that reads nothing -------------------------------------------------------

# Words that alone name no option, letter, yes/no, refusal, hedge, relation, place or final-answer marker: a sentence
# of these ('I think it is 4.') gives the stages nothing to read. Words of the case's own options are taken out.
_FILLER = frozenset("i think it is believe guess would say be my that this was so".split())
_PRONOUN_I = (["think"], ["believe"], ["guess"], ["would"], ["say"])  # 'I think', never read as the letter I
_FILLER_SENTENCE = re.compile(r"[A-Za-z]+(?: (?:[A-Za-z]+|[0-9]{1,3}))*\.?")  # ASCII words, single spaces, one '.'
_NUMBER_WORD = re.compile(r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|first|second|"
                          r"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|last|once|twice|"
                          r"[ivx]+)\b")


@lru_cache(maxsize=256)  # per case: the same for every answer
def _inert(choices: tuple[str, ...], question: str | None) -> tuple[frozenset[str], bool, frozenset[str] | None] | None:
    """What reads as nothing in this case: the filler words no option uses, whether 'I' before a verb does (no
    option is or holds the word I), and (None: no number does) the
    numbers that are not an option's or the question's own (nor, for indexed options, an index), where no option
    holds a number or a counted word (but indexed ones: 'Image 2', 'the first video') nor is a Roman numeral.
    None where a plain sentence may still be read: options labelled in another style ('1.', '(a)', 4.6), yes/no and
    True/False (a restated question answers them, 4.3), options not in ASCII, more or fewer options than letters."""
    if not 2 <= len(choices) <= len(LETTERS) or option_label(question)[1] is not None or \
            labelstyle.style(question, choices) is not None:
        return None
    lowered = " ".join(choices).lower()
    words = frozenset(re.findall(r"[a-z]+|[0-9]+", lowered))
    if words & {"yes", "no", "true", "false"} or not lowered.isascii():  # '二度Ⅰ型' counts in its own numerals
        return None
    stems = {O.stem(w) for w in words}  # 'believe' names 'Believing that …' as its stem does
    filler = frozenset(w for w in _FILLER if w not in words and O.stem(w) not in stems) - \
        ({"i"} if "I" in LETTERS[: len(choices)] else set())
    pronoun = "i" not in words
    indexed = O.option_set(choices).kind == "indexed"  # 'Image 2', 'the first video': '2' may be its index
    if any(spellings(choices)) or \
            (not indexed and (_NUMBER_WORD.search(lowered) or any(c.isdigit() for c in lowered))):
        return filler, pronoun, None  # a number may be an option's value, nearest value, count or place ('10': 9.88)
    indices = {str(n) for n in range(1, len(choices) + 1)} if indexed else set()
    return filler, pronoun, frozenset(re.findall(r"[0-9]+", f"{lowered} {question or ''}")) | indices


def reads_nothing(answer: str, choices: tuple[str, ...], question: str | None) -> bool:
    """Stage 0, second form: a short sentence of filler words and numbers no option is ('I think it is 4.', where
    no option holds a 4 and none is a number) gives stages 1-5 nothing to read: they settle on UNREAD. Checked
    against the stages on sentences of each case's own words by
    tests/grading/test_choice_reads_nothing.py::test_a_sentence_said_to_read_nothing_is_unread_by_the_stages."""
    if len(answer) > 60 or not _FILLER_SENTENCE.fullmatch(answer):
        return False
    inert = _inert(choices, question)
    if inert is None:
        return False
    filler, pronoun, numbers = inert
    words = answer.rstrip(".").split(" ")
    for at, word in enumerate(words):
        if word.isdigit():
            if numbers is None or word.lstrip("0") != word or word in numbers:
                return False
        elif word.lower() not in filler and not (word == "I" and pronoun and words[at + 1:at + 2] in _PRONOUN_I):
            return False  # 'I' where it is a letter (nine options or more) only as a pronoun: 'I think'
    return True


# --- the stage -----------------------------------------------------------------------------------------


def whole_answer(answer: str, case: Reading) -> Outcome | None:
    """Stage 3, first: the whole answer read as one value before the long rules run (POLICY 2.1, 4.1, 4.2, 3.5, 4.4): a
    bare letter, '2C', an option's whole text or its other spelling ('4' for 'IV'), lettered lines only, letters
    stacked one per line, a letter before the options echoed."""
    choices, question, letters, options, shown, verdicts = \
        case.choices, case.question, case.letters, case.options, case.shown, case.verdicts
    bare = letter_patterns(letters)[0].match(answer) if len(answer) <= 12 else None
    if bare and bare.group(1).isupper() and shown and own_letters(options.options) != frozenset(letters):
        # 'B' for options that are letters in another order ('C', 'D', 'A', 'B'): the letter, as asked (4.1)
        if all(len(c.strip()) == 1 for c in choices):
            return one(bare.group(1), "lead")
    value = spans.unwrapped(answer) if len(answer) <= 300 else answer  # 'Answer: 2C' is read as '2C' is
    glued = _DIGIT_GLUED.match(value) if shown and value[:6].lstrip()[:1].isdigit() else None
    if glued and glued.group(1) in letters and glued.group(0).strip().lower() not in verdicts:
        return one(glued.group(1), "lead")  # '2C' on the first line: the letter, after a stray item number (4.1)
    # the whole answer, as a value: 'Answer: 16:00' and '答え：左' are read as '16:00' and '左' are (2.1)
    label = value
    if value is not answer and letter_patterns(letters)[0].match(value):
        value = answer  # 'Answer: B': a letter, read as the letters are below, not as an option whose text is 'B'
    said = plain_option(value) if len(answer) <= 300 else ""
    whole = exact_option(said, options) if said else None
    if whole is not None:  # the answer is an option's own text ('None of these', 'Central, Southern, …')
        return one(LETTERS[whole], "lead")
    short = _short_answer(said, choices, letters, question) if said and len(answer) <= 200 else None
    if short:
        return one(short, "lead")
    if _only_lettered_lines(answer):
        return none_chosen("listed options without choosing one", "lead")
    stacked = _stacked_letters(answer, letters) if "\n" in answer and len(answer) <= 60 else ()
    if len(stacked) >= 2:  # 'A\nB': two letters, one per line, and nothing else: a hedge (3.5)
        return several(list(stacked), "lead")
    echoed = _LETTER_THEN_LIST.match(answer) if "(A)" in answer else None
    if echoed and echoed.group(1) in letters and _lists_every(answer[echoed.end(1):], letters):
        return one(echoed.group(1), "lead")  # 'A (A) A, (B) B, (C) C, …': the letter, then the options echoed
    return _bare_label(answer, label, case) if len(label) <= 12 else None
