"""Stage 5 of the choice grader: settle (POLICY.md 3.5, 4.4, 4.5). From the places in order, an Outcome: ONE option,
SEVERAL (a hedge), NONE (the answer says none is right, or gives a letter no option has), UNDECIDED (the answer
declines to decide which), or UNREAD (no option found)."""

from __future__ import annotations

import re

from graders import options as O
from graders import spans
from graders.choice_cause import UNDECIDED, UNREAD, Outcome, lacked, none_chosen, one, several
from graders.choice_claims import claims_of, one_claimed
from graders.choice_letters import letter_patterns
from graders.choice_options import (
    CAPITAL,
    LETTERS,
    Reading,
    exact_option,
    flat_figure,
    names_figure,
    plain_option,
    question_stem,
    says_none_is_right,
)
from graders.choice_places import (
    LETTERED_LINE,
    AnswerPlaces,
    answer_first,
    committed_places,
    describes,
    glossed_first,
    in_frame_review,
    last_sentence_after,
    led_in_line,
    lists_from,
    marked_right,
    opens,
    reviewed,
    sentences_after,
    stated_letter,
    subscript_line,
    through_the_options,
)
from graders.choice_relations import NO, YES, inverted, polarity, restated
from graders.normalize import has_any

# a sentence that introduces the things asked about: 'The diagram shows two solutions, Solution A and Solution B.'
_INTRODUCED = re.compile(r"\b(?:shows?|has|have|contains?|depicts?|are|features?)\s+(?:two|three|four|five)\s+"
                         r"[a-z]+s\s*[,:(]", re.IGNORECASE)
_NEITHER_NOR = re.compile(r"\bneither\b[^.;\n]{1,80}?\bnor\b", re.IGNORECASE)
_WRITTEN_LETTER = re.compile(r"[(\[][A-L][)\]]|^\W{0,3}[A-L][.:)]\s")  # '(C) 50°', 'C. 50°'


# a short answer that ends on the one option it names, in an aside ('a toaster oven, which is used to make toast'),
# chooses it, unless the aside compares, concedes or supposes: there the option named may be the one set aside
_SETS_ASIDE = re.compile(r"\b(?:than|compared|unlike|versus|vs|ahead of|though|although|whereas|but|however|if|unless|"
                         r"whether|either|instead|rather|except|or|given|assuming|suppose)\b", re.IGNORECASE)
# the same in lowered ASCII, case-sensitive and behind a lookahead for the words' first letters (the engine passes
# other positions at once): four times cheaper (tests/grading/test_choice_fast_paths.py compares the two)
_SETS_ASIDE_LOWERED = re.compile(r"(?=[tcuvawbhierogs])" + _SETS_ASIDE.pattern)


def sets_aside(text: str) -> bool:
    """_SETS_ASIDE.search(text) is not None"""
    if text.isascii():
        return _SETS_ASIDE_LOWERED.search(text.lower()) is not None
    return _SETS_ASIDE.search(text) is not None


_IS_THE_ANSWER = re.compile(r"\W*\bis the (?:correct|right|best) (?:answer|option|choice)\W*$")
_LAST_WORD = re.compile(r"([a-z0-9]+)[^a-z0-9]*$")
# the same read from the end: the text reversed opens on its last word (a search of _LAST_WORD tries every start in
# every word, each running to the end: a cost that grows with the text's square)
_LAST_WORD_REVERSED = re.compile(r"[^a-z0-9]*([a-z0-9]+)")


def last_word(text: str) -> str | None:
    """_LAST_WORD.search(text).group(1), None where it finds none: the text's last run of lowercase ASCII letters and
    digits (tests/grading/test_choice_fast_paths.py compares the two)."""
    m = _LAST_WORD_REVERSED.match(text[::-1])
    return m.group(1)[::-1] if m else None


_ENDS_ON_LETTER = re.compile(r"\(\s*(\w)\s*\)\W*$")  # '…, which is (C).'


