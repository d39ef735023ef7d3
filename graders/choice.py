"""The choice grader: a letter in any case, an option's text or paraphrase, or yes/no (POLICY.md 4)."""

from __future__ import annotations

import itertools
import re
from decimal import Decimal
from functools import lru_cache
from typing import Any, NamedTuple

from graders import labelstyle, spans
from graders import options as O
from graders.normalize import has_any
from graders.records import Truth
from graders.registry import Match, grader

_LETTERS = "ABCDEFGHIJKL"
# a sentence that introduces the things asked about: 'The diagram shows two solutions, Solution A and Solution B.'
_INTRODUCED = re.compile(r"\b(?:shows?|has|have|contains?|depicts?|are|features?)\s+(?:two|three|four|five)\s+"
                         r"[a-z]+s\s*[,:(]", re.IGNORECASE)
_OPERATORS = (" - ", " + ", " × ", " * ", " / ", " ÷ ", " − ")
_OPERATION = re.compile(r"\d[\d.]*\s*°?(?:\s+[-+×*/÷−]\s+\d[\d.]*\s*°?)+")  # '110° - 30°', '2 × 3 + 4'
_CJK_IS_LETTER = re.compile(r"[是为為]\s*([A-L])\s*(?:[(（][^)）\n]{0,20}[)）])?\s*[。.]?\s*$")
_NEITHER_NOR = re.compile(r"\bneither\b[^.;\n]{1,80}?\bnor\b", re.IGNORECASE)
_WRITTEN_LETTER = re.compile(r"[(\[][A-L][)\]]|^\W{0,3}[A-L][.:)]\s")  # '(C) 50°', 'C. 50°'
_EXPONENT = re.compile(r"(?:\d+(?:\.\d+)?|\b[a-z])?\s*\^\s*\{?\s*-?\d+(?:\.\d+)?\s*\}?")  # '4^2', 'c^2', '^{2}'
_DIGIT_GLUED = re.compile(r"[ \t\n\u200b]*\d{1,2}([A-L])[ \t.]*(?:\n|$)")  # '2C', '3D\n\nThis is …'
# 'A: False', 'A:  The correct option letter is D': the label of an answer, as after 'Q:'
_ROLE_LABEL = re.compile(r"\s*(A):[ \t]+(?=\S)")
# a capital that is a word, not a letter: the article "A ball", the pronoun "I think"
_AFTER_WORD = re.compile(r"[a-z,]\s+$")
# 'A ball', 'I think' (an article, a pronoun); not 'A is', 'A would be most affected' (a verb: the letter)
_WORDLIKE = re.compile(r"A\s+(?!(?:is|was|seems|looks|appears|fits|matches|because|or|and|nor|would|will|should|"
                       r"could|must|might|has|had|does|did|are|were)\b)[a-z]|"
                       r"I\s+(?!(?:is|was|seems|looks|appears|fits|matches|because|or|and|nor)\b)[a-z]")  # 'I would'


@lru_cache(maxsize=64)
def _letter_patterns(letters: str) -> tuple[re.Pattern, ...]:
    """Most explicit first. Lowercase letters only with the punctuation of a choice ('c.', '(c)', 'c)')."""
    low = letters.lower()
    return (
        re.compile(rf"^[\W_]*([{letters}{low}])[\W_]*$"),  # the whole place: 'c', 'e.', '**B**', '(d)'
        re.compile(rf"^\W*[(\[]?([{letters}])(?:[)\]]|[.:](?=\s|$)|\s+[-–—]\s|\s*\n)"),  # 'C. Image 3', 'C) …'
        re.compile(rf"^\W*[(\[]?([{low}])(?:[)\]]|[.:](?=\s|$))"),
        re.compile(rf"(?<![A-Za-z0-9_(\[])[(\[]([{letters}{low}])[)\]]"),  # '(c)' anywhere, '对应选项(D)' too
        re.compile(rf"\b(?:option|choice|letter)\s*[:\-]?\s*[(\[]?([{letters}{low}])\b(?![\w'’-])", re.IGNORECASE),
        re.compile(rf"\b([{letters}])\s+is\s+the\s+(?:correct|right|best)\s+(?:answer|option|choice)\b"),
        # 'Select A from the options …', 'I would choose B': the capital chosen is the letter, not an article
        re.compile(rf"\b(?i:select|choose|pick)\s+[(\[]?([{letters}])[)\]]?(?![\w'’-])"),
        # a standalone capital ('答案是B'); not an angle's or a triangle's name ('∠A = ∠C'), nor a clock's 'A.M.'
        re.compile(rf"(?<![A-Za-z0-9_'’∠△-])([{letters}])(?![A-Za-z0-9_'’-]|\.M\b)"),
    )


def _letters_named(text: str, letters: str, shown: bool,
                   own: frozenset[str] = frozenset()) -> tuple[list[tuple[int, str]], int]:
    """Letters a place names, and how many of them are written as letters ('(C)', 'C.', 'option C'), not
    just a capital standing alone. Letters the prompt never showed count only as '(A)' or the whole answer 'A'."""
    found = []
    patterns = _letter_patterns(letters)
    explicit = 0
    role = _ROLE_LABEL.match(text)
    last = len(patterns) - 1
    for k, pattern in enumerate(patterns):
        if not shown and k not in (0, 3) and not (k == last and own):
            continue  # unshown, a capital alone is read only where it is an option's whole text ('A' … 'E')
        if k == last:
            explicit = len(found)
        for m in pattern.finditer(text):
            if not shown and (m.group(1).islower() or (k == last and m.group(1) not in own)):
                continue
            if k == last and _WORDLIKE.match(text, m.start()) and (
                    m.group(1) not in own or not _AFTER_WORD.search(text, max(0, m.start() - 40), m.start())):
                continue  # 'A ball', 'I think'; but 'cog A will' names the option whose text is 'A'
            if role and m.start(1) == role.start(1):
                continue  # 'A: False' is the answer's 'A:' (as after a 'Q:'), not option A
            found.append((m.start(1), m.group(1).upper()))
        if found and k < 3:
            if k:  # the lead is a letter; another written out in the place makes it a hedge ('(A) … or (B) …')
                seen = {at for at, _ in found}
                found += [(m.start(1), m.group(1).upper()) for p in patterns[3:-1] for m in p.finditer(text)
                          if m.start(1) not in seen and (shown or m.group(1).isupper())]
            return sorted(found), len(found)  # the whole place, or its lead, is the letter
    return found, explicit if shown else len(found)  # unshown, only the explicit forms were read


# where the question ends: its list of options, or the instruction to choose ('Select from A, B and C.')
_LISTING = re.compile(r"[(\[]A[)\]]|(?:^|\s)A[.)]\s|\b(?:select|choose|pick)\s+(?:from|one|the|an?)\b|"
                      r"\n[ \t]*(?:choices|options)[ \t]*:", re.IGNORECASE)  # also 'Choices: toothpick, food, …'



@lru_cache(maxsize=256)
def _asked(question: str) -> str:
    """The question without its list of options and the instruction to choose: the options' own words are not
    scenery, and a restatement need not repeat 'Select from A, B and C'."""
    m = _LISTING.search(question)
    return question[:m.start()] if m else question


@lru_cache(maxsize=256)
def _shows_letters(question: str | None) -> bool:
    return question is None or bool(re.search(r"\([A-L]\)|(?:^|\s)[A-L][.)]\s", question))


# a short answer that ends on the one option it names, in an aside ('a toaster oven, which is used to make toast'),
# chooses it, unless the aside compares, concedes or supposes: there the option named may be the one set aside
_SETS_ASIDE = re.compile(r"\b(?:than|compared|unlike|versus|vs|ahead of|though|although|whereas|but|however|if|unless|"
                         r"whether|either|instead|rather|except|or|given|assuming|suppose)\b", re.IGNORECASE)
_IS_THE_ANSWER = re.compile(r"\W*\bis the (?:correct|right|best) (?:answer|option|choice)\W*$")
_LAST_WORD = re.compile(r"([a-z0-9]+)[^a-z0-9]*$")


def _named_in_aside(answer: str, options: O.OptionSet, letters: str, shown: bool, scenery: frozenset[str],
                    names: frozenset[str], unknown: str | None, negative: bool) -> str | None:
    """The one option a short answer names only in an aside, if the answer ends on it (3.2)."""
    if len(answer) > 300 or _SETS_ASIDE.search(answer):
        return None
    named = {letter for place in spans.places(answer) if place.kind in ("lead", "sentence")
             for _, letter in _claims(place, options, letters, shown, False, scenery, names, unknown, negative,
                                      asides=False)}
    if len(named) != 1:
        return None
    letter = named.pop()
    if re.search(rf"\(\s*{letter}\s*\)\W*$", answer):  # '…, which is (C).': it ends on the letter written
        return letter
    said = _IS_THE_ANSWER.sub("", O.canon(answer))  # '電力 (electricity) is the correct answer.' ends on its aside
    ends, own = _LAST_WORD.search(said), _LAST_WORD.search(O.canon(options.options[letters.index(letter)]))
    return letter if ends and own and O.stem(ends.group(1)) == O.stem(own.group(1)) else None


# a lead-in that gives the answer's letter ('To answer your question, option C would be the best example:') is no
# heading: the letter written outranks the words on the line after it (4.1)
_GIVES_LETTER = re.compile(r"\b(?:option|choice|answer)\s+\(?[A-L]\)?\s+(?:is|would be|should be)\b")
# a sentence ending in 'is:' whose next line, a bracketed letter, ends the answer ('…, her phenotype is:' / '(A) light
# fur.'): that line is the answer
_IS_THEN_LAST_LINE = re.compile(r"\b(?:is|would be|will be)[ \t]*:[ \t]*\n\s*(\([A-L]\)[^\n]{0,120}?)\s*$")
# a sentence that gives its answer, then a colon before the reasons for it ('I believe image B is most likely to be
# a real photograph, for the following reasons:'): the colon leads in to reasons, the sentence still states its value
_REASONS_FOLLOW = re.compile(r"\b(?:for the following reasons?|for (?:these|several|a few|two|three) reasons|"
                             r"because of the following|here(?:'s| is) why)\s*:$", re.IGNORECASE)
_OPENS_CONTRAST = re.compile(r"\W{0,3}(?:but|however|yet|actually|that said)\b", re.IGNORECASE)


def _sentences_after(answer: str, place: spans.Place) -> list[str]:
    """The answer's sentences after the one holding the place (a conclusion is part of one)."""
    said = spans.sentences(answer)
    at = next((k for k, text in enumerate(said) if place.text in text), None)
    return said[at + 1:] if at is not None else []


def _last_sentence_after(answer: str, place: spans.Place) -> str:
    """The one sentence after the place's, where it ends the answer ('Answer: (A), (B). The race ends at 1:50.')."""
    after = _sentences_after(answer, place)
    return after[0] if len(after) == 1 else ""


def _one_claimed(text: str, options: O.OptionSet, letters: str, shown: bool, scenery: frozenset[str],
                 names: frozenset[str], unknown: str | None, negative: bool) -> str | None:
    """The one option a sentence claims, if it claims one."""
    claims = _claims(spans.Place("sentence", text), options, letters, shown, False, scenery, names, unknown, negative)
    named = spans.distinct_claims(text, claims) if claims else []
    return named[0] if len(named) == 1 else None


