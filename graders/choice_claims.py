"""Stage 4 of the choice grader: read the claims a place makes (POLICY.md 3, 4.1-4.3): letters, option texts and
their paraphrases, values, counts, yes/no; negated and aside stretches blanked (3.1, 3.2), a formula's operands no
stated value (3.3), 'cannot be determined' naming the option that says so (4.2)."""

from __future__ import annotations

import re
from typing import NamedTuple

from graders import options as O
from graders import spans
from graders.choice_letters import letter_patterns, letters_named, names_no_letter
from graders.choice_options import (
    LETTERS,
    NUMBER,
    blanked,
    own_letters,
    says_none_is_right,
    self_aside_options,
    value_lists,
    whole_numbers,
)
from graders.memo import per_text
from graders.normalize import has_any

_OPERATORS = (" - ", " + ", " × ", " * ", " / ", " ÷ ", " − ")
_OPERATION = re.compile(r"\d[\d.]*\s*°?(?:\s+[-+×*/÷−]\s+\d[\d.]*\s*°?)+")  # '110° - 30°', '2 × 3 + 4'
_CJK_IS_LETTER = re.compile(r"[是为為]\s*([A-L])\s*(?:[(（][^)）\n]{0,20}[)）])?\s*[。.]?\s*$")
_EXPONENT = re.compile(r"(?:\d+(?:\.\d+)?|\b[a-z])?\s*\^\s*\{?\s*-?\d+(?:\.\d+)?\s*\}?")  # '4^2', 'c^2', '^{2}'


class _Facts(NamedTuple):
    own: frozenset[str]  # own_letters
    numeric: bool  # words options that are numbers (option_numbers)
    whole: bool  # whole_numbers
    lists: tuple[tuple[float, ...], ...]  # value_lists
    self_aside: tuple[int, ...]  # self_aside_options
    clock: bool  # 'oclock' is an option
    special: bool  # numeric, whole, lists, or options that differ only in case


def _facts(options: O.OptionSet) -> _Facts:
    """What claims_of asks of the options for every place, found once per option set."""
    facts = options.memo.get("claims")
    if facts is None:
        o = options.options
        numeric, whole, lists = options.kind == "words" and bool(O.option_numbers(o)), whole_numbers(o), value_lists(o)
        facts = options.memo["claims"] = _Facts(own_letters(o), numeric, whole, lists, self_aside_options(o),
                                                "oclock" in o, numeric or whole or bool(lists) or bool(options.cased))
    return facts


@per_text(maxsize=512)
def blocked_ranges(text: str, asides: bool, negations: bool) -> tuple[tuple[int, int], ...]:
    """spans.blocked(text, asides=asides, negations=negations) as a tuple, found once per text in a grade: the
    claims of a place and the test for asides in it (choice_places.AnswerPlaces) ask for the same ranges."""
    return tuple(spans.blocked(text, asides=asides, negations=negations))


def one_claimed(text: str, options: O.OptionSet, letters: str, shown: bool, scenery: frozenset[str],
                 names: frozenset[str], unknown: str | None, negative: bool) -> str | None:
    """The one option a sentence claims, if it claims one."""
    claims = claims_of(spans.Place("sentence", text), options, letters, shown, False, scenery, names, unknown, negative)
    named = spans.distinct_claims(text, claims) if claims else []
    return named[0] if len(named) == 1 else None
# capitals after the noun they name are names, not letters: 'the points A and B', 'vertex C'
_NAMED_THING = re.compile(r"\b(?i:points?|vertex|vertices|lines?|sides?|segments?|angles?|triangles?|corners?|"
                          r"magnets?|objects?|containers?|beakers?|wheels?|gears?)\s+"
                          r"[A-L](?:\s*(?:,|and|or|&)\s*[A-L])*(?![\w'’-])")


_ENUMERATED = re.compile(r"(?:\b(?:options|choices)(?:\s+(?:are|were|given|provided|listed))?\s*:?|"
                         r"\b(?:select|choose|pick)\s+(?:from|between|among)|\be\.g\.,?|\bsuch as)\s*\(?[A-L]\)?"
                         r"(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)\(?[A-L]\)?)+(?![\w'’-])|"
                         r"\(\s*[A-L](?:\s*,\s*(?:and\s+|or\s+)?[A-L])+\s*\)", re.IGNORECASE)  # '(A, B, C, D)'