def _named_in_aside(answer: str, options: O.OptionSet, letters: str, shown: bool, scenery: frozenset[str],
                    names: frozenset[str], unknown: str | None, negative: bool, read=None) -> str | None:
    """The one option a short answer names only in an aside, if the answer ends on it (3.2). `read(place)`, where
    given, is the place's claims with asides read (AnswerPlaces.claims_with_asides: the same, found once)."""
    if len(answer) > 300 or sets_aside(answer):
        return None
    ends = "(" in answer and _ENDS_ON_LETTER.search(answer)  # (each pattern needs its literal)
    said = O.canon(answer)
    said = _IS_THE_ANSWER.sub("", said) if "is the " in said else said
    last = last_word(said)
    if not ends and not (last and O.stem(last) in _last_stems(options)):
        return None  # it ends neither on a bracketed letter nor on any option's last word: whichever option it names
        # alone, it does not end on it (below), and its claims need not be read
    return _ending_on_named(answer, options, letters, shown, scenery, names, unknown, negative, read)


def _ending_on_named(answer: str, options: O.OptionSet, letters: str, shown: bool, scenery: frozenset[str],
                     names: frozenset[str], unknown: str | None, negative: bool, read=None) -> str | None:
    """_named_in_aside past its pre-checks: the one option the answer's sentences name with asides read, if the
    answer ends on it."""
    named = {letter for place in spans.places(answer) if place.kind in ("lead", "sentence")
             for _, letter in (read(place) if read else
                               claims_of(place, options, letters, shown, False, scenery, names, unknown, negative,
                                         asides=False))}
    if len(named) != 1:
        return None
    letter = named.pop()
    ends = _ENDS_ON_LETTER.search(answer)  # at most one bracketed letter has only non-word characters after it
    if ends and ends.group(1) == letter:  # '…, which is (C).': it ends on the letter written
        return letter
    said = _IS_THE_ANSWER.sub("", O.canon(answer))  # '電力 (electricity) is the correct answer.' ends on its aside
    ends, own = last_word(said), last_word(O.canon(options.options[letters.index(letter)]))
    return letter if ends and own and O.stem(ends) == O.stem(own) else None


def _last_stems(options: O.OptionSet) -> frozenset[str]:
    """The stem of each option's last word, as _ending_on_named reads it: found once per option set."""
    found = options.memo.get("last stems")
    if found is None:
        found = options.memo["last stems"] = frozenset(
            O.stem(word) for o in options.options if (word := last_word(O.canon(o))))
    return found
_OPENS_CONTRAST = re.compile(r"\W{0,3}(?:but|however|yet|actually|that said)\b", re.IGNORECASE)


def _settled(answer: str, place: spans.Place, hedged: list[str], options: O.OptionSet, letters: str, shown: bool,
             scenery: frozenset[str], names: frozenset[str], unknown: str | None, negative: bool) -> str | None:
    """A hedge a later sentence settles after a contrast: 'either point A or point D … However, …, Point A would
    be the most appropriate' chooses A (3.5); the first such sentence decides, and only for one of those hedged."""
    if place.kind not in ("lead", "sentence", "conclusion") or not _OPENS_CONTRAST.search(answer):
        return None
    text = next((t for t in sentences_after(answer, place) if _OPENS_CONTRAST.match(t)), None)
    later = one_claimed(text, options, letters, shown, scenery, names, unknown, negative) if text else None
    return later if later in hedged else None


def _guessed(answer: str, place: spans.Place, options: O.OptionSet, letters: str, shown: bool,
             scenery: frozenset[str], names: frozenset[str], unknown: str | None, negative: bool) -> str | None:
    """After 'it is difficult to determine which …', the one option a later sentence commits to ('However, if I had
    to make an educated guess, I would choose the fourth image'); a description of the options commits to none."""
    text = next((t for t in sentences_after(answer, place) if _COMMITS.search(t)), None)
    return one_claimed(text, options, letters, shown, scenery, names, unknown, negative) if text else None


_SAID_VALUE = re.compile(r"\d{1,2}:\d{2}|-?\d+(?:\.\d+)?")  # a clock time ('10:00 am') is one value, not two