def _settled(answer: str, place: spans.Place, hedged: list[str], options: O.OptionSet, letters: str, shown: bool,
             scenery: frozenset[str], names: frozenset[str], unknown: str | None, negative: bool) -> str | None:
    """A hedge a later sentence settles after a contrast: 'either point A or point D … However, …, Point A would
    be the most appropriate' chooses A (3.5); the first such sentence decides, and only for one of those hedged."""
    if place.kind not in ("lead", "sentence", "conclusion") or not _OPENS_CONTRAST.search(answer):
        return None
    text = next((t for t in _sentences_after(answer, place) if _OPENS_CONTRAST.match(t)), None)
    later = _one_claimed(text, options, letters, shown, scenery, names, unknown, negative) if text else None
    return later if later in hedged else None


def _guessed(answer: str, place: spans.Place, options: O.OptionSet, letters: str, shown: bool,
             scenery: frozenset[str], names: frozenset[str], unknown: str | None, negative: bool) -> str | None:
    """After 'it is difficult to determine which …', the one option a later sentence commits to ('However, if I had
    to make an educated guess, I would choose the fourth image'); a description of the options commits to none."""
    text = next((t for t in _sentences_after(answer, place) if _COMMITS.search(t)), None)
    return _one_claimed(text, options, letters, shown, scenery, names, unknown, negative) if text else None


_SAID_VALUE = re.compile(r"\d{1,2}:\d{2}|-?\d+(?:\.\d+)?")  # a clock time ('10:00 am') is one value, not two


def _said_after_letters(rest: str, options: O.OptionSet) -> str | None:
    """The one option the words after letters given as the answer name by their one value ('The depth of point
    farthest east is 1.9 km.' for '1.9 km'), whose whole text they misspell ('Excitment'), or whose whole text they
    end on after a colon ('… have the same property: translucent.')."""
    said = _plain_option(rest)
    values = _SAID_VALUE.findall(said)
    if len(values) == 1 and len(said.split()) >= 4:  # a sentence stating it, not the value alone ('(A, B) 3.3')
        value = re.compile(rf"{re.escape(values[0])}(?:\s*[a-z]{{1,3}})?")
        hits = [i for i, o in enumerate(options.options) if value.fullmatch(o)]
        return _LETTERS[hits[0]] if len(hits) == 1 else None
    near = O.near_option(said, options.options) if len(rest) <= 80 and not values else None
    if near is None and ":" in said:  # '… have the same property: translucent.': the one option it ends on
        ending = [i for i, o in enumerate(options.options) if said.endswith(": " + o)]
        near = ending[0] if len(ending) == 1 else None
    return _LETTERS[near] if near is not None else None


def _subscript(answer: str, line: str) -> bool:
    """Is every line that is only `line` followed by a line opening with an operator ('KE' / 'A' / '=' / …)?"""
    after = [m.group(1) for m in re.finditer(rf"(?m)^[ \t]*{re.escape(line)}[ \t]*\n[ \t]*(\S?)", answer)]
    return bool(after) and all(c and c in "=×+-−*/^" for c in after)


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


_EVERY_OPTION_LINE = re.compile(r"\(([A-L])\)[ \t]")
_LETTERED_START = re.compile(r"^[ \t]*\(([A-L])\)[ \t]", re.MULTILINE)


def _every_option_lettered(answer: str, letters: str) -> bool:
    """Does every option (three or more) open a line of the answer by its bracketed letter, each once?"""
    found = _LETTERED_START.findall(answer)
    return len(letters) >= 3 and len(found) == len(letters) and set(found) == set(letters)


# --- yes / no ---------------------------------------------------------------------------------------------

_YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|correct|true|indeed|affirmative)\b", re.IGNORECASE)
_NO = re.compile(r"^\W*(?:no|nope|not really|false|incorrect|negative)\b", re.IGNORECASE)
_OPPOSITES = {
    "left": ("right",), "right": ("left",), "above": ("below", "under", "beneath"), "below": ("above", "over"),
    "top": ("bottom",), "bottom": ("top",), "over": ("under", "below"), "under": ("over", "above"),
    "same": ("different", "opposite", "differ"), "different": ("same",), "faster": ("slower",),
    "slower": ("faster",), "larger": ("smaller",), "bigger": ("smaller",), "smaller": ("larger", "bigger"),
    "more": ("fewer", "less"), "fewer": ("more",), "higher": ("lower",), "lower": ("higher",),
    "before": ("after",), "after": ("before",), "inside": ("outside",), "outside": ("inside",),
    "clockwise": ("counterclockwise",), "counterclockwise": ("clockwise",), "taller": ("shorter",),
    "longer": ("shorter",), "shorter": ("longer", "taller"), "up": ("down",), "down": ("up",),
    "closer": ("farther", "further"), "earlier": ("later",), "later": ("earlier",), "equal": ("unequal", "different"),
    "greater": ("less", "fewer", "smaller", "equal"), "less": ("greater", "more", "larger", "equal"),
}
_RELATION_WORDS = frozenset(w for k, v in _OPPOSITES.items() for w in (k, *v))
_NEGATED = re.compile(r"\b(?:not|never|neither|nor)\b|n't\b")


_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_STOPWORDS = frozenset("a an the is are was were do does did to of in on at and or it its this that these those "
                       "than as by with be answer yes no image video she he they her his him them their have has "
                       "had".split())  # 'Erica has … not enough' restates 'Does she have enough'


_WORD = re.compile(r"[a-z]+")  # compiled once: the hot paths below would look it up in re's cache every time


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text) if w not in _STOPWORDS and w not in _OPPOSITES}


_EMBEDDED = re.compile(r"\bwhether\b|\b(?:determine|tell|know|say|sure|unclear|answer|decide|judge|confirm|verify)"
                       r"\s+if\b")
_ABOUT_THE_QUESTION = re.compile(r"\b(?:the|this) question\b(?:\s+\w+){0,2}\s+(?:ask|is asking|wants|refers)")


class _Relation(NamedTuple):
    """What a yes/no question turns on, read once per question."""

    question: str  # canonical
    relation: str | None  # 'left', 'same', …; None: the question has no relation word
    words: dict[str, bool]  # the relation (True) and its opposites (False)
    pattern: re.Pattern | None  # any of `words`
    content: frozenset[str]  # the question's content words, relations apart
    first: frozenset[str]  # content words only before the relation ('the red star' in 'is the red star left of …')
    second: frozenset[str]  # content words only after it
    compared: tuple[frozenset[str], frozenset[str]] | None  # 'more X than Y': words only of X, words only of Y


@lru_cache(maxsize=256)  # per question: asked again for every answer
def _relation(question: str) -> _Relation:
    q = O.canon(question)
    q = _LATEX_COMMAND.sub(" ", q) if "\\" in q else q  # '{1\\over x}' holds no relation 'over'
    relation = next((w for w in re.findall(r"[a-z]+", q) if w in _OPPOSITES), None)
    if relation is None:
        return _Relation(q, None, {}, None, frozenset(), frozenset(), frozenset(), None)
    words = {relation: True, **{w: False for w in _OPPOSITES[relation]}}
    at = q.find(relation)
    before_q, after_q = _content(q[:at]), _content(q[at + len(relation):])
    parts = _than_parts(q, at + len(relation))
    compared = (frozenset(parts[0] - parts[1]), frozenset(parts[1] - parts[0])) if parts else None
    return _Relation(q, relation, words, re.compile(r"\b(" + "|".join(words) + r")\b"),
                     frozenset(_content(q) - _RELATION_WORDS), frozenset(before_q - after_q),
                     frozenset(after_q - before_q), compared)


def _than_parts(text: str, start: int) -> tuple[set[str], set[str]] | None:
    """'more big green things than red buses' from after 'more': the content words of the two things compared."""
    than = text.find(" than ", start)
    if than < 0 or "?" in text[start:than]:
        return None
    end = min((i for i in (text.find(c, than + 6) for c in "?.;\n") if i >= 0), default=len(text))
    return _content(text[start:than]), _content(text[than + 6:end])


def _polarity(question: str, text: str) -> bool | None:
    """Does a restatement of a yes/no question affirm it? None when it does not restate it."""
    if _ABOUT_THE_QUESTION.search(text) or _EMBEDDED.search(text) or text.rstrip().endswith("?"):
        # 'the question is asking about …', 'impossible to determine whether South Dakota has the highest value',
        # the question itself echoed: none of them says yes or no
        return None
    q, relation, words, pattern, content, first, second, compared = _relation(question)
    text = _LATEX_COMMAND.sub(" ", text) if "\\" in text else text
    if relation is None:
        return _restated(q, text)
    if not content & _content(text):
        return None  # 'The terms "less than" and "greater than" apply to numbers': about words, not the things asked
    m = pattern.search(text)
    if not m:
        if relation == "same" and re.search(r"\bboth\b", text) and not _NEGATED.search(text):
            return True  # 'Both balls move to the right.' for 'Do they move in the same direction?'
        return None
    affirmed = words[m.group(1)]
    clause = _CLAUSE_STOP.split(text[:m.start()])[-1]
    if _NEGATED.search(clause):
        affirmed = not affirmed
    said = _than_parts(text, m.end()) if compared else None
    if said:
        # 'there are more big green things than red buses' for 'are there more red buses than big green things?'
        if compared[1] & said[0] and compared[0] & said[1] and not compared[1] & said[1]:
            affirmed = not affirmed
        return affirmed
    # 'the brown star is left of the red star' for 'is the red star left of the brown star?'
    before_a, after_a = _content(text[:m.start()]), _content(text[m.end():])
    if first & after_a and second & before_a and not first & before_a:
        affirmed = not affirmed
    return affirmed


_ASKED = re.compile(r"[^.?!\n]*\?")
_PREMISE_TAIL = re.compile(r",?\s+(?:assuming|provided)\b[^?]*")
_CLAUSE_STOP = re.compile(r"[,;.]")


@lru_cache(maxsize=256)  # per question
def _wanted(question: str) -> frozenset[str]:
    asked = _ASKED.search(question)
    asked_text = asked.group() if asked else question
    # 'Is the derivative positive between [1, 2] assuming that it's differentiable?': the premise is not restated
    asked_text = _PREMISE_TAIL.sub("", asked_text) if "assum" in asked_text or "provided" in asked_text else asked_text
    return frozenset(_content(asked_text))


def _restated(question: str, text: str) -> bool | None:
    """A statement that repeats (nearly) every content word of the question affirms it, or denies it when
    negated: 'The white plate is half full.' is yes to 'Is the white plate half full?'."""
    wanted = _wanted(question)
    if len(wanted) < 2 or len(wanted & _content(text)) < 0.75 * len(wanted):
        return None
    return not _NEGATED.search(text)


_COMPARATIVES = frozenset({"faster", "slower", "larger", "bigger", "smaller", "taller", "shorter", "longer",
                           "higher", "lower", "more", "fewer", "earlier", "later", "closer"})


@lru_cache(maxsize=256)  # per question: asked again for every answer
def _comparative(question: str) -> str | None:
    """The comparative the question asks by ('faster'), if any."""
    asked = _ASKED.search(question)
    words = set(re.findall(r"[a-z]+", O.canon(asked.group() if asked else question)))
    return next((w for w in _COMPARATIVES if w in words), None)


def _inverted(question: str, text: str) -> bool:
    """Does the text name an option by the opposite of the question's comparative ('slower' for 'faster')?"""
    relation = _comparative(question)
    if relation is None:
        return False
    text = O.canon(text)  # only now: most questions ask by no comparative
    said = set(_WORD.findall(text))
    return relation not in said and any(w in said for w in _OPPOSITES[relation]) and not _NEGATED.search(text)


@lru_cache(maxsize=256)  # per option list: asked again for every answer
def _yes_no(options: tuple[str, ...]) -> bool:
    return sorted(o.strip().lower() for o in options) == ["no", "yes"]