_MARKED_LETTER = re.compile(r"[\W_]{0,3}([A-L])(?![\w'’-])(?!\s+[a-z])")
# after a marker, a capital glued to a value ('E360') or before a plural ('A regions': no article) is the letter
_MARKED_GLUED = re.compile(r"[\W_]{0,3}([A-L])(?:(?=\d)|\s+[a-z]{2,}(?<![su]s)(?<=s)(?![\w'’-]))")
_NOT_VERB = re.compile(r"not (?:to )?([a-z]{3,})\b")
_CONDITION_THEN_IS = re.compile(r"\bif\s+([^,;.]{3,120}?)\s+(?:is|are|was|were|would be|will be)\s(?![a-z]+ing\b)")


def _restated_conditions(canonical: str, ranges: list[tuple[int, int]],
                         scenery: frozenset[str]) -> list[tuple[int, int]]:
    """A condition inside the subject that only repeats the question's own ('the fruit that can hurt your eyes if
    you peel it too close to it is mango' for '… if you peel it …?') ends where the repetition does: the main
    clause after it is the answer (3.2)."""
    out = []
    for a, b in ranges:
        inner = canonical.startswith("if ", a) and canonical[a - 2:a - 1].isalnum()  # not a premise opening it
        m = _CONDITION_THEN_IS.match(canonical, a) if inner else None
        words = O.stems_of(m.group(1)) if m and m.end() < b else ()
        out.append((a, m.end(1)) if len(words) >= 2 and all(w in scenery for w in words) else (a, b))
    return out


_THAN_THEN_WHERE = re.compile(r"than\s+([^,;.]{3,120}?)\s+(?=(?:in|at|on|during|between|within|from)\s)")


def _restated_comparisons(canonical: str, ranges: list[tuple[int, int]],
                          scenery: frozenset[str]) -> list[tuple[int, int]]:
    """A comparison that only repeats the question's own ('begins to be lower than that of diversity in the value
    range of 0.4 - 0.6' for 'In which range does it begin to be lower than that of Diversity?') ends where the
    repetition does: the phrase after it is the answer (3.2)."""
    out = []
    for a, b in ranges:
        m = _THAN_THEN_WHERE.match(canonical, a) if canonical.startswith("than ", a) else None
        words = O.stems_of(m.group(1)) if m and m.end() < b else ()
        out.append((a, m.end(1)) if words and all(w in scenery for w in words) else (a, b))
    return out


def claims_of(place: spans.Place, options: O.OptionSet, letters: str, shown: bool,
            yes_no: bool, scenery: frozenset[str] = frozenset(),
            names: frozenset[str] = frozenset(), unknown: str | None = None,
            asks_negative: bool = False, asides: bool = True) -> list[tuple[int, str]]:
    """Options the place claims, as (position, letter): letters on the plain text, option words on the
    canonical text; negated ones dropped, and asides too except for motion (its origin is meaningful)."""
    if names_nothing(place.text, options, letters, scenery, unknown):
        return []  # most sentences of reasoning: no letter, no option's word (read_claims would find none)
    return read_claims(place, options, letters, shown, yes_no, scenery, names, unknown, asks_negative, asides)


def names_nothing(text: str, options: O.OptionSet, letters: str, scenery: frozenset[str], unknown: str | None) -> bool:
    """True only where read_claims finds no claim in a place of this text, whatever its kind, the letters shown or
    not, the names and the asides (they only take claims away): no letter can be read in it (choice_letters.
    names_no_letter), no words saying the answer cannot be known where an option says so, and no word an option is
    read by (options.names_nothing: that holds 'yes' and 'no' for those options, an option's own text, and the
    digits of options that are numbers), for options with no reading beyond their words (counts in words, clock
    times). tests/grading/test_choice_fast_paths.py compares it with read_claims, on generated texts and the corpus."""
    if not text.isascii() or (letters and not names_no_letter(text, letters)):
        return False  # (without options, no letters: read_claims reads none)
    facts = _facts(options)
    if facts.special or (facts.clock and ":" in text):
        return False  # 'two countries' names the option 2; '7:30' the option 'half'
    if unknown and has_any(text.lower(), _UNKNOWABLE_NEEDS):
        return False  # 'it cannot be determined' names 'Insufficient information'
    return O.names_nothing(options, O.canon(text), scenery)