def _said_after_letters(rest: str, options: O.OptionSet) -> str | None:
    """The one option the words after letters given as the answer name by their one value ('The depth of point
    farthest east is 1.9 km.' for '1.9 km'), whose whole text they misspell ('Excitment'), or whose whole text they
    end on after a colon ('… have the same property: translucent.')."""
    said = plain_option(rest)
    values = _SAID_VALUE.findall(said)
    if len(values) == 1 and len(said.split()) >= 4:  # a sentence stating it, not the value alone ('(A, B) 3.3')
        value = re.compile(rf"{re.escape(values[0])}(?:\s*[a-z]{{1,3}})?")
        hits = [i for i, o in enumerate(options.options) if value.fullmatch(o)]
        return LETTERS[hits[0]] if len(hits) == 1 else None
    near = O.near_option(said, options.options) if len(rest) <= 80 and not values else None
    if near is None and ":" in said:  # '… have the same property: translucent.': the one option it ends on
        ending = [i for i, o in enumerate(options.options) if said.endswith(": " + o)]
        near = ending[0] if len(ending) == 1 else None
    return LETTERS[near] if near is not None else None


def _opening_of(said: str, options: tuple[str, ...]) -> int | None:
    """The one option whose text opens with the whole of a short marker text, two words or more; or, for a marker
    sentence, the one option whose first two words, and only its, it opens with ('Country 2 has the most GDP per
    person' for 'Country 2 records the highest GDP per capita.' beside 'Country 3 has …')."""
    if len(said.split()) < 2 or len(said) > 120:
        return None
    if len(said) <= 40:
        found = [i for i, o in enumerate(options) if o.startswith(said) and o[len(said):len(said) + 1] in (" ", "")]
        if found:
            return found[0] if len(found) == 1 else None
    if spans.blocked(said, asides=False):
        return None  # 'Option A is incorrect because …' rejects what it opens with
    head = said.split()[:2]
    found = [i for i, o in enumerate(options) if len(o.split()) >= 4 and o.split()[:2] == head]
    return found[0] if len(found) == 1 else None
_NONE_OF_THEM = re.compile(r"\bnone of (?:the|these|those|them)\b(?:\s+(?:given|listed|provided|above))?"
                           r"(?:\s+(?:options|choices|answers|answer choices))?(?:\s+[a-z]+ly)?\s+"
                           r"(?:is|are|can|could|would|fits?|match(?:es)?|works?|seems?|appears?)\b", re.IGNORECASE)


_BRACKETED_CAPITAL = re.compile(r"\([A-Z]\)")
# where the answer is given: letters listed in one parenthesis ('(A, B)'), or one bracketed capital ('(E) …')
_PAREN_LETTERS = re.compile(r"[\s*]{0,3}\(\s*[A-Z](?:\s*,\s*(?:and\s+|or\s+)?[A-Z])+\s*\)")
_PAREN_LETTER = re.compile(r"[\s*]{0,3}\(([A-Z])\)")
# letters each in brackets, given as the answer: '(A), (B), (C).'
_PAREN_LETTER_RUN = re.compile(r"[\s*]{0,3}\(\s*[A-Z]\s*\)(?:\s*,\s*(?:and\s+|or\s+)?\(\s*[A-Z]\s*\))+\.?")
_ONLY_BRACKETED = re.compile(r"\s*(?:\([A-L]\)[\s.,;]*){2,}")  # one way to read each space: linear
_NONE_ALONE = re.compile(r"\W*none(?: of (?:them|these|those|the (?:above|options|choices|answers)))?\W*",
                         re.IGNORECASE)
_ONLY_LETTERS = re.compile(r"[\W_]*(?:[(\[]?[A-L][)\]]?(?:[\s,;.&]|\band\b|\bor\b)*)+")


def _about_target(answer: str, target: str, options: O.OptionSet, letters: str, shown: bool, yes_no: bool,
                  scenery: frozenset[str], names: frozenset[str], passed: spans.Place) -> str | None:
    """The one option claimed by the first later sentence that names the asked-for figure."""
    later = False
    for place in spans.places(answer):
        later = later or place == passed
        if not later or place.kind not in ("lead", "sentence") or not names_figure(place.text, target):
            continue
        claims = claims_of(place, options, letters, shown, yes_no, scenery, names)
        distinct = spans.distinct_claims(place.text, claims) if claims else []
        if len(distinct) == 1:
            return distinct[0]
        if not distinct and _stated_after(place.text, target):
            return ""  # 'Therefore, the perimeter of ABCD is 10cm + 10cm + 4cm = 24cm.': a value no option has
    return None