# --- the grader -------------------------------------------------------------------------------------------

_LISTED = re.compile(r"[(\[][A-L][)\]]|(?:^|\s)[A-L][.)](?=\s)")
_CAPITAL = re.compile(r"(?<![A-Za-z0-9_'’-])([A-L])(?![A-Za-z0-9_'’-])")  # ASCII: 'D是AB的中点' names D
# capitals after the noun they name are names, not letters: 'the points A and B', 'vertex C'
_NAMED_THING = re.compile(r"\b(?i:points?|vertex|vertices|lines?|sides?|segments?|angles?|triangles?|corners?|"
                          r"magnets?|objects?|containers?|beakers?|wheels?|gears?)\s+"
                          r"[A-L](?:\s*(?:,|and|or|&)\s*[A-L])*(?![\w'’-])")


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
    stem = _asked(question) if question else ""
    asked = _SELECT_FROM.sub(" ", _LISTED.sub(" ", stem + _ARTICLE_A.sub(" ", (question or "")[len(stem):])))
    lower = {m.group(2).upper() for m in _LOWER_NAME.finditer(asked) if m.group(1).lower() not in _NOT_NOUNS}
    return frozenset(_CAPITAL.findall(asked)) | lower


def _blanked(text: str, ranges: list[tuple[int, int]]) -> str:
    chars = list(text)
    for a, b in ranges:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


_ENUMERATED = re.compile(r"(?:\b(?:options|choices)(?:\s+(?:are|were|given|provided|listed))?\s*:?|"
                         r"\b(?:select|choose|pick)\s+(?:from|between|among)|\be\.g\.,?|\bsuch as)\s*\(?[A-L]\)?"
                         r"(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)\(?[A-L]\)?)+(?![\w'’-])|"
                         r"\(\s*[A-L](?:\s*,\s*(?:and\s+|or\s+)?[A-L])+\s*\)", re.IGNORECASE)  # '(A, B, C, D)'

# a sentence about a case the question did not ask about ('For example, if …, option A would be …')
_HYPOTHETICAL = re.compile(r"\W{0,3}(?:(?:for example|for instance|e\.g\.),?\s*(?:if|suppose)|suppose)\b",
                           re.IGNORECASE)
_IF = re.compile(r"\b(?:if|suppose|assum\w*|were|would)\b", re.IGNORECASE)
_NONE_OF_THEM = re.compile(r"\bnone of (?:the|these|those|them)\b(?:\s+(?:given|listed|provided|above))?"
                           r"(?:\s+(?:options|choices|answers|answer choices))?(?:\s+[a-z]+ly)?\s+"
                           r"(?:is|are|can|could|would|fits?|match(?:es)?|works?|seems?|appears?)\b", re.IGNORECASE)
# a question the model made up after answering: 'Question: …', 'Hint: …', or a numbered one ('2) How many …?')
_RUN_ON = re.compile(r"\n[ \t]*(?:Hint|Questions?)[ \t]*:|\n[ \t]*\d{1,2}[.)][ \t]+[^\n?]{5,300}\?[ \t]*(?=\n)")
_LATEX_LETTER = re.compile(r"(?:(?:\\\(|\$)\s*)?\\(?:text|textbf|textit|mathrm|mathbf|mathit)\s*\{\s*(\(?[A-L]\)?)\s*\}"
                           r"(?:\s*(?:\\\)|\$))?|(?:\\\(|\$)\s*(\(?[A-L]\)?)\s*(?:\\\)|\$)")
_SPECIAL_TOKENS = re.compile(r"</?s>|<\|[a-z_]{2,20}\|>")
_MARKED_LETTER = re.compile(r"[\W_]{0,3}([A-L])(?![\w'’-])(?!\s+[a-z])")
# after a marker, a capital glued to a value ('E360') or before a plural ('A regions': no article) is the letter
_MARKED_GLUED = re.compile(r"[\W_]{0,3}([A-L])(?:(?=\d)|\s+[a-z]{2,}(?<![su]s)(?<=s)(?![\w'’-]))")


_BRACKETED_CAPITAL = re.compile(r"\([A-Z]\)")
_IMAGE_OPTION = re.compile(r"\boption [a-l]\b(?= in the (?:image|picture|figure))")
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


def _claims(place: spans.Place, options: O.OptionSet, letters: str, shown: bool,
            yes_no: bool, scenery: frozenset[str] = frozenset(),
            names: frozenset[str] = frozenset(), unknown: str | None = None,
            asks_negative: bool = False, asides: bool = True) -> list[tuple[int, str]]:
    """Options the place claims, as (position, letter): letters on the plain text, option words on the
    canonical text; negated ones dropped, and asides too except for motion (its origin is meaningful)."""
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
        bare = _letter_patterns(letters)[0].match(text)
        if bare and (shown_here or bare.group(1).isupper()):
            return [(bare.start(1), bare.group(1).upper())]  # the place is just the letter
        copula = _CJK_IS_LETTER.search(text) if shown_here and ("是" in text or "为" in text or "為" in text) else None
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
            lettered = _blanked(text, [m.span() for m in _ENUMERATED.finditer(text)])
        named, explicit = _letters_named(lettered, letters, shown_here, _own_letters(options.options))
        # 'the answer is A (neither; …)', 'The answer is A 30,430.': the one capital right after the marker is
        # the letter, even one the question uses as a name (not 'A ball': a capital before a word is an article)
        first = _MARKED_LETTER.match(text) if place.kind == "marker" and named else None
        if first and {letter for _, letter in named} == {first.group(1)}:
            return [(first.start(1), first.group(1))]
        if named:
            # 'the letter that does not rhyme is (C)'
            ranges = spans.blocked(text, asides=asides, negations=not asks_negative)
            if ranges and scenery and "than " in text and text.isascii():
                ranges = _restated_comparisons(text.lower(), ranges, scenery)  # '… than white ones in picture (A)'
            labels = {m.start(1) for m in _PAREN_LABEL.finditer(text)} if "(" in text else set()
            if "which" in text or "that" in text:  # ', which corresponds to option D': the answer's own label
                labels |= {m.start(1) for m in _LABEL_CLAUSE.finditer(text)}
            verdict = _says_none_is_right(options.options) if ranges else None
            own = _LETTERS[verdict] if verdict is not None else None
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
                found.append((m.start(), _LETTERS[options.options.index(m.group(1))]))
        if (short or place.kind in ("marker", "conclusion")) and len({letter for _, letter in found}) > 1:
            return sorted(found)  # 'Yes / No', '(C) yes (D) no': both named, a hedge
        return sorted(found)[:1]
    # negated and aside stretches are blanked (positions kept): none of an option's words may come from them
    # 'The perimeter cannot be 38.' answers 'which cannot be the perimeter?': there the negation is the claim
    ranges = spans.blocked(canonical, asides=asides and options.kind != "direction", negations=not asks_negative)
    if ranges and scenery and "if " in canonical:
        ranges = _restated_conditions(canonical, ranges, scenery)
    if ranges and scenery and "than " in canonical:
        ranges = _restated_comparisons(canonical, ranges, scenery)
    if ranges and "not" in scenery and "not " in canonical:
        # 'says to not block the intersection' for 'what does the sign say to not block?': the question's own
        # negation, restated, negates no option (3.1)
        ranges = [(a, b) for a, b in ranges if not ((m := _NOT_VERB.match(canonical, a)) and
                                                     O.stem(m.group(1)) in scenery)]
    visible = _blanked(canonical, ranges) if ranges else canonical
    if "^" in visible and options.kind == "words" and O.option_numbers(options.options):
        # a power is part of its formula, not a stated value: '(c^2)', '5^2 = 4^2 + 6^2' name no option 2 or 4 (3.3)
        visible = _EXPONENT.sub(lambda m: " " * len(m.group()), visible)
    if options.kind == "words" and has_any(visible, _OPERATORS) and O.option_numbers(options.options):
        # the operands of a written operation state no value: '110° - 30°, which is 80°' names no 30° (3.3)
        visible = _OPERATION.sub(lambda m: " " * len(m.group()), visible)
    if "=" in visible and options.kind == "words" and O.option_numbers(options.options):
        # a worked formula states the value after its last '=': '20° + 140° = 160°' names no 20° (3.3)
        last = visible.rindex("=")
        visible = " " * last + visible[last:]
    if _whole_numbers(options.options) and has_any(visible, _COUNT_WORDS):
        # 'there are two countries' names the option 2 (a count in words; 'one' is too often no count to be read)
        visible = _COUNT_WORD.sub(lambda m: _COUNT_WORDS[m.group()].ljust(len(m.group())), visible)
    lists = _value_lists(options.options)
    if lists:
        # options that are lists of values ('0.0, 13.0', '4.6, 4.4, 2.1') are named by all their values in their order,
        # however joined ('are 0.0 and 13.0 meters, respectively'), never by one of them
        said = [(m.start(), float(m.group())) for m in _NUMBER.finditer(visible.replace("−", "-"))]
        values = [v for _, v in said]
        found += [(said[at][0], _LETTERS[i]) for i, wanted in enumerate(lists) for at in range(len(said))
                  if tuple(values[at:at + len(wanted)]) == wanted]
        return sorted(found)
    # an option saying the answer cannot be known is named by saying so, or by its whole text, not by one of its
    # words: 'Without further information, it is difficult to determine which option is correct.' names none
    if options.cased and len(canonical) == len(text):
        # options that differ only in case ('Aa', 'aa', 'AA') are named as written, outside the blanked stretches
        shown_text = _blanked(text, ranges) if ranges else text
        found += [(m.start(), _LETTERS[i]) for i, o in enumerate(options.cased)
                  for m in re.finditer(rf"(?<![\w']){re.escape(o)}(?![\w'])", shown_text)]
        return sorted(found)
    found += [(at, _LETTERS[i]) for at, i in O.named(options, visible, scenery)
              if _LETTERS[i] != unknown or options.options[i] in visible]
    if ranges and options.kind == "words" and _self_aside_options(options.options):
        # 'the lowest is MusicLDM (mix-up)', 'moved to the right than to the left': an option's own parenthesis or
        # comparison is no aside (the options 'MusicLDM (mix-up)', 'to the right than to the left')
        negated = spans.blocked(canonical, asides=False, negations=not asks_negative)
        for i in _self_aside_options(options.options):
            at = canonical.find(options.options[i])
            if at >= 0 and not spans.is_blocked(at, negated) and (at, _LETTERS[i]) not in found:
                found = [f for f in found if not (at <= f[0] < at + len(options.options[i]))]
                found.append((at, _LETTERS[i]))
    if ranges and not found and has_any(canonical, _NEGATIVE_NEEDS):
        # 'The figure belongs to neither set A nor set B': an option's own negation is no negation of it
        asides = spans.blocked(canonical, negations=False) if options.kind != "direction" else []
        kept = _blanked(canonical, asides) if asides else canonical
        found += [(at, _LETTERS[i]) for at, i in O.named_negative(options, kept)]
    if not found and options.kind == "words":  # '4.3%' for the options 4.39%, 4.35%, 4.28%: the one it rounds
        found = [(at, _LETTERS[i]) for at, i in O.rounded(options.options, visible)]
    if not found and "oclock" in options.options and ":" in visible:
        # a clock read as digits for the time words: '7:30' is half past, '7:00' seven o'clock (canon: 'oclock')
        words = {"30": "half", "00": "oclock",  # and '7:45' quarter to, '3:15' quarter past (not just 'quarter')
                 "45": "quarter to" if "quarter to" in options.options else "quarter",
                 "15": "quarter past" if "quarter past" in options.options else "quarter"}
        found = [(m.start(), _LETTERS[options.options.index(words[m.group(1)])]) for m in _CLOCK.finditer(visible)
                 if words.get(m.group(1)) in options.options]
    return sorted(found)