def read_claims(place: spans.Place, options: O.OptionSet, letters: str, shown: bool,
                yes_no: bool, scenery: frozenset[str] = frozenset(),
                names: frozenset[str] = frozenset(), unknown: str | None = None,
                asks_negative: bool = False, asides: bool = True) -> list[tuple[int, str]]:
    """claims_of without its exit for texts that name nothing: every rule of claims read."""
    text = place.text
    found = []
    said = _UNKNOWABLE_SAID.search(text) if unknown and has_any(text.lower(), _UNKNOWABLE_NEEDS) else None
    if said and _WHICH_OPTION.search(text):
        said = None  # 'Without further information, it is difficult to determine which option is correct.': no choice
    if said:
        # 'it is impossible to determine if the statement is true or false' chooses 'Insufficient information';
        # what the clause goes on to name is what cannot be told, not a claim
        text = text[:said.start()]
        place = place._replace(text=text)
        found.append((said.start(), unknown))
    if letters:
        # a lowercase letter in bold is an emphasised word ('is **a** vehicle'), not a choice
        shown_here = shown and place.kind != "bold"
        bare = letter_patterns(letters)[0].match(text)
        if bare and (shown_here or bare.group(1).isupper()):
            return [(bare.start(1), bare.group(1).upper())]  # the place is just the letter
        copula = _CJK_IS_LETTER.search(text) if shown_here and not text.isascii() and (
            "是" in text or "为" in text or "為" in text) else None
        if copula and copula.group(1) in letters:
            # '所以ΔADC的面积为D。': a capital the sentence ends on after 是/为 is the letter, even one the
            # question names (an area is no point)
            return [(copula.start(1), copula.group(1))]
        glued = _MARKED_GLUED.match(text) if place.kind == "marker" and shown_here else None
        if glued and glued.group(1) in letters:
            return [(glued.start(1), glued.group(1))]
        lettered = text
        if "option" in text or "choice" in text or "elect from" in text or "(A," in text or "e.g." in text or \
                "such as" in text:
            # 'There are three options: A, B, and C.', 'Select from A, B and C': the letters listed, none chosen
            lettered = blanked(text, [m.span() for m in _ENUMERATED.finditer(text)])
        named, explicit = letters_named(lettered, letters, shown_here, _facts(options).own,
                                        not_whole=lettered is text and bare is None)
        # 'the answer is A (neither; …)', 'The answer is A 30,430.': the one capital right after the marker is
        # the letter, even one the question uses as a name (not 'A ball': a capital before a word is an article)
        first = _MARKED_LETTER.match(text) if place.kind == "marker" and named else None
        if first and {letter for _, letter in named} == {first.group(1)}:
            return [(first.start(1), first.group(1))]
        if named:
            # 'the letter that does not rhyme is (C)'
            ranges = blocked_ranges(text, asides, not asks_negative)
            if ranges and scenery and "than " in text and text.isascii():
                ranges = _restated_comparisons(text.lower(), ranges, scenery)  # '… than white ones in picture (A)'
            labels = {m.start(1) for m in _PAREN_LABEL.finditer(text)} if "(" in text else set()
            if "which" in text or "that" in text:  # ', which corresponds to option D': the answer's own label
                labels |= {m.start(1) for m in _LABEL_CLAUSE.finditer(text)}
            verdict = says_none_is_right(options.options) if ranges else None
            own = LETTERS[verdict] if verdict is not None else None
            # '(option D)' labels, no aside; and '(A) All given choices are wrong.' opens on the option that says so:
            # its 'are wrong' is that option's own words, no rejection of it
            kept = [(at, letter) for at, letter in named[:explicit]
                    if at in labels or not spans.is_blocked(at, ranges) or (letter == own and at <= 3)]
            if kept:  # a letter written as one outranks the words of the options ('(B) Solution A')
                return sorted(kept)
            if not (options.kind == "labelled" or options.labels):  # with labels, a lone capital is a name
                things = [m.span() for m in _NAMED_THING.finditer(text)] if " " in text else []
                found += [(at, letter) for at, letter in named[explicit:]
                          if letter not in names and not spans.is_blocked(at, ranges)
                          and not any(a <= at < b for a, b in things)]
    canonical = O.canon(text)
    if yes_no:
        short = len(canonical.split()) <= 6
        for m in _YES_OR_NO.finditer(canonical):
            if m.start() == 0 or short or place.kind in ("marker", "conclusion"):
                found.append((m.start(), LETTERS[options.options.index(m.group(1))]))
        if (short or place.kind in ("marker", "conclusion")) and len({letter for _, letter in found}) > 1:
            return sorted(found)  # 'Yes / No', '(C) yes (D) no': both named, a hedge
        return sorted(found)[:1]
    # negated and aside stretches are blanked (positions kept): none of an option's words may come from them
    # 'The perimeter cannot be 38.' answers 'which cannot be the perimeter?': there the negation is the claim
    ranges = blocked_ranges(canonical, asides and options.kind != "direction", not asks_negative)
    if ranges:
        if scenery and "if " in canonical:
            ranges = _restated_conditions(canonical, ranges, scenery)
        if scenery and "than " in canonical:  # (the ranges restated are as many)
            ranges = _restated_comparisons(canonical, ranges, scenery)
        if "not" in scenery and "not " in canonical:
            # 'says to not block the intersection' for 'what does the sign say to not block?': the question's own
            # negation, restated, negates no option (3.1)
            ranges = [(a, b) for a, b in ranges if not ((m := _NOT_VERB.match(canonical, a)) and
                                                         O.stem(m.group(1)) in scenery)]
    visible = blanked(canonical, ranges) if ranges else canonical
    facts = _facts(options)
    if facts.special:  # options that are numbers, lists of values, or differ only in case
        if facts.numeric:  # options that are numbers
            if "^" in visible:
                # a power is part of its formula, not a stated value: '(c^2)', '5^2 = 4^2 + 6^2' name no option 2 or
                # 4 (3.3)
                visible = _EXPONENT.sub(lambda m: " " * len(m.group()), visible)
            if has_any(visible, _OPERATORS):
                # the operands of a written operation state no value: '110° - 30°, which is 80°' names no 30° (3.3)
                visible = _OPERATION.sub(lambda m: " " * len(m.group()), visible)
            if "=" in visible:
                # a worked formula states the value after its last '=': '20° + 140° = 160°' names no 20° (3.3)
                last = visible.rindex("=")
                visible = " " * last + visible[last:]
        if facts.whole and has_any(visible, _COUNT_WORDS):
            # 'there are two countries' names the option 2 (a count in words; 'one' is too often no count to be read)
            visible = _COUNT_WORD.sub(lambda m: _COUNT_WORDS[m.group()].ljust(len(m.group())), visible)
        lists = facts.lists
        if lists:
            # options that are lists of values ('0.0, 13.0', '4.6, 4.4, 2.1') are named by all their values in their
            # order, however joined ('are 0.0 and 13.0 meters, respectively'), never by one of them
            said = [(m.start(), float(m.group())) for m in NUMBER.finditer(visible.replace("−", "-"))]
            values = [v for _, v in said]
            found += [(said[at][0], LETTERS[i]) for i, wanted in enumerate(lists) for at in range(len(said))
                      if tuple(values[at:at + len(wanted)]) == wanted]
            return sorted(found)
        if options.cased and len(canonical) == len(text):
            # options that differ only in case ('Aa', 'aa', 'AA') are named as written, outside the blanked stretches
            shown_text = blanked(text, ranges) if ranges else text
            found += [(m.start(), LETTERS[i]) for i, o in enumerate(options.cased)
                      for m in re.finditer(rf"(?<![\w']){re.escape(o)}(?![\w'])", shown_text)]
            return sorted(found)
    # an option saying the answer cannot be known is named by saying so, or by its whole text, not by one of its
    # words: 'Without further information, it is difficult to determine which option is correct.' names none
    found += [(at, LETTERS[i]) for at, i in O.named(options, visible, scenery)
              if LETTERS[i] != unknown or options.options[i] in visible]
    if ranges:
        if options.kind == "words" and facts.self_aside:
            # 'the lowest is MusicLDM (mix-up)', 'moved to the right than to the left': an option's own parenthesis
            # or comparison is no aside (the options 'MusicLDM (mix-up)', 'to the right than to the left')
            negated = spans.blocked(canonical, asides=False, negations=not asks_negative)
            for i in facts.self_aside:
                at = canonical.find(options.options[i])
                if at >= 0 and not spans.is_blocked(at, negated) and (at, LETTERS[i]) not in found:
                    found = [f for f in found if not (at <= f[0] < at + len(options.options[i]))]
                    found.append((at, LETTERS[i]))
        if not found and has_any(canonical, _NEGATIVE_NEEDS):
            # 'The figure belongs to neither set A nor set B': an option's own negation is no negation of it
            asides = spans.blocked(canonical, negations=False) if options.kind != "direction" else []
            kept = blanked(canonical, asides) if asides else canonical
            found += [(at, LETTERS[i]) for at, i in O.named_negative(options, kept)]
    if not found and facts.numeric:  # '4.3%' for the options 4.39%, 4.35%, 4.28%: the one it rounds (options.rounded
        # reads options that are numbers only)
        found = [(at, LETTERS[i]) for at, i in O.rounded(options.options, visible)]
    if not found and facts.clock and ":" in visible:
        # a clock read as digits for the time words: '7:30' is half past, '7:00' seven o'clock (canon: 'oclock')
        words = {"30": "half", "00": "oclock",  # and '7:45' quarter to, '3:15' quarter past (not just 'quarter')
                 "45": "quarter to" if "quarter to" in options.options else "quarter",
                 "15": "quarter past" if "quarter past" in options.options else "quarter"}
        found = [(m.start(), LETTERS[options.options.index(words[m.group(1)])]) for m in _CLOCK.finditer(visible)
                 if words.get(m.group(1)) in options.options]
    return sorted(found)