def _stated_after(text: str, target: str) -> bool:
    """Does a number follow the asked-for figure's name in `text` ('the perimeter of ABCD is … = 24cm')?"""
    flat = flat_figure(text)
    at = flat.find(target)
    return at >= 0 and any(c.isdigit() for c in flat[at + len(target):])
_NOT_LISTED = re.compile(r"\s*not\s+(?:listed|among|one of|included|present|given|found)\b|"
                         r"\s*not\s+in\s+the\s+(?:options|choices)\b|"
                         r"\s*(?:不在|并不在|没有在)[^，。,.]{0,6}?(?:选择|选项)", re.IGNORECASE)  # '答案不在选择中'
_VERDICT = re.compile(r"\b(?:the|this|that|the given|the above)\s+(?:statement|claim|assertion)\s+(?:is|would be|seems|"
                      r"appears)\s+(?:to\s+be\s+)?(?:definitely\s+|clearly\s+)?(true|false)\b", re.IGNORECASE)
# 'So the option B is False.' where (B) is False: the option named with its own text, not rejected
_OPTION_IS_ITS_VERDICT = re.compile(r"\b(?:option|choice|answer)\s+\(?([A-L])\)?\s+(?:is|:)\s+(true|false)\b",
                                    re.IGNORECASE)

# the answer opens by declining to choose: 'it is not possible to accurately determine which of …'
_CANNOT = r"\b(?:not possible|impossible|cannot|can't|can ?not|unable|difficult|hard)\b[^.\n]{0,30}?"
_HARD_TO_SAY = re.compile(r"\b(?:difficult|hard)\b", re.IGNORECASE)
# a guess the answer commits to after finding it hard to say: 'I would choose', 'my best guess is'
_COMMITS = re.compile(r"\b(?:I(?:'d| would| will)|my (?:best )?guess)\b[^.\n]{0,30}?\b(?:choose|pick|select|go with|"
                      r"say|guess|is)\b", re.IGNORECASE)
_UNDECIDED = re.compile(_CANNOT + r"\b(?:determine|tell|say|decide|identify|judge)\b[^.\n]{0,20}?"
                        r"\b(?:which|the (?:correct|right|exact) (?:answer|solution|option|choice|number))\b",
                        re.IGNORECASE)  # 'it is not possible to confidently determine the correct answer' too
_UNDECIDED_NEEDS = ("which", "correct", "right", "exact")
# a conclusion declining both: 'it is not possible to confidently select either (A) … or (B) …'
_DECLINES_EITHER = re.compile(_CANNOT + r"\b(?:select|choose|pick|determine|say|decide)\b[^.\n]{0,10}?\beither\b"
                              r"[^.\n]{1,120}?\bor\b", re.IGNORECASE)


_CLOCK_DOT = re.compile(r"\b(\d{1,2})\.(\d{2})(?=\s*[ap]\.?m\b)", re.IGNORECASE)


def _not_given(claimed: list[str], options: tuple[str, ...], question: str) -> list[str]:
    """The claimed options whose whole text the question's own words do not state ('1:30 pm' in '… wants to arrive
    at the famous bridge at 1.30 PM …', a clock written with a dot)."""
    stem = O.canon(_CLOCK_DOT.sub(r"\1:\2", question_stem(question)))
    texts = {c: options[LETTERS.index(c)] for c in claimed}
    return [c for c, text in texts.items()  # a text of a letter or two ('a', 'A') is a word of any question
            if len(text) < 3 or not re.search(rf"(?<![\w.:]){re.escape(text)}(?![\w:])", stem)]


# --- the stage -----------------------------------------------------------------------------------------

_SKIP = Outcome("skip")  # a place that settles nothing: the next one is read