_NEGATIVE_NEEDS = ("not", "no", "neither", "nor", "never", "n't")
# where the answer is given: letters listed in one parenthesis ('(A, B)'), or one bracketed capital ('(E) …')
_PAREN_LETTERS = re.compile(r"[\s*]{0,3}\(\s*[A-Z](?:\s*,\s*(?:and\s+|or\s+)?[A-Z])+\s*\)")
_PAREN_LETTER = re.compile(r"[\s*]{0,3}\(([A-Z])\)")
# letters each in brackets, given as the answer: '(A), (B), (C).'
_PAREN_LETTER_RUN = re.compile(r"[\s*]{0,3}\(\s*[A-Z]\s*\)(?:\s*,\s*(?:and\s+|or\s+)?\(\s*[A-Z]\s*\))+\.?")
_ONLY_BRACKETED = re.compile(r"\s*(?:\([A-L]\)[\s.,;]*){2,}")  # one way to read each space: linear
_NONE_ALONE = re.compile(r"\W*none(?: of (?:them|these|those|the (?:above|options|choices|answers)))?\W*",
                         re.IGNORECASE)
_ONLY_LETTERS = re.compile(r"[\W_]*(?:[(\[]?[A-L][)\]]?(?:[\s,;.&]|\band\b|\bor\b)*)+")
_COUNT_WORDS = {w: str(n) for n, w in enumerate("two three four five six seven eight nine ten eleven twelve".split(),
                                                 start=2)}
_COUNT_WORD = re.compile(r"\b(?:" + "|".join(_COUNT_WORDS) + r")\b(?=\s+[a-z])")


@lru_cache(maxsize=256)
def _whole_numbers(options: tuple[str, ...]) -> bool:
    return all(o.isdigit() and len(o) <= 2 for o in options)


# measured values ('0.0', '-1.7', '$ 63426.23'), listed with a comma and a space
_VALUE = r"[$€£]?\s*-?\d+\.\d+\s*(?:%|[a-z]{1,3}\b)?"
_VALUE_LIST = re.compile(rf"\s*{_VALUE}(?:,\s+{_VALUE})+\s*")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


@lru_cache(maxsize=256)
def _value_lists(options: tuple[str, ...]) -> tuple[tuple[float, ...], ...]:
    """Each option's values, where every option is a list of them ('0.0, 13.0', '$ 63426.23, $ 12697.13')."""
    if not all(_VALUE_LIST.fullmatch(o) for o in options):
        return ()
    return tuple(tuple(float(v) for v in _NUMBER.findall(o)) for o in options)
_CLOCK = re.compile(r"\b\d{1,2}:(\d{2})\b")
_YES_OR_NO = re.compile(r"\b(yes|no)\b")
_GROUPED = re.compile(r"(?<=\d),(?=\d{3}\b)")


# a mark or bullet before an answer ('✗ Some thieves are not robbers', '• B'): no part of its text
_LEADING_MARK = re.compile(r"^[^\w\s(\[$£€-]{1,3}\s+")


def _plain_option(text: str) -> str:
    text = spans.plain(text).strip()
    said = O.canon(text if text[:1].isalnum() else _LEADING_MARK.sub("", text)).strip(" .!*_`\"'")  # (no mark)
    return _GROUPED.sub("", said) if "," in said else said