_NEGATIVE_NEEDS = ("not", "no", "neither", "nor", "never", "n't")
_COUNT_WORDS = {w: str(n) for n, w in enumerate("two three four five six seven eight nine ten eleven twelve".split(),
                                                 start=2)}
_COUNT_WORD = re.compile(r"\b(?:" + "|".join(_COUNT_WORDS) + r")\b(?=\s+[a-z])")
_CLOCK = re.compile(r"\b\d{1,2}:(\d{2})\b")
_YES_OR_NO = re.compile(r"\b(yes|no)\b")


# an answer's own label in parentheses: 'an eosinophilic granular body (option D)'
_PAREN_LABEL = re.compile(r"\(\s*(?:option|choice|answer)\s*:?\s*[(\[]?([A-L])[)\]]?\s*\)", re.IGNORECASE)
# a relative clause that gives the answer's option: ', which corresponds to option D (4/5)', ', which is option B'
_LABEL_CLAUSE = re.compile(r",\s*(?:which|that)\s+(?:corresponds|matches|is|refers)\s+(?:to\s+)?"
                           r"(?:option|choice|answer)\s*[(\[]?([A-L])\b", re.IGNORECASE)
_HOW = r"(?:accurately|definitively|exactly|reliably|confidently|precisely|clearly)\s+"
_UNKNOWABLE_SAID = re.compile(
    r"\b(?:insufficient|not enough|without (?:more|further|additional|enough)) (?:information|data|context|details)\b|"
    r"\b(?:information|data|details|context)(?: \w+){0,2} (?:is|are) (?:not sufficient|insufficient|not enough)\b|"
    rf"\b(?:cannot|can't|can not|could not|couldn't)\s+be\s+(?:{_HOW})?"
    r"(?:determined|answered|told|known|predicted|concluded)\b|"
    # 'difficult to determine which …', not 'its effects can be difficult to predict.' (what, not whether)
    rf"\b(?:impossible|not possible|difficult|hard|unable|cannot|can't|can not)\s+(?:to\s+)?(?:{_HOW})?"
    r"(?:determine|tell|predict|say|know|answer|conclude)\s+(?:whether|if|which|what|how|for (?:sure|certain)|"
    r"the (?:exact |precise )?(?:answer|outcome|result|effect|value|number))\b",
    re.IGNORECASE)
# 'difficult to determine which option is correct' declines to choose: it says no option is the answer (4.4)
# and so does 'cannot confidently determine the correct answer': which option is correct, not what the picture holds
_WHICH_OPTION = re.compile(r"\b(?:determine|tell|predict|say|decide|know|identify|judge|answer|conclude)\s+which\s+"
                           r"(?:of\s+the\s+)?(?:options?|answers?|choices?|one)\b|"
                           r"\b(?:determine|tell|say|decide|know|identify|provide|give|select|choose|pick)\s+"
                           r"(?:a\s+|the\s+)?(?:correct|right|definitive|definite)\s+(?:answer|option|choice|solution)\b|"
                           r"\b(?:choose|select|pick|decide)\s+(?:between|among|from)\s+(?:the\s+)?(?:options|choices)\b",
                           re.IGNORECASE)
_UNKNOWABLE_NEEDS = ("sufficient", "not enough", "without", "impossible", "possible", "difficult", "hard", "can",
                     "unable")