def _settle_letters_given(place: spans.Place, st: AnswerPlaces) -> Outcome | None:
    """Letters given as the answer in brackets (POLICY 3.5, 4.4): '(A, B) …' a hedge, '(D)' where the options lack
    D none; an answer opening on a letter the options lack chooses none."""
    answer, c = st.answer, st.case
    letters, options = c.letters, c.options
    if place.kind == "marker" and place.text[:3].lstrip(" *").startswith("("):
        listed = _PAREN_LETTERS.match(place.text) or _PAREN_LETTER_RUN.match(place.text)
        if listed and len(set(CAPITAL.findall(listed.group()))) >= 2:
            # 'Answer: (A, B) The person is cooking a meal.': two letters given as the answer, a hedge (3.5),
            # unless what follows them is one option's whole text ('(A, B, C) Bird')
            whole = exact_option(plain_option(place.text[listed.end():]), options)
            if whole is not None:
                return one(LETTERS[whole], place.kind)
            given = [k for k in dict.fromkeys(CAPITAL.findall(listed.group())) if k in letters]  # as written
            rest = place.text[listed.end():].strip()
            rest = rest if rest.strip(".") else last_sentence_after(answer, place)
            said = _said_after_letters(rest, options) if rest and len(given) >= 2 and \
                spans.plain(answer).rstrip(" .").endswith(rest.rstrip(" .")) else None  # nothing said after
            if said in given:  # 'Answer: (A, B) Excitment': one of them, its whole text misspelt
                return one(said, place.kind)
            if given:
                return several(given, place.kind)
            return none_chosen(f"answered {listed.group().strip()}, which no option is", place.kind)
        beyond = _PAREN_LETTER.match(place.text)
        if beyond and beyond.group(1) not in letters:
            # 'Answer: (D) True' for the options A to C: a letter the options lack chooses none (4.4)
            return lacked(beyond.group(1), place.kind)
    if place.kind == "lead" and place is st.places[0] and (beyond := _PAREN_LETTER.match(place.text)) and \
            beyond.group(1) not in letters and letters and opens(answer, place.text) and \
            len(_BRACKETED_CAPITAL.findall(answer, 0, 2000)) == 1:  # not a list of lettered lines
        # '(D) yes' for the options A and B: the answer opens on a letter the options lack, none chosen (4.4)
        return lacked(beyond.group(1), place.kind)
    return None


def _settle_declined(place: spans.Place, st: AnswerPlaces) -> Outcome | None:
    """An answer that opens by declining to decide ('It is not possible to determine which …') is UNDECIDED (4.4),
    unless it goes on to guess ('However, if I had to guess, I would choose the fourth')."""
    answer, c = st.answer, st.case
    if c.unknown is None and place.kind in ("lead", "conclusion") and has_any(place.text, _UNDECIDED_NEEDS) and \
            _UNDECIDED.search(place.text) and (place.kind == "lead" or opens(answer, place.text)):
        guess = _guessed(answer, place, c.options, c.letters, c.shown, c.scenery, c.names, c.unknown, c.negative) \
            if _HARD_TO_SAY.search(place.text) else None
        if guess:  # 'it is difficult to determine which … However, if I had to guess, I would choose the fourth'
            return one(guess, "sentence")
        return Outcome(UNDECIDED)  # what the rest describes is not chosen (where an option says the answer
        # cannot be known, the sentence names that one, below)
    return None


def _settle_listed(place: spans.Place, st: AnswerPlaces) -> Outcome | None:
    """A marker or conclusion followed by the options listed (4.4), or by letters each its own sentence (3.5)."""
    answer, c = st.answer, st.case
    if place.kind in ("marker", "conclusion") and LETTERED_LINE.match(place.text) and \
            lists_from(answer, place.text):
        marked = marked_right(answer, place.text, c.letters)
        if marked:  # '(A) … (Incorrect)' / '(C) … (Correct)': the one the list marks right
            return one(marked, place.kind)
        return _SKIP  # 'The correct answer is:' followed by the options listed one per line: none chosen (4.4)
    tail = answer[answer.rfind(place.text):] if place.kind == "marker" and place.text[:1] == "(" else ""
    if tail and _ONLY_BRACKETED.fullmatch(tail):
        # 'Answer: (C). (D).': two letters given as the answer, each its own sentence, a hedge (3.5)
        given = list(dict.fromkeys(m.group(1) for m in _PAREN_LETTER.finditer(tail)))
        if len(given) >= 2 and all(letter in c.letters for letter in given):
            return several(given, place.kind)
    return None