@lru_cache(maxsize=256)  # per option list: compared with every answer
def _option_texts(options: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(_GROUPED.sub("", o) for o in options)


# a whole answer in Chinese for the options' English words ('左' for left)
_CJK_WORDS = {"左": "left", "左边": "left", "右": "right", "右边": "right", "是": "yes", "是的": "yes", "否": "no",
              "不是": "no", "相同": "same", "不同": "different"}


@lru_cache(maxsize=256)  # per option list: looked up for every answer
def _options_by_text(options: tuple[str, ...]) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for i, o in enumerate(_option_texts(options)):
        found.setdefault(o, []).append(i)
    return found


def _exact_option(said: str, options: O.OptionSet) -> int | None:
    """The option whose whole text the whole answer (`said`: its _plain_option) is, if exactly one is."""
    said = _CJK_WORDS.get(said, said)
    hits = _options_by_text(options.options).get(said, ()) if said else ()
    if not hits and " " in said:  # '30 mm clockwise' for '30mm clockwise': a space is no difference
        hits = _options_by_text(_spaceless(options.options)).get(said.replace(" ", ""), ())
    return hits[0] if len(hits) == 1 else None


@lru_cache(maxsize=256)
def _spaceless(options: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(o.replace(" ", "") for o in options)


_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
_SPACED = re.compile(r"\s*(-?\d{1,3}) (\d{1,3})\s*%?\s*")
_LISTED_TEXT = re.compile(r"\(([A-L])\)\s*(.+?)\s*(?=\([A-L]\)|$)", re.DOTALL)


@lru_cache(maxsize=256)
def _listed_texts(question: str) -> tuple[tuple[str, str], ...]:
    """The options' texts as the question lists them ('(A) 9:30 (Previous Year) … (B) …'), by letter."""
    return tuple((m.group(1), _plain_option(m.group(2))) for m in _LISTED_TEXT.finditer(question))


_NONE_IS_RIGHT = re.compile(r"^\W*(?:none of (?:the|these|those|them)\b|(?:all|the) (?:\w+ ){0,2}"
                            r"(?:options|choices|answers) (?:\w+ ){0,4}(?:are|is) "
                            r"(?:incorrect|wrong|misleading|false)\b)", re.IGNORECASE)


@lru_cache(maxsize=256)
@lru_cache(maxsize=256)  # per option list: asked again for every place of every answer
def _says_none_is_right(choices: tuple[str, ...]) -> int | None:
    """The one option saying no option is right ('None of the above', 'All answer options are incorrect')."""
    found = [i for i, c in enumerate(choices) if _NONE_IS_RIGHT.search(c)]
    return found[0] if len(found) == 1 else None


@lru_cache(maxsize=256)  # per option list: asked again for every answer
def _none_option(choices: tuple[str, ...]) -> bool:
    return any("none" in c.lower() or "neither" in c.lower() for c in choices)


@lru_cache(maxsize=256)  # per option list: asked again for every answer
def _spellings(choices: tuple[str, ...]) -> tuple[bool, bool, bool, bool]:
    """Which other spellings an option list admits: its own letters, True/False, Roman numerals, numbers."""
    letters = _LETTERS[: len(choices)]
    lowered = tuple(c.strip().lower() for c in choices)
    own = all(c.strip() == k for c, k in zip(choices, letters, strict=False))
    roman = all(c in _ROMAN for c in lowered)
    return own, "true" in lowered and "false" in lowered, roman, bool(O.option_numbers(choices))


def _short_answer(said: str, choices: tuple[str, ...], letters: str, question: str | None) -> str | None:
    """A whole short answer (`said`: its _plain_option) that is an option in another spelling (POLICY 4.2): a number
    for a Roman numeral ('4' for 'IV'), digits whose separator became a space ('35 000' for 35,000, '8 2' for 8.2%),
    or, where the options are their own letters, the text the question lists for one of them."""
    own, true_false, roman, numeric = _spellings(choices)
    if not said or len(said) > 120 or not (own or true_false or roman or numeric):
        return None
    if own and question:
        hits = {k for k, text in _listed_texts(question) if text == said and k in letters}
        return hits.pop() if len(hits) == 1 else None
    lowered = tuple(c.strip().lower() for c in choices)
    if question and true_false and len(said) <= 30 and any(c.isdigit() for c in said):
        # '15:40' for 'The Gold Watch displays the time as 15:40.': the statement's value restated affirms it (4.3)
        return letters[lowered.index("true")] if re.search(rf"(?<![\w.:,]){re.escape(said)}(?![\w:]|[.,]\d)",
                                                           O.canon(_asked(question))) else None
    if said.isdigit() and roman:
        number = int(said)
        return letters[lowered.index(_ROMAN[number - 1])] if 0 < number <= 12 and _ROMAN[number - 1] in lowered \
            else None
    spaced = _SPACED.fullmatch(said) if numeric and " " in said else None
    numbers = O.option_numbers(choices) if spaced else ()
    if numbers:
        whole, part = spaced.groups()
        readings = {abs(Decimal(f"{whole}.{part}"))} | ({abs(Decimal(whole + part))} if len(part) == 3 else set())
        hits = [k for k, n in zip(letters, numbers, strict=False) if abs(n[0]) in readings]
        return hits[0] if len(hits) == 1 else None
    return None


# an answer's own label in parentheses: 'an eosinophilic granular body (option D)'
_PAREN_LABEL = re.compile(r"\(\s*(?:option|choice|answer)\s*:?\s*[(\[]?([A-L])[)\]]?\s*\)", re.IGNORECASE)
# a letter stated to be the answer, wherever it stands: 'The answer (D) is the correct one.', '(B) is the correct
# option'
# a statement judged rather than an answer named: 'option (A) is correct' (not 'the correct answer')
_BARE_VERDICT = re.compile(r"(?:correct|right|true|正确|對|对)$")
# a relative clause that gives the answer's option: ', which corresponds to option D (4/5)', ', which is option B'
_LABEL_CLAUSE = re.compile(r",\s*(?:which|that)\s+(?:corresponds|matches|is|refers)\s+(?:to\s+)?"
                           r"(?:option|choice|answer)\s*[(\[]?([A-L])\b", re.IGNORECASE)
_STATED = re.compile(r"\b(?i:answer|option|choice)\s*[(\[]([A-L])[)\]]\s+is\s+(?:the\s+)?(?:correct|right|best)\b"
                     r"|(?:[(\[]([A-L])[)\]]|(?<![\w'’(\[-])([A-L]))\s+is\s+the\s+(?:correct|right|best)\s+"
                     r"(?:answer|option|choice)\b"
                     r"|选项\s*[(（]?([A-L])[)）]?\s*(?:是)?(?:正确|對|对)"  # '选项C正确': option C is correct
                     # 'so answer B is true', 'option C is correct': the letter, not option True's text
                     r"|\b(?i:answer|option|choice)\s+([A-L])\s+is\s+(?:the\s+)?(?:correct|right|true)\b")
_LETTERED_LINE = re.compile(r"[ \t]*(?:\(\w{1,2}\)|[A-Za-z][.)])[ \t]")
_CUT = re.compile(r"[ \t]*\(?[\w.,%°-]{0,10}\)?[ \t]*")  # a line's cut end or start: '(AG', '.5', '(mix-up)


# what a figure question asks for, named by its letters: 'then ∠BCE = ()', '则BE的长是', 'Find CD.'
_ASKS_FOR = re.compile(r"(?:\bthen\b|\bfind\b|\bwhat is\b|则|求)[^.?!。？]*$", re.IGNORECASE)
_FIGURE_NAME = re.compile(r"(?<![A-Za-z])(?:∠\s?(?:[A-Z]{1,3}|\d{1,2})|[A-Z]{2,4})(?![A-Za-z0-9])")


@lru_cache(maxsize=256)
def _target(question: str) -> str | None:
    """The one figure name ('BE', '∠BCE') the question asks for, if it names exactly one there."""
    asked = _ASKS_FOR.search(_angles(_asked(question)).strip().rstrip("（）() .。"))
    found = set(_FIGURE_NAME.findall(asked.group())) if asked else set()
    return found.pop().replace(" ", "") if len(found) == 1 else None


_ANGLE_WORD = re.compile(r"\b[Aa]ngle\s+(?=[A-Z0-9])")  # 'angle C' is ∠C


def _angles(text: str) -> str:
    text = text.replace("\\angle", "∠").replace("$", "") if "\\angle" in text else text
    return _ANGLE_WORD.sub("∠", text) if "ngle" in text else text


def _flat(text: str) -> str:
    """The text as figure names are compared: angles as ∠, no spaces, the Greek capital Δ as the triangle sign."""
    return _angles(text).replace(" ", "").replace("Δ", "△")


def _names(text: str, target: str) -> bool:
    """Does the text name the asked-for figure ('∠C' as 'angle C'; 'BE' as 'EB', the same segment)?"""
    text = _flat(text)
    return target in text or (len(target) <= 4 and target[::-1] in text and not target.startswith("∠"))


def _about_target(answer: str, target: str, options: O.OptionSet, letters: str, shown: bool, yes_no: bool,
                  scenery: frozenset[str], names: frozenset[str], passed: spans.Place) -> str | None:
    """The one option claimed by the first later sentence that names the asked-for figure."""
    later = False
    for place in spans.places(answer):
        later = later or place == passed
        if not later or place.kind not in ("lead", "sentence") or not _names(place.text, target):
            continue
        claims = _claims(place, options, letters, shown, yes_no, scenery, names)
        distinct = spans.distinct_claims(place.text, claims) if claims else []
        if len(distinct) == 1:
            return distinct[0]
        if not distinct and _stated_after(place.text, target):
            return ""  # 'Therefore, the perimeter of ABCD is 10cm + 10cm + 4cm = 24cm.': a value no option has
    return None


def _stated_after(text: str, target: str) -> bool:
    """Does a number follow the asked-for figure's name in `text` ('the perimeter of ABCD is … = 24cm')?"""
    flat = _flat(text)
    at = flat.find(target)
    return at >= 0 and any(c.isdigit() for c in flat[at + len(target):])


def _lists_from(answer: str, line: str) -> bool:
    """Is `line` the first of two or more lettered lines in a row, each a different option?"""
    at = answer.rfind(line)  # the marker read is the last one: 'Answer: (G) Oriole' after the options listed
    if at < 0:
        return False
    run = []
    for following in answer[at:].splitlines():
        if not following.strip():
            break
        if not _LETTERED_LINE.match(following):
            break
        run.append(following.strip()[:4])
    return len(set(run)) >= 2


_FIRST_LINE = re.compile(r"[ \t]*(?:\u200b\s*)?\(([A-L])\)(?:[ \t]+([^\n]{1,200}?))?[ \t.]*(?:\n|$)")


def _answer_first(answer: str, options: O.OptionSet, letters: str) -> str | None:
    """A first line that is an option's letter in brackets and its own text ('(D) None of the above'), followed
    by prose, not by more lettered lines (a list): the answer, given first and explained after."""
    m = _FIRST_LINE.match(answer) if "(" in answer else None
    if not m or m.group(1) not in letters or "\n" not in answer[m.end(1):]:
        return None
    # the letter alone ('(D)' on its first line), or with its own text
    if m.group(2) and _plain_option(m.group(2)) != _GROUPED.sub("", options.options[letters.index(m.group(1))]):
        return None
    rest = [line for line in answer[m.end():].splitlines() if line.strip()]
    if not m.group(2) and any(_LETTERED_LINE.match(line) for line in rest):
        return None  # '(A)' over its text, then '(C) …', '(D) …': options listed, not one given first
    return m.group(1) if rest and not _LETTERED_LINE.match(rest[0]) else None


_LETTER_AND_TEXT = re.compile(r"\(([A-L])\)[ \t]+(.{1,200})")


def _glossed_first(answer: str, options: O.OptionSet, letters: str) -> tuple[str, str] | None:
    """A first line that is a bracketed letter and another option's text ('(D) It will rise by 3 cubic metres'
    where (E) says that): (the letter written, the option its words name). A later place that restates those words
    chooses the written letter (4.1: a letter written as one outranks the words)."""
    first = spans.sentences(spans.plain(answer[:400]), limit=3)
    m = _LETTER_AND_TEXT.fullmatch(first[0]) if first else None
    if not m or m.group(1) not in letters:
        return None
    said = _plain_option(m.group(2))
    hits = [k for k, o in zip(letters, _option_texts(options.options), strict=False) if o == said]
    return (m.group(1), hits[0]) if len(hits) == 1 and hits[0] != m.group(1) else None


# a listed option marked right or wrong at its line's end: '(C) The force is smaller in Pair 1. (Correct)'
_MARKED_RIGHT = re.compile(r"^[ \t]*\(?([A-L])[).][^\n]*?[(\[:\-–—][ \t]*"
                           r"(correct|right|true|incorrect|wrong|false)[)\]]?[ \t.]*$", re.IGNORECASE | re.MULTILINE)
_NOT_LISTED = re.compile(r"\s*not\s+(?:listed|among|one of|included|present|given|found)\b|"
                         r"\s*not\s+in\s+the\s+(?:options|choices)\b|"
                         r"\s*(?:不在|并不在|没有在)[^，。,.]{0,6}?(?:选择|选项)", re.IGNORECASE)  # '答案不在选择中'
# 'A) …' and '(A), …', not '(A) …': those name options in running prose
_ITEM_LABEL = re.compile(r"(?:^|\s)(?:([A-L])\)|\(([A-L])\),)\s")


def _marked_right(answer: str, start: str, letters: str) -> str | None:
    """The one option of a list after a marker that the list itself marks right ('(C) … (Correct)')."""
    at = answer.find(start)
    right = {m.group(1) for m in _MARKED_RIGHT.finditer(answer, max(at, 0))
             if m.group(2).lower() in ("correct", "right", "true") and m.group(1) in letters}
    return right.pop() if len(right) == 1 else None


def _through_the_options(answer: str, start: str, letters: str) -> bool:
    """Does the answer, from the marker on, go through the options' labels in order, two or more ('A) … B) …
    C) …', '(A), … (B), …'), the first where the marker is?"""
    at = answer.rfind(start)  # the marker's own place: its text may also stand in a list before it
    if at < 0 or not _ITEM_LABEL.match(" " + start):
        return False
    labels = [m.group(1) or m.group(2) for m in _ITEM_LABEL.finditer(answer, max(at - 1, 0))][: len(letters)]
    return len(labels) >= 2 and "".join(labels) == letters[: len(labels)]


_UNTICKED = re.compile(r"^[ \t]*[☐□][ \t]*\(?[A-L]\)?[^\n]*(?:\n|$)", re.MULTILINE)
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


# a case opens with 'If', or with a connective before it ('On the other hand, if …', 'Alternatively, if …')
_IF_OPENS = re.compile(r"\W{0,3}(?:(?:on the other hand|alternatively|otherwise|conversely|in contrast|however|but|and|"
                       r"for example|for instance|similarly|likewise)"
                       r",?\s+)?if\b", re.IGNORECASE)


def _cases(answer: str, options: O.OptionSet, letters: str, *context) -> frozenset[str]:
    """Sentences of a case analysis: those that open with 'If' and claim options, two or more options in all
    ('If B preys on C, C will decrease (Option A). If B feeds C, C will increase (Option B).'). Each says
    what would follow from a premise the answer does not settle: none is chosen (POLICY 4.5)."""
    found = []
    for place in spans.places(answer):
        if place.kind in ("lead", "sentence") and _IF_OPENS.match(place.text):
            claims = _claims(place, options, letters, *context)
            distinct = spans.distinct_claims(place.text, claims) if claims else []
            found += [(place.text, c) for c in distinct]
    sentences = frozenset(text for text, _ in found)
    # two or more such sentences: one 'If …' sentence naming three options is a hedge, not a case analysis
    return sentences if len({c for _, c in found}) >= 2 and len(sentences) >= 2 else frozenset()


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
        lines = lines[1 if _CUT.fullmatch(head) else 0:-1 if _CUT.fullmatch(tail) else None]
    return 2 <= len(lines) <= 60 and all(_LETTERED_LINE.match(line) for line in lines)


# a question asking which is not so: 'which of the following cannot be', 'all of the following are true except'
# (and 'which statement is incorrect?')
_ASKS_NEGATIVE = re.compile(r"\bwhich\b[^?]{0,80}\b(?:cannot|can't|could not|couldn't|is not|isn't|are not|aren't|"
                            r"does not|doesn't|do not|don't|not|incorrect|false|wrong|untrue)\b|"
                            r"\bexcept\b|\bexception\b", re.IGNORECASE)
_VERDICT = re.compile(r"\b(?:the|this|that|the given|the above)\s+(?:statement|claim|assertion)\s+(?:is|would be|seems|"
                      r"appears)\s+(?:to\s+be\s+)?(?:definitely\s+|clearly\s+)?(true|false)\b", re.IGNORECASE)
# 'So the option B is False.' where (B) is False: the option named with its own text, not rejected
_OPTION_IS_ITS_VERDICT = re.compile(r"\b(?:option|choice|answer)\s+\(?([A-L])\)?\s+(?:is|:)\s+(true|false)\b",
                                    re.IGNORECASE)
# an option saying the answer cannot be known, and an answer saying so (POLICY 4.2)
_UNKNOWABLE_OPTION = re.compile(r"\b(?:insufficient|not enough|not sure|unsure|uncertain)\b|"
                                r"\b(?:tough|hard|difficult) to (?:differentiate|distinguish|tell|determine|say)\b|"
                                r"\b(?:can't|cannot|can not|impossible to|unable to)\s+"
                                r"(?:be\s+)?(?:predict|determin|tell|know|say)|\bundetermin|\bnot (?:be )?determinable")
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
_ASKED_IF = re.compile(r"\b(?:if|whether)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


def _opens(answer: str, text: str) -> bool:
    """Is `text` in the answer's first sentence ('Based on the information provided, it is not possible …')?"""
    first = spans.sentences(answer[:400])
    return bool(first) and text in first[0]
# a conclusion declining both: 'it is not possible to confidently select either (A) … or (B) …'
_DECLINES_EITHER = re.compile(_CANNOT + r"\b(?:select|choose|pick|determine|say|decide)\b[^.\n]{0,10}?\beither\b"
                              r"[^.\n]{1,120}?\bor\b", re.IGNORECASE)
_OPENS_AT = 4  # an option named this near a sentence's start is what the sentence is about


# a first sentence that ranks its option above the rest chooses it: 'Box A more accurately localizes the tray. Box
# B, on the other hand, only encloses the pizza.' is no review
_RANKS = re.compile(r"\b(?:better|best|closer|closest)\b|\w{3,}er than\b|"
                    r"\b(?:more|most)\s+(?:accurately|precisely|closely|completely|likely|similar|consistent)\b",
                    re.IGNORECASE)  # not 'more aligned with Realism': a description, not a ranking
# where the review concludes: 'Point D is the correct corresponding point (C) because …' (not 'is not the correct')
_JUDGED_RIGHT = re.compile(r"(?<!not )\b(?:is|are)\s+the\s+(?:correct|right|best)\b", re.IGNORECASE)
# '(A) The …', 'Option (A) picture A: …', and headings: 'Image (A): The first image …', 'Set B: 8 is in rows 2 and 3'
_LEAD_LABEL = re.compile(r"\W{0,3}(?:(?:option|image|picture|figure|set|choice)\s*)?[(\[]?([A-L])(?:[)\]]|[.:]\s)",
                         re.IGNORECASE)


def _text_opening(sentence: str, options: O.OptionSet, letters: str) -> tuple[str, bool] | None:
    """The option whose own whole text opens the sentence, and whether as a heading ('Burial Tomb: The beige part
    …') rather than as its subject ('A park is a location …')."""
    head = " ".join(O.canon(sentence[:120]).replace("- ", "-").replace("-", " ").split())
    found = [(letters[i], head[len(o)] == ":") for i, o in enumerate(options.options)
             if len(o) >= 3 and head.startswith(o) and head[len(o):len(o) + 1] in (":", " ")]
    return found[0] if len(found) == 1 else None


def _reviewed(answer: str, options: O.OptionSet, letters: str, shown: bool) -> frozenset[str]:
    """Sentences of an option-by-option review: two or more sentences, each opening with a different option
    in the options' order ('(A) The first image shows …', '(B) The second image …'; 'Point A is on the
    head. Point B is on …'; 'Burial Tomb: … Pyramid: …'). Each describes its option; none chooses it (POLICY
    4.5). Only options that are things to describe (images, points), written with their letter or as headings open
    a review of two: 'True, …' / 'False, …' are verdicts; sentences that open with options' whole texts as their
    subjects ('A park is …', 'A school is …') make one from three."""
    items = options.kind in ("indexed", "labelled")
    # options' own texts open a review unless they are verdicts ('True, …', 'Yes, …')
    words = options.kind == "words" and not set(options.options) & {"true", "false", "yes", "no"}
    few = answer.count("\n") + answer.count(". ") < 2
    if few and not (words and answer.count(": ") >= 2):
        return frozenset()
    review: list[str] = []
    run: list[tuple[str, str, bool, bool]] = []  # (sentence, letter, by a label or a heading, by an option's text)
    between: list[str] = []  # sentences after a run's item, before the next: they describe that item too

    def close(run: list[tuple[str, str, bool, bool]], after: list[str]) -> list[str]:
        enough = len(run) >= 2 if all(item[2] for item in run) else len(run) >= 3
        if not enough or _RANKS.search(run[0][0]):
            return []
        # sentences after the last item opened by an option's text go on describing it
        tail = after if run[-1][3] else []
        return [s for s in [item[0] for item in run] + tail if not _JUDGED_RIGHT.search(s)]

    for sentence in spans.sentences(spans.plain(answer)):
        label = _LEAD_LABEL.match(sentence) if shown and not few else None  # '(A) The …', 'Option (A) picture A: …'
        strong = True
        if label:
            opening = {label.group(1).upper()} & set(letters)
        elif items and not few:
            head = O.canon(sentence[:40])
            opening = {letters[i] for i, p in enumerate(options.patterns) if (m := p.search(head)) and
                       m.start() <= _OPENS_AT}
        elif words and (text := _text_opening(sentence, options, letters)):
            opening, strong = {text[0]}, text[1]
        elif words and run and run[-1][3]:
            opening = set()  # a sentence after an option's text opened one: it describes that option too
        else:
            continue
        if len(opening) != 1:
            if run:
                between.append(sentence)
            continue
        letter = opening.pop()
        if run and letter <= run[-1][1]:  # the order restarts: the review, if any, ended
            review += close(run, between)
            run = []
        if run:
            review += [s for s in between if shown and not _JUDGED_RIGHT.search(s)]  # within the review
        between = []
        run.append((sentence, letter, strong, not label and not items))
    if run:
        review += close(run, between)
    return frozenset(review)


@lru_cache(maxsize=256)  # per question: asked again for every answer
def _asks_if(question: str | None) -> bool:
    return bool(question) and _IF.search(question) is not None


def _frame_reviews(answer: str, options: O.OptionSet, letters: str, *context) -> frozenset[str]:
    """Sentences of runs of three or more in a row that open with the same three words and each state a different
    option, all the options or all but one ('The angle between FG and DE is 60°. The angle between AB and CB is
    45°. The angle between …'): they go through the options one by one, and none is chosen (POLICY 4.5)."""
    found: list[str] = []
    run: list[tuple[str, str]] = []
    for sentence in [*spans.sentences(spans.plain(answer)), ""]:
        frame = sentence.lower().split()[:3]
        if run and frame != run[0][0].lower().split()[:3]:
            chosen = [c for _, c in run]
            if len(run) >= max(3, len(letters) - 1) and None not in chosen and len(set(chosen)) == len(chosen):
                found += [text for text, _ in run]
            run = []
        if len(frame) == 3:
            claims = _claims(spans.Place("sentence", sentence), options, letters, *context)
            distinct = spans.distinct_claims(sentence, claims) if claims else []
            run.append((sentence, distinct[0] if len(distinct) == 1 else None))
    return frozenset(found)


@lru_cache(maxsize=256)
def _self_aside_options(options: tuple[str, ...]) -> tuple[int, ...]:
    """Options whose own (canonical) text holds an aside: 'MusicLDM (mix-up)', 'to the left than to the right'."""
    return tuple(i for i, o in enumerate(options) if len(o) >= 4 and spans.blocked(o, negations=False))


@lru_cache(maxsize=256)
def _own_letters(options: tuple[str, ...]) -> frozenset[str]:
    """Letters whose option's text is the letter itself ('A' as option A)."""
    return frozenset(k for k, o in zip(_LETTERS, options, strict=False) if o == k.lower())


# an option's own words that could be read as a claim of their own: another letter ('option B in the image'),
# a verdict ('All answer choices … are incorrect'), a negation
_HAZARD = re.compile(r"\b(?i:options?|choices?|answers?|correct|incorrect|wrong)\b|"
                     r"(?<![A-Za-z0-9])[A-L](?![A-Za-z0-9])")
# '(D) ', '(c) ', 'D. ', 'D) ', '(A), '
_WRITTEN = re.compile(r"(?<![A-Za-z0-9])(?:[(\[]([A-La-l])[)\]],?|([A-L])[.:)])[ \t]+")


@lru_cache(maxsize=256)
def _hazardous(choices: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """Options whose own text holds words that could claim something else (_HAZARD), with their lowercase text."""
    return tuple((i, " ".join(c.lower().split()).rstrip(" .!?")) for i, c in enumerate(choices)
                 if len(c.split()) >= 2 and _HAZARD.search(c))


def _own_words_blanked(answer: str, choices: tuple[str, ...]) -> str:
    """The answer with an option's own words blanked where they follow its own letter: '(D) option B in the image
    is the answer.' and '(C) Option B.' (a start of C's text 'Option B in the image') are the letter D and C; the
    letter inside the option's text, or its 'incorrect', is no claim of the answer's (4.1)."""
    hazards = _hazardous(choices)
    if not hazards or not ("(" in answer or "." in answer or ")" in answer or ":" in answer):
        return answer
    blanks = []
    low = answer.lower()
    for m in _WRITTEN.finditer(answer):
        letter = (m.group(1) or m.group(2)).upper()
        own = next((text for i, text in hazards if _LETTERS[i] == letter), None)
        if own is None:
            continue
        rest = " ".join(low[m.end():m.end() + len(own) + 40].split())
        if rest.startswith(own):
            said = own
        else:  # a start of the option's text, of two words or more, up to the sentence's or line's end
            cut = re.match(r"[^.\n!?<]*", rest).group().strip()
            said = cut if len(cut.split()) >= 2 and own.startswith(cut) else None
            if said is None:  # or its first three words or more, the rest said otherwise ('(D) option C in the
                # image should be selected.' for D 'option C in the image is the appropriate response.')
                pairs = zip(cut.split(), own.split(), strict=False)
                shared = list(itertools.takewhile(lambda pair: pair[0] == pair[1], pairs))
                said = " ".join(w for w, _ in shared) if len(shared) >= 3 else None
            if said is None and len(cut.split()) >= 2 and f" {cut} " in f" {own} ":
                said = cut  # or two words or more from inside it ('(A), option D' for A 'the answer is option D …')
            named = _IMAGE_OPTION.search(own) if said is None else None
            if named and re.search(rf"\b{named.group()}\b", cut):
                said = cut[:cut.index(named.group()) + len(named.group())]  # '(D) The correct answer is option A.'
                # for D 'the solution is option A in the image': the same image option, in other words
        if said:
            end = m.end()
            for word in said.split():  # the same words in the answer, whatever spaces stand between them
                end = low.index(word, end) + len(word)
            line_start = answer.rfind("\n", 0, m.start()) + 1
            line_end = answer.find("\n", end)
            alone = not answer[line_start:m.start()].strip() and \
                not answer[end:line_end if line_end >= 0 else len(answer)].strip(" \t.;,")
            blanks.append((m.end(), end, alone))
    # options written alone on their lines, two or more, are the list of options echoed: left as they are (4.4)
    listed = sum(alone for _, _, alone in blanks) >= 2
    kept = [(a, b) for a, b, alone in blanks if not (alone and listed)]
    return _blanked(answer, kept) if kept else answer


# the prompt's own word for its options ('Caption A: …', 'Sentence B: …' on lines of their own)
_LABEL_LINE = re.compile(r"^[ \t]*([A-Z][a-z]{2,12}) ([A-L]):[ \t]", re.MULTILINE)


@lru_cache(maxsize=256)
def _option_label(question: str | None) -> tuple[str | None, re.Pattern | None]:
    """Where the prompt names its options with a word and a letter, one per line ('Caption A: …', 'Caption B:
    …'): the question with those labels written as letters ('(A) …'), and a pattern for the label in an answer
    ('Caption B' is option B, as 'option B' is)."""
    if not question or ":" not in question:
        return question, None
    found = _LABEL_LINE.findall(question)
    words = {w for w, _ in found}
    if len(found) < 2 or len(words) != 1 or [k for _, k in found] != list(_LETTERS[: len(found)]):
        return question, None
    word = words.pop()
    lettered = _LABEL_LINE.sub(lambda m: m.group(0).replace(f"{word} {m.group(2)}:", f"({m.group(2)})"), question)
    return lettered, re.compile(rf"\b{word}\s+([A-L])\b", re.IGNORECASE)


@lru_cache(maxsize=256)
def _setup(choices: tuple[str, ...], question: str | None) -> tuple:
    """What a case's options and question say about reading any answer to it (computed once per case)."""
    options = O.option_set(choices)
    shown = _shows_letters(question) and not O.lowercase_labels(choices)  # then '(d)' is a label, not a letter
    scenery = O.question_stems(_asked(question)) if question and options.kind == "words" else frozenset()
    # a capital that is an option's text ('A' … 'E', 'cog A' among the options A, B, C): that option, not a name
    names = scene_capitals(question) - {c.strip() for c in choices}
    verdicts = tuple(c.strip().lower() for c in choices)
    true_false = bool(question) and "true" in verdicts and "false" in verdicts
    unknowable = [i for i, c in enumerate(verdicts) if _UNKNOWABLE_OPTION.search(c)]
    unknown = _LETTERS[unknowable[0]] if len(unknowable) == 1 else None
    negative = bool(question) and bool(_ASKS_NEGATIVE.search(_asked(question)))
    return options, shown, _yes_no(choices), scenery, names, verdicts, true_false, unknown, negative


_CLOCK_DOT = re.compile(r"\b(\d{1,2})\.(\d{2})(?=\s*[ap]\.?m\b)", re.IGNORECASE)


def _not_given(claimed: list[str], options: tuple[str, ...], question: str) -> list[str]:
    """The claimed options whose whole text the question's own words do not state ('1:30 pm' in '… wants to arrive
    at the famous bridge at 1.30 PM …', a clock written with a dot)."""
    stem = O.canon(_CLOCK_DOT.sub(r"\1:\2", _asked(question)))
    texts = {c: options[_LETTERS.index(c)] for c in claimed}
    return [c for c, text in texts.items()  # a text of a letter or two ('a', 'A') is a word of any question
            if len(text) < 3 or not re.search(rf"(?<![\w.:]){re.escape(text)}(?![\w:])", stem)]


def _lacked(letter: str, place: str) -> Match:
    """A bracketed letter the options lack given as the answer: no option chosen (4.4)."""
    return Match(0.0, False, None, f"answered ({letter}), which no option is", details={"place": place})


def _hedged(letters: list[str], choices: tuple[str, ...], place: str) -> Match:
    named = ", ".join(f"({d}) {choices[_LETTERS.index(d)]}" for d in letters[:3])
    return Match(0.0, False, letters, f"hedged between {named}", details={"place": place})


@grader("choice")
def choice(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """A letter like '(B)' or 'c', the text of exactly one option or its paraphrase, or yes/no."""
    choices = tuple(truth.choices or ())
    want = str(truth.value)
    question, label = _option_label(args.get("question"))
    # 4.6: options labelled '(a)', '1.', 'i.', 'Option A:' … and answers naming them so, or by their place ('the
    # second one'), read as the canonical letters; the rules below run on the result
    question, answer = labelstyle.canonical(question, choices, answer)
    letters = _LETTERS[: len(choices)]
    options, shown, yes_no, scenery, names, verdicts, true_false, unknown, negative = _setup(choices, question)

    def chose(letter: str, how: str) -> Match:
        text = choices[_LETTERS.index(letter)] if letter in _LETTERS[: len(choices)] else letter
        return Match(float(letter == want), letter == want, letter, f"chose ({letter}) {text}", details={"place": how})

    answer = _SPECIAL_TOKENS.sub("", answer) if "<" in answer else answer  # '<s> A': LLaVA's start token
    answer = spans.unwrapped(answer, markers=False)  # '**B**', '\\boxed{左}': the value alone (2.1)
    if "\\" in answer or "$" in answer:  # 'Answer: \( \text{A} \)': a letter in LaTeX is the letter (4.1)
        answer = _LATEX_LETTER.sub(lambda m: m.group(1) or m.group(2), answer)
    echoed = max(answer.find("[Choices]"), answer.find("Choices:"))
    if echoed >= 0 and "Answer:" in answer[echoed:] and not spans.states_answer(answer[:echoed]):
        # '[Context] [Question] … [Choices] (A) … (D) … Answer: (C), (D), (A)': the prompt echoed up to its
        # 'Answer:'; what follows is the answer, still given after its marker (and a question the model goes on to
        # make up after it is cut off below)
        answer = answer[answer.index("Answer:", echoed):]
    if label:  # 'Caption B' where the prompt listed 'Caption A: …', 'Caption B: …': the letter, written as one
        answer = label.sub(lambda m: f"option {m.group(1).upper()}", answer)
    answer = _own_words_blanked(answer, choices)
    run_on = None
    if "\nHint" in answer or "\nQuestion" in answer or ("?" in answer and "\n" in answer):
        run_on = next((m for m in itertools.islice(_RUN_ON.finditer(answer), 4)
                       if spans.states_answer(answer[:m.start()])), None)
    if run_on:
        # 'The answer is (C) 4cm.\n\nHint: … Question: …': a question the model went on to make up after answering
        answer = answer[:run_on.start()]
    if "☐" in answer or "□" in answer:  # '☐ A' / '☐ B': the options as an unticked form, none of them chosen
        answer = _UNTICKED.sub("", answer)
    bare = _letter_patterns(letters)[0].match(answer) if len(answer) <= 12 else None
    if bare and bare.group(1).isupper() and shown and _own_letters(options.options) != frozenset(letters):
        # 'B' for options that are letters in another order ('C', 'D', 'A', 'B'): the letter, as asked (4.1)
        if all(len(c.strip()) == 1 for c in choices):
            return chose(bare.group(1), "lead")
    value = spans.unwrapped(answer) if len(answer) <= 300 else answer  # 'Answer: 2C' is read as '2C' is
    glued = _DIGIT_GLUED.match(value) if shown and value[:6].lstrip()[:1].isdigit() else None
    if glued and glued.group(1) in letters and glued.group(0).strip().lower() not in verdicts:
        return chose(glued.group(1), "lead")  # '2C' on the first line: the letter, after a stray item number (4.1)
    # the whole answer, as a value: 'Answer: 16:00' and '答え：左' are read as '16:00' and '左' are (2.1)
    if value is not answer and _letter_patterns(letters)[0].match(value):
        value = answer  # 'Answer: B': a letter, read as the letters are below, not as an option whose text is 'B'
    said = _plain_option(value) if len(answer) <= 300 else ""
    whole = _exact_option(said, options) if said else None
    if whole is not None:  # the answer is an option's own text ('None of these', 'Central, Southern, …')
        return chose(_LETTERS[whole], "lead")
    short = _short_answer(said, choices, letters, question) if said and len(answer) <= 200 else None
    if short:
        return chose(short, "lead")
    if _only_lettered_lines(answer):
        return Match(0.0, False, None, "listed options without choosing one", details={"place": "lead"})
    stacked = _stacked_letters(answer, letters) if "\n" in answer and len(answer) <= 60 else ()
    if len(stacked) >= 2:  # 'A\nB': two letters, one per line, and nothing else: a hedge (3.5)
        return _hedged(list(stacked), choices, "lead")
    echoed = _LETTER_THEN_LIST.match(answer) if "(A)" in answer else None
    if echoed and echoed.group(1) in letters and _lists_every(answer[echoed.end(1):], letters):
        return chose(echoed.group(1), "lead")  # 'A (A) A, (B) B, (C) C, …': the letter, then the options echoed
    # '(D) None of the above' on its own line, then the why: the answer given first, unless the rest chooses one
    first = _answer_first(answer, options, letters)
    if ") is " in answer or "] is " in answer or " is the " in answer or "选项" in answer or (
            " is correct" in answer or " is right" in answer or " is true" in answer):
        negated = spans.blocked(answer, asides=False)
        # where the question asks which is not so, 'option (A) is correct' judges the statement, it does not choose
        stated = {next(filter(None, m.groups())) for m in _STATED.finditer(answer)
                  if not spans.is_blocked(m.start(), negated) and not (negative and _BARE_VERDICT.search(m.group()))
                  and not _ASKED_IF.search(answer, max(0, m.start() - 30), m.start())}  # 'to determine if option (A)
        # is the correct answer' asks it, it does not say it
        if len(stated) == 1 and all(letter in letters for letter in stated):  # 'The answer (D) is the correct one.'
            return chose(stated.pop(), "marker")
    glossed = frames = None  # likewise
    none_option = _none_option(choices)
    review = None  # found when the sentences are reached: an explicit place usually decides before
    cases = None  # likewise
    asks_if = _asks_if(question)
    target = _target(question) if question and options.kind == "words" and O.option_numbers(options.options) else None
    found_places = spans.places(answer)
    if ":" in answer and (last := _IS_THEN_LAST_LINE.search(answer)) and \
            not any(p.kind in ("marker", "boxed") for p in found_places) and \
            not _every_option_lettered(answer, letters):  # not the last of the options matched to things (4.4)
        # '…, her phenotype for the fur color trait is:' / '(A) light fur.': the line the sentence leads in to, the
        # answer's last, is the answer (2.2), whatever an earlier sentence passed on the way
        line = spans.Place("conclusion", last.group(1))
        named = spans.distinct_claims(line.text, _claims(line, options, letters, shown, yes_no, scenery, names,
                                                         unknown, negative))
        if len(named) == 1:
            return chose(named[0], "conclusion")
    undecided = False
    subscripts: dict[str, bool] = {}  # per short line text: is it a subscript? (each scanned for once per answer)
    every_lettered = None  # does every option open a line by its bracketed letter? (scanned for once)
    if found_places and found_places[0].kind == "boxed" and any(
            p.kind == "marker" and _letter_patterns(letters)[0].match(p.text) for p in found_places[1:3]):
        # 'The correct answer is (B).' … '\boxed{3π}': the letter written as the answer outranks a value boxed on
        # the way (2.1)
        found_places = found_places[1:]
    for place in found_places:
        if place.kind == "marker" and place.text[:3].lstrip(" *").startswith("("):
            listed = _PAREN_LETTERS.match(place.text) or _PAREN_LETTER_RUN.match(place.text)
            if listed and len(set(_CAPITAL.findall(listed.group()))) >= 2:
                # 'Answer: (A, B) The person is cooking a meal.': two letters given as the answer, a hedge (3.5),
                # unless what follows them is one option's whole text ('(A, B, C) Bird')
                whole = _exact_option(_plain_option(place.text[listed.end():]), options)
                if whole is not None:
                    return chose(_LETTERS[whole], place.kind)
                given = [c for c in dict.fromkeys(_CAPITAL.findall(listed.group())) if c in letters]  # as written
                rest = place.text[listed.end():].strip()
                rest = rest if rest.strip(".") else _last_sentence_after(answer, place)
                said = _said_after_letters(rest, options) if rest and len(given) >= 2 and \
                    spans.plain(answer).rstrip(" .").endswith(rest.rstrip(" .")) else None  # nothing said after
                if said in given:  # 'Answer: (A, B) Excitment': one of them, its whole text misspelt
                    return chose(said, place.kind)
                if given:
                    return _hedged(given, choices, place.kind)
                return Match(0.0, False, None, f"answered {listed.group().strip()}, which no option is",
                             details={"place": place.kind})
            beyond = _PAREN_LETTER.match(place.text)
            if beyond and beyond.group(1) not in letters:
                # 'Answer: (D) True' for the options A to C: a letter the options lack chooses none (4.4)
                return _lacked(beyond.group(1), place.kind)
        if place.kind == "lead" and place is found_places[0] and (beyond := _PAREN_LETTER.match(place.text)) and \
                beyond.group(1) not in letters and letters and _opens(answer, place.text) and \
                len(_BRACKETED_CAPITAL.findall(answer, 0, 2000)) == 1:  # not a list of lettered lines
            # '(D) yes' for the options A and B: the answer opens on a letter the options lack, none chosen (4.4)
            return _lacked(beyond.group(1), place.kind)
        if unknown is None and place.kind in ("lead", "conclusion") and has_any(place.text, _UNDECIDED_NEEDS) and \
                _UNDECIDED.search(place.text) and (place.kind == "lead" or _opens(answer, place.text)):
            guess = _guessed(answer, place, options, letters, shown, scenery, names, unknown, negative) \
                if _HARD_TO_SAY.search(place.text) else None
            if guess:  # 'it is difficult to determine which … However, if I had to guess, I would choose the fourth'
                return chose(guess, "sentence")
            undecided = True
            break  # 'It is not possible to determine which …': what the rest describes is not chosen (where an option
            # says the answer cannot be known, the sentence names that one, below)
        if place.kind in ("boxed", "marker") and (2 <= len(place.text) or not place.text.isascii()) and \
                len(place.text) <= 120 and \
                not _letter_patterns(letters)[0].match(place.text):
            exact = _exact_option(_plain_option(place.text), options)
            if exact is not None:  # '\boxed{(-2,0)}', 'The answer is one.': an option's whole text, not also '(2,0)'
                return chose(_LETTERS[exact], place.kind)  # inside it, and whatever words count elsewhere
        if place.kind in ("lead", "sentence"):
            if review is None:
                review = _reviewed(answer, options, letters, shown)
            if place.text in review or (place.text.endswith(":") and " " in place.text
                                        and not _GIVES_LETTER.search(place.text)
                                        and not _REASONS_FOLLOW.search(place.text)):
                continue  # an option described in a review of them all, or a lead-in ('Comparing the two images:',
                # a heading 'Sample A:')
            if place.text[:1] == "(" and _EVERY_OPTION_LINE.match(place.text) and every_lettered is None:
                every_lettered = _every_option_lettered(answer, letters)
            if every_lettered and place.text[:1] == "(" and _EVERY_OPTION_LINE.match(place.text):
                continue  # '(C) Agalychnis callidryas' … '(A) Bufo bufo' … '(B) …': each option matched to a
                # thing, one line each, none chosen (4.4)
        if place.kind in ("lead", "sentence") and not asks_if and _HYPOTHETICAL.match(place.text):
            continue  # 'For example, if the surface is square, option A would be the correct choice.': not chosen
        if place.kind in ("lead", "sentence") and _IF_OPENS.match(place.text):
            if cases is None:
                cases = _cases(answer, options, letters, shown, yes_no, scenery, names, unknown, negative)
            if place.text in cases:
                continue  # 'If B eats C, C will decrease (A). If B feeds C, C will increase (B).': cases, none chosen
        if place.kind in ("marker", "conclusion") and _LETTERED_LINE.match(place.text) and \
                _lists_from(answer, place.text):
            marked = _marked_right(answer, place.text, letters)
            if marked:  # '(A) … (Incorrect)' / '(C) … (Correct)': the one the list marks right
                return chose(marked, place.kind)
            continue  # 'The correct answer is:' followed by the options listed one per line: none chosen (4.4)
        tail = answer[answer.rfind(place.text):] if place.kind == "marker" and place.text[:1] == "(" else ""
        if tail and _ONLY_BRACKETED.fullmatch(tail):
            # 'Answer: (C). (D).': two letters given as the answer, each its own sentence, a hedge (3.5)
            given = list(dict.fromkeys(m.group(1) for m in _PAREN_LETTER.finditer(tail)))
            if len(given) >= 2 and all(letter in letters for letter in given):
                return _hedged(given, choices, place.kind)
        if place.kind == "marker" and (_NONE_ALONE.fullmatch(place.text) or _NOT_LISTED.match(place.text)):
            # 'Answer: None of them.', 'The correct answer is not listed in the options provided, but …': no option
            # is right (4.4), which is the option that says so, where one does ('None of the above', 'All answer
            # options are incorrect'); unless a conclusion after it gives one ('… is not given in the provided
            # choices. Thus, the answer to option C in the image is:' / '(C) False.')
            after = answer.rfind(place.text) + len(place.text)
            if any(p.kind == "conclusion" and answer.find(p.text, after) >= 0 and
                   len(set(spans.distinct_claims(p.text, _claims(p, options, letters, shown, yes_no, scenery, names,
                                                                 unknown, negative)))) == 1
                   for p in found_places):
                continue
            says_none = _says_none_is_right(choices)
            if says_none is not None:
                return chose(_LETTERS[says_none], place.kind)
            return Match(0.0, False, None, "answered that no option is right", details={"place": place.kind})
        if place.kind == "marker" and _through_the_options(answer, place.text, letters):
            # 'Answer: A) Mia Hamm was … B) Mia Hamm helped … C) The sentence is …': the options gone through (4.5)
            return Match(0.0, False, None, "went through the options without choosing one",
                         details={"place": place.kind})
        if place.kind == "conclusion" and "either" in place.text and _DECLINES_EITHER.search(place.text):
            # 'Therefore, it is not possible to confidently select either (A) the second image or (B) the third.'
            return Match(0.0, False, None, "declined to choose between the options", details={"place": place.kind})
        if place.kind == "sentence" and len(place.text) <= 3 and "\n" in answer:
            if place.text not in subscripts:  # an answer may hold thousands of such lines
                subscripts[place.text] = _subscript(answer, place.text)
            if subscripts[place.text]:
                continue  # 'KE\nA\n=\n…': a formula broken over lines, its subscript alone on one, is no letter given
        if place.kind == "marker" and len(place.text) <= 60 and options.kind == "words" and \
                not any(p.match(place.text) for p in _letter_patterns(letters)[:3]) and "(" not in place.text and \
                (off := O.one_word_off(_plain_option(place.text), options.options)) is not None:
            return chose(_LETTERS[off], place.kind)  # 'Answer: A ballet shoe' for 'A ballet slipper' (4.2)
        claims = _claims(place, options, letters, shown, yes_no, scenery, names, unknown, negative)
        distinct = spans.distinct_claims(place.text, claims) if claims else []
        if not distinct and len(place.text) <= 80 and (place.kind in ("marker", "boxed") or (
                place.kind == "lead" and len(found_places) == 1)) and options.kind == "words":
            near = O.near_option(_plain_option(place.text), options.options)
            if near is not None:  # 'Answer: Caprimulgis europae' for 'Caprimulgus europaeus': misspelt, still it
                return chose(_LETTERS[near], place.kind)
            if place.kind == "marker":
                opening = _opening_of(_plain_option(place.text), options.options)
                if opening is not None:  # 'Answer: Country 2' for 'Country 2 boasts a superior GDP per capita.'
                    return chose(_LETTERS[opening], place.kind)
        if not distinct and place.kind in ("marker", "conclusion") and not none_option and \
                _NEITHER_NOR.search(place.text) and O.named(options, O.canon(place.text), scenery) and \
                spans.plain(answer).rstrip().endswith(place.text.rstrip()):
            # '… Therefore, neither the second nor the third image shares the style.' at the end: both declined
            return Match(0.0, False, None, "answered that neither option is right", details={"place": place.kind})
        if not distinct and place.explicit and _NONE_OF_THEM.search(place.text) and not none_option:
            # 'The answer is that none of the options is possible.': the answer given is that no option is right
            return Match(0.0, False, None, "answered that no option is right", details={"place": place.kind})
        if len(distinct) == 1:
            if place.kind in ("lead", "sentence") and place.text.count(" ") >= 3:
                if frames is None:
                    frames = _frame_reviews(answer, options, letters, shown, yes_no, scenery, names, unknown,
                                            negative)
                if place.text in frames:
                    continue  # the options gone through one by one, each in the same words: none chosen (4.5)
            if glossed is None:
                glossed = _glossed_first(answer, options, letters) if "(" in answer[:8] else ()
            if glossed and distinct[0] == glossed[1]:
                return chose(glossed[0], "lead")  # '(D) It will rise by 3 m³. … Therefore, it will rise by 3 m³.'
            if len(choices) == 2 and not yes_no and question and _inverted(question, place.text):
                # 'the second video's ball is slower' answers 'in which video is it faster?' with the first
                return chose(_LETTERS[1 - _LETTERS.index(distinct[0])], place.kind)
            if place.kind in ("lead", "sentence") and target and not _names(place.text, target):
                # 'ABCD has sides of length 4, 6 and 4. … The length of BE is 3.' for 'find BE': the sentence
                # about what was asked states the answer, not one that passes a value on the way (2.3)
                about = _about_target(answer, target, options, letters, shown, yes_no, scenery, names, place)
                if about:
                    return chose(about, "sentence")
                if about == "":
                    continue  # the sentence about what was asked states a value no option has: not this one
                if not _names(answer, target) and not _WRITTEN_LETTER.search(place.text) and \
                        len(spans.sentences(answer)) >= 3:
                    continue  # reasoning that never names the asked-for figure: its values are of other things
            return chose(distinct[0], place.kind)
        only_letters = _ONLY_LETTERS.fullmatch(place.text) is not None
        echo = not only_letters or (distinct == sorted(distinct) and place.kind != "marker")
        if len(distinct) == len(choices) >= 3 and echo:
            continue  # every option named: the question's list echoed, not an answer; but letters alone given as the
            # answer ('Answer: (A), (B), (C), (D).') or out of order ('(C), (D), (A), (B), (C).') are a hedge
        if len(distinct) > 1 and place.kind in ("lead", "sentence") and _INTRODUCED.search(place.text):
            continue  # 'The diagram shows two solutions, Solution A and Solution B.': the things, before the answer
        if len(distinct) > 1 and place.kind != "bold":
            if first:
                return chose(first, "lead")
            settled = _settled(answer, place, distinct, options, letters, shown, scenery, names, unknown, negative)
            if settled:
                return chose(settled, "sentence")
            given = _not_given(distinct, options.options, question) if question and not only_letters else distinct
            if len(given) == 1:
                # '… take the 11:00 AM bus to arrive … at 1:30 PM' for '… wants to arrive … at 1.30 PM, what time …?':
                # an option that only restates the question's own value is scenery (3.2), the other is the answer
                return chose(given[0], place.kind)
            return _hedged(distinct, choices, place.kind)
        if yes_no and place.kind in ("lead", "sentence"):
            lead = "yes" if _YES.match(place.text) else "no" if _NO.match(place.text) else None
            if lead is None and question:
                affirmed = _polarity(question, O.canon(place.text))
                lead = None if affirmed is None else "yes" if affirmed else "no"
            if lead:
                return chose(_LETTERS[[c.lower() for c in choices].index(lead)], place.kind)
        if place.kind == "lead" and "which" in place.text and _UNDECIDED.search(place.text):
            undecided = True
            break  # 'It is not possible to determine which …': what the rest describes is not chosen
    if true_false:
        # 'The statement is false.' judges the statement: option False (not a rejection of an option)
        named = next((m for p in spans.places(answer) if p.explicit for m in [_OPTION_IS_ITS_VERDICT.search(p.text)]
                      if m and m.group(1) in letters and verdicts[letters.index(m.group(1))] == m.group(2).lower()),
                     None)
        if named:
            return chose(named.group(1), "lead")
        said = next((m for p in spans.places(answer) if p.explicit for m in [_VERDICT.search(p.text)] if m), None)
        if said is None:  # else one verdict, said once or more, in any sentence ('The statement is false because …')
            found = [m for p in spans.places(answer) if p.kind == "sentence" for m in [_VERDICT.search(p.text)] if m]
            said = found[0] if len({m.group(1).lower() for m in found}) == 1 else None
        if said:
            return chose(_LETTERS[verdicts.index(said.group(1).lower())], "lead")
        # 'Using 5m² of wood will cost £1,350.' restating the statement to judge affirms it, as for yes/no (4.3)
        lead = next((p for p in spans.places(answer) if p.kind == "lead"), None)
        if lead and lead.text in (review if review is not None else _reviewed(answer, options, letters, shown)):
            lead = None  # 'A) False, the UK is not …' opens a review of the options, each with a verdict
        affirmed = _restated(O.canon(_asked(question)), O.canon(lead.text)) if lead else None
        if affirmed is not None:
            return chose(_LETTERS[verdicts.index("true" if affirmed else "false")], "lead")
    if first:
        return chose(first, "lead")
    aside = None if undecided or yes_no or true_false else _named_in_aside(
        answer, options, letters, shown, scenery, names, unknown, negative)
    if aside:
        return chose(aside, "sentence")
    named_truth = choices[_LETTERS.index(want)] if want in _LETTERS[: len(choices)] else ""
    # unsettled: the rules found no option chosen, nor an answer saying none can be (POLICY.md 10)
    return Match(0.0, False, None, f"no option chosen; truth ({want}) {named_truth}".rstrip(),
                 details={"place": None, "unsettled": not undecided})