def _settle_no_option(place: spans.Place, st: AnswerPlaces) -> Outcome | None:
    """'Answer: None of them.', the options gone through after a marker, 'cannot select either (A) … or (B) …': no
    option chosen (4.4, 4.5); or the option that says none is right, where one does."""
    answer, c = st.answer, st.case
    if place.kind == "marker" and (_NONE_ALONE.fullmatch(place.text) or _NOT_LISTED.match(place.text)):
        # 'Answer: None of them.', 'The correct answer is not listed in the options provided, but …': no option
        # is right (4.4), which is the option that says so, where one does ('None of the above', 'All answer
        # options are incorrect'); unless a conclusion after it gives one ('… is not given in the provided
        # choices. Thus, the answer to option C in the image is:' / '(C) False.')
        after = answer.rfind(place.text) + len(place.text)
        if any(p.kind == "conclusion" and answer.find(p.text, after) >= 0 and
               len(set(spans.distinct_claims(p.text, st.claims(p)))) == 1
               for p in st.places):
            return _SKIP
        says_none = says_none_is_right(c.choices)
        if says_none is not None:
            return one(LETTERS[says_none], place.kind)
        return none_chosen("answered that no option is right", place.kind)
    if place.kind == "marker" and through_the_options(answer, place.text, c.letters):
        # 'Answer: A) Mia Hamm was … B) Mia Hamm helped … C) The sentence is …': the options gone through (4.5)
        return none_chosen("went through the options without choosing one", place.kind)
    if place.kind == "conclusion" and "either" in place.text and _DECLINES_EITHER.search(place.text):
        # 'Therefore, it is not possible to confidently select either (A) the second image or (B) the third.'
        return none_chosen("declined to choose between the options", place.kind)
    return None


def _settle_unclaimed(place: spans.Place, st: AnswerPlaces, distinct: list[str]) -> Outcome | None:
    """A place that names no option by the rules of claims (3): an option's text misspelt or opened (4.2),
    'neither … nor …' at the end, 'none of the options is …' (4.4)."""
    answer, c = st.answer, st.case
    options = c.options
    if not distinct and len(place.text) <= 80 and (place.kind in ("marker", "boxed") or (
            place.kind == "lead" and len(st.places) == 1)) and options.kind == "words":
        near = O.near_option(plain_option(place.text), options.options)
        if near is not None:  # 'Answer: Caprimulgis europae' for 'Caprimulgus europaeus': misspelt, still it
            return one(LETTERS[near], place.kind)
        if place.kind == "marker":
            opening = _opening_of(plain_option(place.text), options.options)
            if opening is not None:  # 'Answer: Country 2' for 'Country 2 boasts a superior GDP per capita.'
                return one(LETTERS[opening], place.kind)
    if not distinct and place.kind in ("marker", "conclusion") and not c.none_option and \
            _NEITHER_NOR.search(place.text) and O.named(options, O.canon(place.text), c.scenery) and \
            spans.plain(answer).rstrip().endswith(place.text.rstrip()):
        # '… Therefore, neither the second nor the third image shares the style.' at the end: both declined
        return none_chosen("answered that neither option is right", place.kind)
    if not distinct and place.explicit and not c.none_option and (
            not place.text.isascii() or "none of" in place.text.lower()) and _NONE_OF_THEM.search(place.text):
        # 'The answer is that none of the options is possible.': the answer given is that no option is right
        return none_chosen("answered that no option is right", place.kind)
    return None


def _settle_one(place: spans.Place, st: AnswerPlaces, letter: str) -> Outcome:
    """A place that claims one option chooses it (4.1-4.3): unless it is one of a frame review, restates a first line
    glossed with another letter, names the option by the opposite comparative, or passes a value on the way to the
    asked-for figure (2.3)."""
    answer, c = st.answer, st.case
    if in_frame_review(place, st):
        return _SKIP  # the options gone through one by one, each in the same words: none chosen (4.5)
    if st.glossed is None:
        st.glossed = glossed_first(answer, c.options, c.letters) if "(" in answer[:8] else ()
    if st.glossed and letter == st.glossed[1]:
        return one(st.glossed[0], "lead")  # '(D) It will rise by 3 m³. … Therefore, it will rise by 3 m³.'
    if len(c.choices) == 2 and not c.yes_no and c.question and inverted(c.question, place.text):
        # 'the second video's ball is slower' answers 'in which video is it faster?' with the first
        return one(LETTERS[1 - LETTERS.index(letter)], place.kind)
    if place.kind in ("lead", "sentence") and c.target and not names_figure(place.text, c.target):
        # 'ABCD has sides of length 4, 6 and 4. … The length of BE is 3.' for 'find BE': the sentence
        # about what was asked states the answer, not one that passes a value on the way (2.3)
        about = _about_target(answer, c.target, c.options, c.letters, c.shown, c.yes_no, c.scenery, c.names, place)
        if about:
            return one(about, "sentence")
        if about == "":
            return _SKIP  # the sentence about what was asked states a value no option has: not this one
        if not names_figure(answer, c.target) and not _WRITTEN_LETTER.search(place.text) and \
                len(spans.sentences(answer)) >= 3:
            return _SKIP  # reasoning that never names the asked-for figure: its values are of other things
    return one(letter, place.kind)


def _settle_several(place: spans.Place, st: AnswerPlaces, distinct: list[str]) -> Outcome | None:
    """A place that claims two or more options (3.5): the list echoed or the things introduced are no answer; the
    answer given first, a later sentence that settles the hedge, or the one option not restating the question
    decides; else a hedge."""
    if len(distinct) < 2:
        return None  # every rule below reads two options or more (the first, as many as the options, three or more)
    answer, c = st.answer, st.case
    only_letters = _ONLY_LETTERS.fullmatch(place.text) is not None
    echo = not only_letters or (distinct == sorted(distinct) and place.kind != "marker")
    if len(distinct) == len(c.choices) >= 3 and echo:
        return _SKIP  # every option named: the question's list echoed, not an answer; but letters alone given as the
        # answer ('Answer: (A), (B), (C), (D).') or out of order ('(C), (D), (A), (B), (C).') are a hedge
    if len(distinct) > 1 and place.kind in ("lead", "sentence") and _INTRODUCED.search(place.text):
        return _SKIP  # 'The diagram shows two solutions, Solution A and Solution B.': the things, before the answer
    if len(distinct) > 1 and place.kind != "bold":
        if st.first:
            return one(st.first, "lead")
        settled = _settled(answer, place, distinct, c.options, c.letters, c.shown, c.scenery, c.names, c.unknown,
                           c.negative)
        if settled:
            return one(settled, "sentence")
        given = _not_given(distinct, c.options.options, c.question) if c.question and not only_letters else distinct
        if len(given) == 1:
            # '… take the 11:00 AM bus to arrive … at 1:30 PM' for '… wants to arrive … at 1.30 PM, what time …?':
            # an option that only restates the question's own value is scenery (3.2), the other is the answer
            return one(given[0], place.kind)
        return several(distinct, place.kind)
    return None


def _settle_place(place: spans.Place, st: AnswerPlaces) -> Outcome | None:
    """Stage 5 for one place: an outcome, _SKIP (the place settles nothing), or None (read the next place)."""
    c = st.case
    options = c.options
    kind = place.kind
    # each rule below is called only for the kinds of place it reads (the others it returns None for at once)
    if kind in ("marker", "lead", "conclusion"):  # letters given: a marker, the lead; declined: the lead, a conclusion
        decided = _settle_letters_given(place, st) or _settle_declined(place, st)
        if decided:
            return decided
    if place.kind in ("boxed", "marker") and (2 <= len(place.text) or not place.text.isascii()) and \
            len(place.text) <= 120 and \
            not letter_patterns(c.letters)[0].match(place.text):
        exact = exact_option(plain_option(place.text), options)
        if exact is not None:  # '\boxed{(-2,0)}', 'The answer is one.': an option's whole text, not also '(2,0)'
            return one(LETTERS[exact], place.kind)  # inside it, and whatever words count elsewhere
    if describes(place, st):
        return _SKIP
    if kind in ("marker", "conclusion"):
        decided = _settle_listed(place, st) or _settle_no_option(place, st)
        if decided:
            return decided
    if subscript_line(place, st):
        return _SKIP
    if place.kind == "marker" and len(place.text) <= 60 and options.kind == "words" and \
            not any(p.match(place.text) for p in letter_patterns(c.letters)[:3]) and "(" not in place.text and \
            (off := O.one_word_off(plain_option(place.text), options.options)) is not None:
        return one(LETTERS[off], place.kind)  # 'Answer: A ballet shoe' for 'A ballet slipper' (4.2)
    # stage 4: the claims the place makes
    claims = st.claims(place)
    distinct = spans.distinct_claims(place.text, claims) if claims else []
    if not distinct and place.explicit:  # all it reads: no claim, in a marker, a boxed value, a conclusion, the lead
        decided = _settle_unclaimed(place, st, distinct)
        if decided:
            return decided
    if len(distinct) == 1:
        return _settle_one(place, st, distinct[0])
    if len(distinct) > 1:
        decided = _settle_several(place, st, distinct)
        if decided:
            return decided
    if c.yes_no and place.kind in ("lead", "sentence"):
        lead = "yes" if YES.match(place.text) else "no" if NO.match(place.text) else None
        if lead is None and c.question:
            affirmed = polarity(c.question, O.canon(place.text))
            lead = None if affirmed is None else "yes" if affirmed else "no"
        if lead:
            return one(LETTERS[[k.lower() for k in c.choices].index(lead)], place.kind)
    if place.kind == "lead" and "which" in place.text and _UNDECIDED.search(place.text):
        return Outcome(UNDECIDED)  # 'It is not possible to determine which …': what the rest describes is not chosen
    return None


def _settle_true_false(answer: str, st: AnswerPlaces) -> Outcome | None:
    """Options True and False: 'The statement is false.' judges the statement, option False (not a rejection of an
    option); a restatement of the statement affirms it, as for yes/no (4.3)."""
    c = st.case
    letters, verdicts = c.letters, c.verdicts
    named = next((m for p in spans.places(answer) if p.explicit for m in [_OPTION_IS_ITS_VERDICT.search(p.text)]
                  if m and m.group(1) in letters and verdicts[letters.index(m.group(1))] == m.group(2).lower()),
                 None)
    if named:
        return one(named.group(1), "lead")
    said = next((m for p in spans.places(answer) if p.explicit for m in [_VERDICT.search(p.text)] if m), None)
    if said is None:  # else one verdict, said once or more, in any sentence ('The statement is false because …')
        found = [m for p in spans.places(answer) if p.kind == "sentence" for m in [_VERDICT.search(p.text)] if m]
        said = found[0] if len({m.group(1).lower() for m in found}) == 1 else None
    if said:
        return one(LETTERS[verdicts.index(said.group(1).lower())], "lead")
    # 'Using 5m² of wood will cost £1,350.' restating the statement to judge affirms it, as for yes/no (4.3)
    lead = next((p for p in spans.places(answer) if p.kind == "lead"), None)
    if lead and lead.text in (st.review if st.review is not None else
                              reviewed(answer, c.options, letters, c.shown)):
        lead = None  # 'A) False, the UK is not …' opens a review of the options, each with a verdict
    affirmed = restated(O.canon(question_stem(c.question)), O.canon(lead.text)) if lead else None
    if affirmed is not None:
        return one(LETTERS[verdicts.index("true" if affirmed else "false")], "lead")
    return None


def settle(answer: str, case: Reading) -> Outcome:
    """Stage 5, settle: ONE option, SEVERAL (a hedge), NONE, UNDECIDED or UNREAD, from the places in order (3-4)."""
    # '(D) None of the above' on its own line, then the why: the answer given first, unless the rest chooses one
    first = answer_first(answer, case.options, case.letters)
    stated = stated_letter(answer, case)
    if stated:
        return one(stated, "marker")
    found_places = committed_places(answer, case.letters)
    led_in = led_in_line(answer, found_places, case)
    if led_in:
        return one(led_in, "conclusion")
    st = AnswerPlaces(answer, case, found_places, first)
    undecided = False
    for place in found_places:
        outcome = _settle_place(place, st)
        if outcome is None or outcome is _SKIP:
            continue
        if outcome.settled == UNDECIDED:
            undecided = True
            break
        return outcome
    if case.true_false:
        outcome = _settle_true_false(answer, st)
        if outcome:
            return outcome
    if first:
        return one(first, "lead")
    aside = None if undecided or case.yes_no or case.true_false else _named_in_aside(
        answer, case.options, case.letters, case.shown, case.scenery, case.names, case.unknown, case.negative,
        st.claims_with_asides)
    if aside:
        return one(aside, "sentence")
    return Outcome(UNDECIDED if undecided else UNREAD)
