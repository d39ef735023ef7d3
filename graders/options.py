"""Which option of a multiple-choice case a piece of text names (POLICY.md 4.2).

Options are read by kind: an indexed item ("Image 3", "the first video"), a place on a 3x3 grid
("middle left"), a direction of motion ("left to right", "toward the top right"), or plain words
("bouncing off the walls"). Text is read the same way, so "the third image", "center-left",
"from the bottom-left corner to the top-right corner" and "it bounces off the walls" name options.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import cached_property, lru_cache

from rapidfuzz.distance import Levenshtein

from graders import normalize as N
from graders.memo import per_text

Mention = tuple[int, int]  # (position in the canonical text, option index)

_HANDS = (r"(?:how\s+)?(?:the\s+)?(?:hands?\s+(?:of|on)\s+an?\s+clock|(?:an?\s+|the\s+)?clock(?:['’]s)?\s+hands?)"
          r"(?:\s+(?:move|turn|go|run)s?)?")
# the way a clock's hands turn (or against it): "in the same direction as the hands of a clock"
_CLOCK_HANDS = (
    (re.compile(rf"\b(?:(?:in\s+)?the\s+)?opposite\s+(?:(?:direction|way)\s+)?(?:to|of|from)\s+{_HANDS}"),
     "counterclockwise"),
    (re.compile(rf"\b(?:(?:in\s+)?the\s+same\s+(?:direction|way)\s+as|like)\s+{_HANDS}"), "clockwise"),
)
_CANON = (
    (re.compile(r"\b(?:counter|anti)[\s-]?clock[\s-]?wise\b|\bccw\b"), "counterclockwise"),
    (re.compile(r"\bclock[\s-]wise\b"), "clockwise"),
    (re.compile(r"(?<=[a-z])-(?=[a-z])"), " "),
    (re.compile(r"\bupper\b|\bup\b(?=[\s-]+(?:left|right)\b)"), "top"),
    (re.compile(r"\blower\b|\bdown\b(?=[\s-]+(?:left|right)\b)"), "bottom"),
    (re.compile(r"\bcentre\b|\bcentral\b"), "center"),
)


_CANON_NEEDS = ("clock", "ccw", "-", "upper", "up", "lower", "down", "centr")

# LaTeX as options and answers write it: '\\frac{3√{5}}{2}', '\\dfrac{3\\sqrt{5}}{2}' and '3√5 / 2' are one value
_LATEX = (
    (re.compile(r"\\(?:left|right|displaystyle)\b|\\[,;!\s]"), " "),
    (re.compile(r"\\(?:text|mathrm|mathbf|textbf|operatorname)\s*\{([^{}]*)\}"), r"\1"),
    (re.compile(r"(?:\\sqrt|√)\s*\{([^{}]*)\}"), r"√\1"),
    (re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}"), r"\1/\2"),
    (re.compile(r"\\sqrt\b"), "√"),
    (re.compile(r"\\pi\b"), "π"),
    (re.compile(r"\^\s*\{?\\circ\}?|\\circ\b|\\degree\b"), "°"),
    (re.compile(r"\s*/\s*"), "/"),
)


def _latex(text: str) -> str:
    for pattern, replacement in _LATEX:
        text = pattern.sub(replacement, text)
    for _ in range(2):  # '\\frac{\\sqrt{3}}{2}': inner forms first, then the fraction around them
        text = _LATEX[3][0].sub(_LATEX[3][1], _LATEX[2][0].sub(_LATEX[2][1], text))
    return text


_SHORT_YEAR = re.compile(r"(?<![\w'])'([0-4]\d)\b")  # "May '21" is May 2021, "'98" is 1998
_LATE_YEAR = re.compile(r"(?<![\w'])'([5-9]\d)\b")


_OCLOCK = re.compile(r"\bo['’]\s?clock\b", re.IGNORECASE)


@per_text(maxsize=1024)  # an answer's text is read in several stages of a grade
def canon(text: str) -> str:
    """Casefolded text with colors, clock directions, hyphens, position words, LaTeX and years in one spelling."""
    if "clock" in text:
        text = _OCLOCK.sub("oclock", text)  # one word: 'o'clock' is not named by 'the clock'
    if "\\" in text or (not text.isascii() and "√" in text):
        text = _latex(text)
    text = N.normalize_colors(text)
    if "'" in text:
        text = _LATE_YEAR.sub(r"19\1", _SHORT_YEAR.sub(r"20\1", text))
    if "hand" in text and "clock" in text:
        for pattern, replacement in _CLOCK_HANDS:
            text = pattern.sub(replacement, text)
    if N.has_any(text, _CANON_NEEDS):
        for pattern, replacement in _CANON:
            text = pattern.sub(replacement, text)
    if "either" in text and ("not" in text or "n't" in text):  # 'not belong to either set a or set b': neither, nor
        text = _NOT_EITHER.sub(r"\1neither \2 nor ", text)
    return text


_NOT_EITHER = re.compile(r"(?:\bnot|n't)\s+((?:[a-z]+\s+){0,3}?)either\s+([^,.;:\n]{1,60}?)\s+or\s+")


# --- indexed items: "Image 3", "the first video" ----------------------------------------------------------

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_NOUNS = {"image": "image|picture|photo|panel|figure|img", "video": "video|clip|movie|sequence",
          "option": "option|choice|answer"}
# a number before its noun is an index only as an ordinal ('3rd image'): '25 lb' is a quantity
_INDEXED = re.compile(r"^(?:the )?(?:(\d{1,2})(?:st|nd|rd|th)|(" + "|".join(_ORDINALS) + r")) ([a-z]+)$"
                      r"|^([a-z]+) #?(\d{1,2})$")


def _indexed(option: str) -> tuple[int, str] | None:
    m = _INDEXED.match(option)
    if not m:
        return None
    if m.group(4):
        number, noun = int(m.group(5)), m.group(4)
    else:
        number, noun = int(m.group(1)) if m.group(1) else _ORDINALS.index(m.group(2)) + 1, m.group(3)
    noun = next((k for k, v in _NOUNS.items() if noun in v.split("|")), noun)
    return number, noun


def _indexed_needles(number: int, noun: str, count: int) -> tuple[str, ...]:
    """Words one of which every match of _indexed_pattern(number, noun, count) holds (it is case-sensitive): a noun
    (the first form), the ordinal, as a word or in digits (the second and third), 'last' or 'final' (the fourth),
    'former' or 'latter' (the fifth)."""
    ordinal = _ORDINALS[number - 1] if number <= len(_ORDINALS) else f"{number}th"
    return (*_NOUNS.get(noun, noun).split("|"), ordinal, *(f"{number}{end}" for end in ("st", "nd", "rd", "th")),
            "last", "final", "former", "latter")


def _indexed_pattern(number: int, noun: str, count: int) -> re.Pattern:
    nouns = _NOUNS.get(noun, re.escape(noun))
    ordinal = _ORDINALS[number - 1] if number <= len(_ORDINALS) else f"{number}th"
    nth = rf"(?:{ordinal}|{number}(?:st|nd|rd|th))"
    word = _NUMBER_WORDS[number] if number < len(_NUMBER_WORDS) else str(number)
    forms = [rf"\b(?:{nouns})s?\s*(?:#|no\.?|number)?\s*(?:{number}|{word})\b",
             rf"\b{nth}\s+(?:[a-z]+\s+)?(?:{nouns}|one)\b", rf"^\W*(?:the\s+)?{nth}\W*$"]
    if number == count:
        forms.append(rf"\b(?:last|final)\s+(?:{nouns}|one)\b")
    if count == 2:
        forms.append(r"\bthe former\b" if number == 1 else r"\bthe latter\b")
    return re.compile("|".join(forms))


# --- places and directions ------------------------------------------------------------------------------

_UNIT = {"top": (0, -1), "up": (0, -1), "upward": (0, -1), "upwards": (0, -1), "north": (0, -1),
         "bottom": (0, 1), "down": (0, 1), "downward": (0, 1), "downwards": (0, 1), "south": (0, 1),
         "left": (-1, 0), "leftward": (-1, 0), "leftwards": (-1, 0), "west": (-1, 0),
         "right": (1, 0), "rightward": (1, 0), "rightwards": (1, 0), "east": (1, 0),
         "northeast": (1, -1), "northwest": (-1, -1), "southeast": (1, 1), "southwest": (-1, 1),
         "middle": (0, 0), "center": (0, 0), "mid": (0, 0), "centered": (0, 0)}
_WORD = "|".join(sorted(_UNIT, key=len, reverse=True))
# a place: one or two position words, "middle of the left side", "left-hand side"
_PLACE = rf"(?:{_WORD})(?:(?:[\s-]+|\s+of\s+the\s+)(?:{_WORD}))?(?:[\s-]+hand)?"
_PLACE_RE = re.compile(rf"\b({_PLACE})\b")
_FROM_TO = re.compile(rf"\b(?:from\s+)?(?:the\s+)?({_PLACE})(?:\s+(?:corner|side|edge|part|area))?(?:\s+of\s+the\s+"
                      rf"(?:frame|screen|image|video))?\s+(?:to|towards?|into)\s+(?:the\s+)?({_PLACE})\b")
_ORIGIN = re.compile(rf"\b(?:from|away from|(?:start(?:s|ed|ing)?|begin(?:s|ning)?|began)\s+(?:out\s+|off\s+)?"
                     rf"(?:at|in|from|on|near|close to|by))\s+(?:the\s+)?({_PLACE})\b")


def _vector(place: str) -> tuple[int, int]:
    x = y = 0
    for word in re.findall(_WORD, place):
        dx, dy = _UNIT[word]
        x, y = x + dx, y + dy
    return (x > 0) - (x < 0), (y > 0) - (y < 0)


_JOIN_MOTION = re.compile(r"[\s,-]*(?:and\s+)?(?:(?:slightly|a bit|a little|somewhat|diagonally)\s+)?"
                          r"(?:to\s+the\s+|toward(?:s)?\s+the\s+)?")
_JOIN_CELL = re.compile(r"[\s,-]*(?:(?:side|edge|part|region|area|half|third)\b[\s,]*)?(?:and\s+)?"
                        r"(?:(?:vertically|horizontally)\s+)?(?:(?:in|at|of|on|toward(?:s)?)\s+the\s+)?")
_CELL_RE = re.compile(r"\b(top|bottom|left|right|middle|center|mid|centered)\b")


def _runs(text: str, words: re.Pattern, taken, join: re.Pattern) -> list[tuple[int, tuple[int, int]]]:
    """Runs of position words joined by little words ('left side, in the middle', 'down and to the
    right'), each summed to one (x, y) in {-1, 0, 1}."""
    found, start, x, y, last_end = [], None, 0, 0, -1
    for m in words.finditer(text):
        if taken and _inside(m.start(), taken):
            continue
        if start is not None and not join.fullmatch(text, last_end, m.start()):
            found.append((start, ((x > 0) - (x < 0), (y > 0) - (y < 0))))
            start, x, y = None, 0, 0
        dx, dy = _vector(m.group(1))
        start = m.start() if start is None else start
        x, y, last_end = x + dx, y + dy, m.end()
    if start is not None:
        found.append((start, ((x > 0) - (x < 0), (y > 0) - (y < 0))))
    return found


# every position word (_UNIT, and so every match of _PLACE_RE, _CELL_RE, _FROM_TO and _ORIGIN, which are all case
# sensitive) holds one of these: a text with none names no place and no direction, and the patterns need not run
# (tests/grading/test_choice_fast_paths.py checks the words)
POSITION_NEEDLES = ("top", "up", "north", "bottom", "down", "south", "left", "west", "right", "east", "mid", "center")
_POSITION_WORDS = N.Needles(POSITION_NEEDLES)


def cells(text: str) -> list[tuple[int, tuple[int, int]]]:
    """Places on a 3x3 grid a text names, as (position, (row, column)) offsets from the center."""
    if not _POSITION_WORDS.found_in(text):
        return []  # no position word: _CELL_RE finds nothing
    return [(at, (y, x)) for at, (x, y) in _runs(text, _CELL_RE, [], _JOIN_CELL)]


def grid_cell(place: str) -> tuple[int, int]:
    """'middle-left' -> (0, -1)... as (row, column) offsets from the center, each in {-1, 0, 1}."""
    x, y = _vector(place)
    return y, x


def _inside(at: int, spans_: list[tuple[int, int]]) -> bool:
    """Is `at` inside one of the sorted, non-overlapping `spans_`?"""
    k = bisect_right(spans_, (at, float("inf"))) - 1
    return k >= 0 and spans_[k][0] <= at < spans_[k][1]


def directions(text: str) -> list[tuple[int, tuple[int, int]]]:
    """Motions a text states, as (position, (dx, dy)) with y down: 'from the bottom left to the top
    right' and 'up and to the right' are (1, -1); 'away from the left' is (1, 0)."""
    if not _POSITION_WORDS.found_in(text):
        return []  # no position word: none of the three patterns finds anything
    found, taken = [], []
    for m in _FROM_TO.finditer(text):
        a, b = _vector(m.group(1)), _vector(m.group(2))
        found.append((m.start(), ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1]))))
        taken.append(m.span())
    origins = []
    for m in _ORIGIN.finditer(text):
        if not _inside(m.start(), taken):
            x, y = _vector(m.group(1))
            found.append((m.start(), (-x, -y)))
            origins.append(m.span())
    taken = sorted(taken + origins)
    found += _runs(text, _PLACE_RE, taken, _JOIN_MOTION)
    return sorted(v for v in found if v[1] != (0, 0))


# --- plain words ------------------------------------------------------------------------------------------

_FILLER = frozenset("a an the off of in on at to it its is are than moves move moving goes go ball object one "
                    "will would".split())
_SYNONYMS = {"metres": "meter", "metre": "meter", "meters": "meter", "pound": "lb", "pounds": "lb", "lbs": "lb",
             "centimeter": "cm", "centimeters": "cm", "centimetre": "cm", "centimetres": "cm", "millimeter": "mm",
             "millimeters": "mm", "kilogram": "kg", "kilograms": "kg", "kilometer": "km", "kilometers": "km",
             "circular": "circl", "round": "circl", "rebound": "bounc", "ricochet": "bounc", "linear": "straight",
             "linearly": "straight", "straightly": "straight"}


_DOUBLED = frozenset("bdgmnprt")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")


@lru_cache(maxsize=8192)  # a word's stem: the same words recur in every answer and option
def stem(word: str) -> str:
    if "," in word and _THOUSANDS.fullmatch(word):
        return word.replace(",", "")  # '21,000' is the option 21000
    if word in _SYNONYMS:
        return _SYNONYMS[word]
    if len(word) >= 6 and word.endswith("ally"):
        word = word[:-2]  # an adverb names its adjective: 'pressed equally' is 'pressed is equal'
    elif len(word) >= 7 and word.endswith("ly") and not word.endswith("ply"):
        word = word[:-2]  # 'a slight decrease' names 'Slightly Decrease'
    for ending in ("ing", "ed", "es", "s", "e"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)]
            if ending in ("ing", "ed") and word[-1] == word[-2] and word[-1] in _DOUBLED:
                word = word[:-1]  # 'flipped', 'stopping': flip, stop
            break
    return _SYNONYMS.get(word, word)


# "2.5", "7,644", "3√5/2", the ratio "1:3" and "m/n" are one token each, not several
_TOKEN = re.compile(r"[a-z0-9√π]+(?:[.,/:][0-9√π]+|/[a-z]+\b)*")


_NUMBER_UNIT = re.compile(r"(\d+(?:[.,/]\d+)*)([a-z]{1,4})")  # '400rpm', '5cm': the number and its unit


def _tokens(text: str, keep: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """(position, word) of the words and numbers; a number written against its unit is two ('400RPM' and '400
    RPM' read alike). Fillers are dropped, but for those whose stems are in `keep`."""
    found = []
    for m in _TOKEN.finditer(text):
        word = m.group()
        if word[0].isdigit() and word[-1].isalpha() and (split := _NUMBER_UNIT.fullmatch(word)):
            found += [(m.start(), split.group(1)), (m.start() + split.start(2), split.group(2))]
        elif word not in _FILLER or (keep and stem(word) in keep):
            found.append((m.start(), word))
    return found


@lru_cache(maxsize=8192)  # per word: the same words recur in every answer
def _word_stems(word: str, keep: frozenset[str]) -> tuple[tuple[int, str], ...]:
    """What _tokens makes of one match of _TOKEN, stemmed: (offset in the word, stem) for each of its tokens."""
    if word[0].isdigit() and word[-1].isalpha() and (split := _NUMBER_UNIT.fullmatch(word)):
        return (0, stem(split.group(1))), (split.start(2), stem(split.group(2)))
    if word not in _FILLER or (keep and stem(word) in keep):
        return ((0, stem(word)),)
    return ()


def _stemmed_words(text: str, keep: frozenset[str] = frozenset()) -> list[tuple[int, str]]:
    """[(at, stem(w)) for at, w in _tokens(text, keep)], each word's tokens found once (_word_stems)."""
    found = []
    for m in _TOKEN.finditer(text):
        got = _word_stems(m.group(), keep)
        if len(got) == 1:
            found.append((m.start(), got[0][1]))
        elif got:
            at = m.start()
            found += [(at + offset, s) for offset, s in got]
    return found


def _stem_needles(stems: frozenset[str]) -> tuple[str, ...]:
    """Strings one of which every word whose stem is in `stems` holds: stem() keeps a word's start (it cuts endings,
    a doubled last letter, '-ly'), or replaces the word, or a start of it, by its synonym (_SYNONYMS), or drops the
    commas of a number ('21,000': the stem's first digit is the word's); a number written against its unit is two
    words, each in the text. So the stem itself, each synonym standing for it, and a number's first digit."""
    needles = set(stems)
    needles |= {word for word, same in _SYNONYMS.items() if same in stems}
    needles |= {s[0] for s in stems if s[:1].isdigit()}
    return tuple(sorted(needles))


def stems_of(text: str) -> list[str]:
    """The stems of a canonical text's words, fillers left out (as the question's stems are)."""
    return _stems(text)


def _stems(text: str) -> list[str]:
    return [stem(w) for _, w in _tokens(text) if w not in _FILLER]


_BARE_WORDS = frozenset("a an the of in on at to it its is are one".split())
_FILLER_STEMS = frozenset(stem(w) for w in _FILLER)


@lru_cache(maxsize=256)
def _filler_options(stems: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    """The stems of options made only of fillers ('moving'): read in answers, where fillers are otherwise dropped."""
    return frozenset(s for own in stems if own and all(x in _FILLER_STEMS for x in own) for s in own)


def _own_stems(option: str) -> tuple[str, ...]:
    """An option's words without the fillers of motion descriptions, unless it has no others: the option 'moving'
    is named by 'moving'."""
    return tuple(_stems(option)) or tuple(stem(m.group()) for m in _TOKEN.finditer(option)
                                          if m.group() not in _BARE_WORDS)


# --- options ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class OptionSet:
    kind: str  # indexed, labelled, grid, direction, words
    options: tuple[str, ...]
    patterns: tuple[re.Pattern, ...] = ()  # indexed, labelled
    cells: tuple[tuple[int, int], ...] = ()  # grid
    vectors: tuple[tuple[int, int], ...] = ()  # direction
    stems: tuple[tuple[str, ...], ...] = ()  # words
    labels: tuple[re.Pattern | None, ...] = ()  # words: the options among them named by their letter
    cased: tuple[str, ...] = ()  # words: the options as written, where two differ only in case ('Aa', 'aa', 'AA')

    # what _named_by_words asks of the options for every answer, found once per option set
    @cached_property
    def filler_stems(self) -> frozenset[str]:
        return _filler_options(self.stems)

    @cached_property
    def reordered(self) -> frozenset[int]:
        return _reordered(self.stems)

    @cached_property
    def part_of(self) -> frozenset[tuple[int, int]]:
        return _part_of(self.stems)

    @cached_property
    def _read_by(self) -> dict:
        return {}

    @cached_property
    def memo(self) -> dict:
        """What other stages find once per option set (choice_claims: facts about the options every place asks)."""
        return {}

    def read_by(self, scenery: frozenset[str]) -> tuple[tuple[tuple[str, ...], ...], dict[str, tuple[int, ...]],
                                                         N.Needles | None]:
        """words: for the question's `scenery`, each option's distinctive stems (_distinctive), the options each
        stem may name, as their first stem or one of their distinctive ones, and needles one of which every word
        with such a stem holds (_stem_needles; None where that is not known); found once per case."""
        found = self._read_by.get(scenery)
        if found is None:
            if len(self._read_by) >= 64:  # an option list asked in many questions
                self._read_by.clear()
            own_words = _distinctive(self.stems, scenery)
            wanted: dict[str, set[int]] = {}
            for i, stems in enumerate(self.stems):
                for s in (stems[:1] + own_words[i]) if stems else own_words[i]:
                    wanted.setdefault(s, set()).add(i)
            needles = _stem_needles(frozenset(wanted)) if not _one_word_options(self.options) else ()
            found = self._read_by[scenery] = (own_words, {s: tuple(sorted(v)) for s, v in wanted.items()},
                                              N.Needles(needles) if needles else None)
        return found

    @cached_property
    def needles(self) -> N.Needles | None:
        """indexed: words one of which every match of an option's pattern holds (_indexed_needles); a text with none
        names no option, and the patterns, slow to scan, need not run."""
        if self.kind != "indexed":
            return None
        count = len(self.options)
        return N.Needles(tuple(dict.fromkeys(w for o in self.options for w in _indexed_needles(*_indexed(o), count))))


@lru_cache(maxsize=256)
def option_set(options: tuple[str, ...]) -> OptionSet:
    canonical = tuple(canon(o).strip(" .<>") for o in options)  # MMMU-Pro's "<image 4>" is Image 4
    indexed = [_indexed(o) for o in canonical]
    if all(indexed):
        return OptionSet("indexed", canonical, patterns=tuple(
            _indexed_pattern(n, noun, len(options)) for n, noun in indexed))  # type: ignore[misc]
    if lowercase_labels(options):
        # options that are sub-figure labels '(c)', '(a)', …: '(d)' or 'Image D' names the one labelled d
        return OptionSet("labelled", canonical, patterns=tuple(_label_pattern(o.strip(" ()").lower()) for o in options))
    labelled = _labelled(options)
    if labelled and all(labelled):
        return OptionSet("labelled", canonical, patterns=labelled)  # type: ignore[arg-type]
    if all(re.fullmatch(r"(?:top|middle|center|bottom) (?:left|center|middle|right)", o) for o in canonical):
        return OptionSet("grid", canonical, cells=tuple(grid_cell(o) for o in canonical))
    vectors = []
    for o in canonical:
        found = directions(o)
        vectors.append(found[0][1] if len(found) == 1 else None)
    if all(vectors) and len(set(vectors)) == len(vectors):
        return OptionSet("direction", canonical, vectors=tuple(vectors))  # type: ignore[arg-type]
    # genotypes ('Aa', 'aa', 'AA'): one word in any case names all of them, so they are read as written
    written = tuple(o.strip() for o in options)
    cased = written if len({c.lower() for c in canonical}) < len(set(written)) == len(written) else ()
    return OptionSet("words", canonical, stems=tuple(_own_stems(o) for o in canonical), labels=labelled, cased=cased)


_LABEL_LETTERS = "ABCDEFGHIJKL"
_LETTER_LABEL = re.compile(r"\([a-z]\)")
_LABEL_NOUNS = "image|figure|fig\\.?|graph|picture|panel|subfigure|plot|diagram|chart"


def _label_pattern(letter: str) -> re.Pattern:
    return re.compile(rf"\({letter}\)|\b(?:{_LABEL_NOUNS})\s*\(?{letter}\b\)?")


def lowercase_labels(options: tuple[str, ...]) -> bool:
    """Options that are lowercase letter labels ('(c)', '(a)', …): a lowercase letter is one of them, not a choice."""
    return len(options) >= 2 and all(_LETTER_LABEL.fullmatch(o.strip()) for o in options)


_IN_THE_IMAGE = re.compile(r"\\s\+in\\ the\\ (?:image|picture|figure)$")
# another noun before the capital, then a verb or the sentence's end ('container A will …', 'is beaker B.')
_IMAGE_THING = (r"|\b(?!(?:options?|choices?|answers?|letters?|the|is|are|and|or|of|to)\b)[a-z]{{3,}}\s+{}\b"
                r"(?=\s+(?:is|was|will|would|has|had|should|shows?|appears?|seems?|contains?)\b|\s*[.,;!)]|\s*$)")


def _label_end(letter: str) -> str:
    """What may not follow a label named alone: a list ('labeled B and C'); after 'a' or 'i', any word (an article
    or a pronoun: 'labeled a sign') but a verb ('labeled A has more'), though after another letter any word may
    ('the beaker labeled B contains more')."""
    verb = r"(?!(?:has|have|had|is|was|are|were|appears|seems|looks|contains|shows|holds)\b)"
    return r"(?![\"'”’]?\s*(?:,|and\b|or\b|&" + (rf"|{verb}\w))" if letter in "AI" else r"))")


def _labelled(options: tuple[str, ...]) -> tuple[re.Pattern | None, ...]:
    """Options that differ only by a capital letter ('Box A'/'Box B', 'Point C', 'A is closer', 'Solution A'
    as option C): naming one is naming its capital, and the words they share name none of them. A pattern
    for each such option (None for the others, as 'About the same' beside 'A is darker'); empty when fewer
    than two are."""
    frames: dict[str, list[tuple[int, str]]] = {}
    for i, option in enumerate(options):
        words = option.strip(" .").split()
        capitals = [w for w in words if len(w) == 1 and w in _LABEL_LETTERS]
        if len(capitals) == 1 and len(words) >= 2:
            frame = " ".join("{}" if w == capitals[0] else w.lower() for w in words)
            frames.setdefault(frame, []).append((i, capitals[0]))
    frame, members = max(frames.items(), key=lambda kv: len(kv[1]), default=("", []))
    if len(members) < 2 or len({c for _, c in members}) < len(members):
        return ()
    before, _, after = frame.partition("{}")
    before, after = re.escape(canon(before).strip()), canon(after).strip()
    # 'A is closer' is also 'Point A appears to be closer', 'A, circled on the left, seems closer'
    copula, _, rest = after.partition(" ")
    # and 'point A which is on the woman's nose appears closer': a relative clause without commas
    after = (rf"(?:\s*,[^,.;]{{0,80}},|\s+(?:which|that|who)\s+[^,.;]{{0,60}}?(?=\s+(?:is|appears|seems|looks)\s))?"
             rf"[\s,]+(?:is|appears|seems|looks)(?:\s+to\s+be)?\s+{re.escape(rest)}"
             if copula == "is" and rest else rf"\s+{re.escape(after)}")
    label = dict(members)
    quote = "[\"'“‘]?"
    # 'Point A' is also 'the point … labeled with A'
    named_as = rf"\b(?:labell?ed|marked)\s+(?:with\s+|as\s+)?{quote}"
    # and 'the corresponding point for the reference point is C.': the shared word, then 'is' and the letter alone
    said_is = rf"\b{before}\b[^.;:\n]{{0,60}}?\s(?:is|would be|should be)\s+{quote}"
    # 'Option A in the image' is the thing the image labels A, whatever the answer calls it: 'Container A is …'
    thing = _IMAGE_THING if before == "option" and _IN_THE_IMAGE.match(after) else ""
    return tuple((re.compile(rf"\b{before}\s*{quote}{label[i].lower()}\b|"
                             rf"(?:{named_as}|{said_is}){label[i].lower()}\b{_label_end(label[i])}"
                             + thing.format(label[i].lower())
                             if before
                             else rf"\b{label[i].lower()}{after}\b") if i in label else None)
                 for i in range(len(options)))


def named(options: OptionSet, text: str, scenery: frozenset[str] = frozenset()) -> list[Mention]:
    """Options named in canonical `text`, as (position, option index), in reading order. Words in
    `scenery` (the question's own) name no option on their own."""
    if options.kind in ("indexed", "labelled"):
        if options.needles is not None and not options.needles.found_in(text):
            return []  # no option's pattern can match: each needs one of the words
        found = [(m.start(), i) for i, p in enumerate(options.patterns) for m in p.finditer(text)]
    elif options.kind == "grid":
        found = [(at, options.cells.index(cell)) for at, cell in cells(text) if cell in options.cells]
    elif options.kind == "direction":
        found = [(at, options.vectors.index(v)) for at, v in directions(text) if v in options.vectors]
    else:
        found = _named_by_words(options, text, scenery)
    return sorted(found)


def names_nothing(options: OptionSet, text: str, scenery: frozenset[str] = frozenset()) -> bool:
    """True only where named(options, t, scenery) and named_negative(options, t) find nothing for the canonical `text`
    and for every text made from it by blanking stretches (spaces for characters: choice_claims reads it so): it
    holds none of the needles every word an option is read by holds (words: read_by's, grid and direction: the
    position words', indexed: the nouns' and ordinals'), and a blanked text's words are pieces of the text's. False
    where that is not known (options labelled by letters, one-word options read misspelt too).
    tests/grading/test_choice_fast_paths.py compares it with named() on blanked texts."""
    if options.kind == "words":
        if any(options.labels):
            return False
        needles = options.read_by(scenery)[2]
        return needles is not None and not needles.found_in(text)
    if options.kind in ("grid", "direction"):
        return not _POSITION_WORDS.found_in(text)
    if options.kind == "indexed":
        return options.needles is not None and not options.needles.found_in(text)
    return False


@lru_cache(maxsize=256)
def question_stems(question: str) -> frozenset[str]:
    """The question's words, and the words every question about options may use ('choices', 'given'): they name
    no option on their own ('multiple choices' is no 'All given choices … are wrong')."""
    return frozenset(_stems(canon(question))) | _ABOUT_OPTIONS


_ABOUT_OPTIONS = frozenset(stem(w) for w in ("option", "options", "choice", "choices", "answer", "answers", "given"))


# words that say nothing of their own: alone they name no option ('search for gold' is no 'None of the options are
# correct for this question'), though they still count inside an option's phrase
_FUNCTION_STEMS = frozenset(stem(w) for w in "for about this that these those with by from into onto there their they "
                            "them we you he she his her it its as can could will would shall should may might must "
                            "do does did have has had be been".split())


@lru_cache(maxsize=256)  # per case: the same for every answer
def _distinctive(stems: tuple[tuple[str, ...], ...], scenery: frozenset[str]) -> tuple[tuple[str, ...], ...]:
    """Each option's stems (in order) shared with no other option and not in `scenery`."""
    found = []
    for i, own in enumerate(stems):
        others = {s for j, o in enumerate(stems) if j != i for s in o}
        # a lone letter is no word of an option's ('option C in the image' is not named by '(C)' in a list)
        found.append(tuple(s for s in own if s not in others and s not in scenery and s not in _FUNCTION_STEMS
                           and not (len(s) == 1 and s.isalpha())))
    return tuple(found)


_LIST_BEFORE = re.compile(r"((?:[a-z][a-z-]*\s*,\s*)+(?:and\s+|or\s+)?)$")


def _listed_before(options: OptionSet, text: str, full: list[Mention], own_words) -> list[Mention]:
    """Options listed with a named one, sharing its words after them: 'seahorses, rotifers, and mysids would
    decrease' names 'Seahorses would decrease' and 'Rotifers would decrease' too (a hedge, POLICY 3.5)."""
    found = []
    for at, _ in full:
        listed = _LIST_BEFORE.search(text, max(0, at - 120), at)
        if not listed:
            continue
        items = {stem(w) for w in re.findall(r"[a-z][a-z-]*", listed.group(1)) if w not in ("and", "or")}
        found += [(at - len(listed.group(1)), j) for j, own in enumerate(own_words)
                  if len(own) == 1 and own[0] in items]
    return found


@lru_cache(maxsize=256)
def _within(options: tuple[str, ...]) -> frozenset[tuple[int, int]]:
    """(i, j) for each option i whose text lies inside option j's ('quarter' in 'quarter to') with the same words
    once fillers are dropped (so the part-of test cannot tell them apart)."""
    stems = [tuple(_stems(o)) for o in options]
    return frozenset((i, j) for i, a in enumerate(options) for j, b in enumerate(options)
                     if i != j and a and a in b and a != b and set(stems[i]) == set(stems[j]))


@lru_cache(maxsize=256)
def _reordered(stems: tuple[tuple[str, ...], ...]) -> frozenset[int]:
    """Options whose words are another option's words in another order."""
    return frozenset(i for i, a in enumerate(stems) for j, b in enumerate(stems)
                     if i != j and a and a != b and sorted(a) == sorted(b))


@lru_cache(maxsize=256)
def _part_of(stems: tuple[tuple[str, ...], ...]) -> frozenset[tuple[int, int]]:
    """(i, j) for each option i whose words are a part of option j's."""
    return frozenset((i, j) for i, a in enumerate(stems) for j, b in enumerate(stems) if i != j and set(a) < set(b))


def _phrase_starts(words: list[tuple[int, str]], starts: list[int], stems: tuple[str, ...],
                   before: int = 2, after: int = 3) -> list[int]:
    """The indexes in `starts` (words that are the phrase's first stem) near which all its stems stand."""
    return [k for k in starts
            if all(s in {w for _, w in words[max(0, k - len(stems) - before):k + len(stems) + after]} for s in stems)]


_LONG_OPTION = 8  # stems: an option this long is a sentence, named by two of its own words at least


def option_mentions(options: OptionSet, words: list[tuple[int, str]], at: dict[str, list[int]],
                    own_words: tuple[tuple[str, ...], ...], indexes) -> tuple[list[Mention], list[Mention]]:
    """The options of `indexes` (in order) a text's stemmed `words` name by their whole phrase, and by their own
    distinctive words (`at`: each stem's indexes in `words`)."""
    full, distinctive = [], []
    for i in indexes:
        stems = options.stems[i]
        if not stems or (options.labels and options.labels[i]):
            continue
        starts = _phrase_starts(words, at[stems[0]], stems) if stems[0] in at else []
        if starts and i in options.reordered:
            # '(u1, u2) = (1, 0)' is not '(u1, u2) = (0, 1)': options that differ only in order need their order
            starts = [k for k in starts if [w for _, w in words[k:k + len(stems)]] == list(stems)]
        full += [(words[k][0], i) for k in starts]
        said = [s for s in own_words[i] if s in at]
        if len(stems) >= _LONG_OPTION and len(said) < 2 and not any(c.isdigit() for s in said for c in s):
            continue  # one word of a sentence-long option names it not ('water' for 'All temperatures are lower …'),
            # though one of its numbers does ('4870' for 'Directors held 4,870 shares in total on 30 April 2009')
        for s in said:
            distinctive.extend((words[k][0], i) for k in at[s])
    return full, distinctive


def _named_by_words(options: OptionSet, text: str, scenery: frozenset[str] = frozenset()) -> list[Mention]:
    """An option whose words all appear close together (its phrase, reordered or inflected); failing
    that, one of its distinctive words (shared with no other option)."""
    found_labels = [(m.span(), i) for i, p in enumerate(options.labels) if p for m in p.finditer(text)] \
        if options.labels else []
    labelled = [(span[0], i) for span, i in found_labels]
    own_words, wanted, needles = options.read_by(scenery)
    if needles is not None and not needles.found_in(text):
        # no word here has a stem an option is read by (each such word holds a needle): no option is named by its
        # phrase nor by its own words, and (options not all one long word) none by a word misspelt either
        return sorted(labelled)
    keep = options.filler_stems  # an option that is only a filler ('moving') is named by it
    words = _stemmed_words(text, keep)  # [(at, stem(w)) for at, w in _tokens(text, keep)]
    at: dict[str, list[int]] = {}
    for k, (_, s) in enumerate(words):
        at.setdefault(s, []).append(k)
    # only the options whose first stem or one of whose own words the text holds can be named: for any other, no
    # phrase starts and no own word is said (option_mentions adds nothing for it), so it is left out
    candidates = sorted({i for s in at if s in wanted for i in wanted[s]}) if len(at) < len(wanted) else \
        range(len(options.stems))
    full, distinctive = option_mentions(options, words, at, own_words, candidates)
    if full and len(full) <= 4 and "," in text:
        full += _listed_before(options, text, full, own_words)
    if len(full) > 1 and len({i for _, i in full}) > 1 and (within := _within(options.options)):
        # 'quarter to' is not also 'quarter': an option whose text lies inside another's read there is that one
        full = [(a, i) for a, i in full if not any(
            k == i and options.options[j] in text[max(0, a - 40):a + 40 + len(options.options[j])] for k, j in within)]
    # a longer option read there outranks one whose words are a part of it ('white three' is not 'white one',
    # '6*sqrt{3}' is not '6')
    if len(full) > 1 and len({i for _, i in full}) > 1 and (part_of := options.part_of):
        full.sort()
        spots = [a for a, _ in full]  # only matches within 40 characters are compared: linear in the answer
        full = [(a, i) for a, i in full if not any(
            (i, j) in part_of for _, j in full[bisect_left(spots, a - 40):bisect_right(spots, a + 40)])]
    if not full and not distinctive and not labelled and _one_word_options(options.options):
        # 'would be sagitate' for the option 'Sagittate': a long word one letter off names the one option it nears
        distinctive = _misspelt(options.options, words)
    if found_labels and distinctive:  # 'container' in 'Container A' is the label's noun, not another option's word
        distinctive = [(a, i) for a, i in distinctive if not any(x <= a < y for (x, y), _ in found_labels)]
    return sorted(labelled + (full or distinctive))


@lru_cache(maxsize=256)
def _one_word_options(options: tuple[str, ...]) -> bool:
    return len(options) >= 2 and all(o.isalpha() and len(o) >= 5 for o in options)


def _misspelt(options: tuple[str, ...], words: list[tuple[int, str]]) -> list[Mention]:
    """Words (of the first 400) one edit from exactly one option's stem, two for words of eight letters or more:
    'sagitate' for 'Sagittate', 'capacitor' for 'Capacitator'."""
    found = []
    stems = _option_stems(options)
    for at, w in words[:400]:
        if len(w) >= 5 and w.isalpha():
            edits = 2 if len(w) >= 8 else 1  # 'capacitor' for 'Capacitator': a long word may be two edits off
            size = len(w)
            # lengths further apart than the edits allowed are more edits apart (the distance is at least that)
            near = [i for i, o in enumerate(stems)
                    if abs(size - len(o)) <= edits and Levenshtein.distance(w, o, score_cutoff=edits) <= edits]
            if len(near) == 1:
                found.append((at, near[0]))
    return found


@lru_cache(maxsize=256)  # per option list
def _option_stems(options: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(stem(o) for o in options)


@lru_cache(maxsize=256)  # per option list: asked for every short answer
def _near_sizes(options: tuple[str, ...]) -> frozenset[int]:
    """The lengths of text that some option's length is near enough to (near_option): for each length up to past the
    longest option's by a fifth, the test near_option made of every option in turn. Longer texts are near none:
    size - len(o) > 0.16 * size holds once size > len(o) / 0.84."""
    lengths = {len(o) for o in options}
    return frozenset(size for size in range(int(max(lengths, default=0) / 0.8) + 2)
                     if not all(abs(size - n) > 0.16 * max(size, n) for n in lengths))


def near_option(said: str, options: tuple[str, ...]) -> int | None:
    """The one option a short answer's whole text misspells ('caprimulgis europae' for 'caprimulgus europaeus', 'no
    pittenbulks are dogs …' for 'no pittbulls are dogs …'): at least 85% alike, and clearly nearer than any other."""
    if len(said) < 8:
        return None
    size = len(said)
    if size not in _near_sizes(options):
        return None  # lengths that far apart leave at most 84% alike: no option is near enough
    alike = sorted(((Levenshtein.normalized_similarity(said, o), i) for i, o in enumerate(options)), reverse=True)
    best, runner_up = alike[0], alike[1] if len(alike) > 1 else (0.0, -1)
    return best[1] if best[0] >= 0.85 and runner_up[0] <= best[0] - 0.1 else None


def one_word_off(said: str, options: tuple[str, ...]) -> int | None:
    """The one option of three words or more that a short answer's whole text gives with one word changed, in the
    same place ('a ballet shoe' for 'a ballet slipper', beside 'an elf shoe'), where no other option is that near."""
    words = said.split()
    if not 3 <= len(words) <= 8:
        return None
    near = [i for i, o in enumerate(options)
            if len(own := o.split()) == len(words) and sum(a != b for a, b in zip(own, words, strict=True)) == 1]
    return near[0] if len(near) == 1 else None


_NEGATIVE_OPTION = re.compile(r"\b(?:not|no|none|neither|nor|never)\b|n't\b")


def named_negative(options: OptionSet, text: str) -> list[Mention]:
    """Options whose own text is negative ('Neither set A nor set B', 'none of the above') named by their whole
    phrase in canonical `text`, whose negated stretches are kept: there the negation is the option's."""
    if options.kind != "words":
        return []
    found = []
    words = [(at, stem(w)) for at, w in _tokens(text) if w not in _FILLER]
    for i, (option, stems) in enumerate(zip(options.options, options.stems, strict=False)):
        if not stems or not _NEGATIVE_OPTION.search(option):
            continue
        starts = [k for k, (_, s) in enumerate(words) if s == stems[0]]
        found += [(words[k][0], i) for k in _phrase_starts(words, starts, stems, before=-len(stems), after=2)]
    return found


# --- numbers at another precision ---------------------------------------------------------------------------

_NUMBER_OPTION = re.compile(r"[$€£]?\s*(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)\s*(?:%|°|[a-zμ²³]{0,3}\.?|"
                            r"[^\x00-\x7f]{1,3})")
_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"(?<![\w.,/√^])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w.,/√^]*\d)")


def _figures(number: str) -> tuple[Decimal, Decimal, int] | None:
    """(value, unit of its last significant figure, significant figures): '4.3' is (4.3, 0.1, 2);
    '1,310,000' is (1310000, 10000, 3), its zeros a rounding; '150' is exact (unit 1)."""
    digits = number.replace(",", "").lstrip("-")
    try:
        value = Decimal(number.replace(",", ""))
    except ArithmeticError:
        return None
    if "." in digits:
        whole, fraction = digits.split(".")
        figures = len((whole + fraction).lstrip("0"))
        return value, Decimal(1).scaleb(-len(fraction)), figures
    zeros = len(digits) - len(digits.rstrip("0"))
    zeros = zeros if zeros >= 3 and zeros < len(digits) else 0  # only thousands read as rounded
    return value, Decimal(1).scaleb(zeros), len(digits.lstrip("0")) - zeros


@lru_cache(maxsize=256)
def option_numbers(options: tuple[str, ...]) -> tuple[tuple[Decimal, Decimal, int] | None, ...]:
    """Each option's number when every option is one number ('4.39%', '$1,170,000', '20 m'), else ()."""
    found = []
    for option in options:
        m = _NUMBER_OPTION.fullmatch(option.strip())
        figures = _figures(m.group(1)) if m and len(option) <= 40 else None
        if figures is None:
            return ()
        found.append(figures)
    return tuple(found)


def _same_at_coarser(a: tuple[Decimal, Decimal, int], b: tuple[Decimal, Decimal, int]) -> bool:
    """Is `a` equal to `b` once the finer of the two is rounded to the other's precision (half up)? The
    coarser must have two significant figures or more: '20' is no rounding of 23."""
    coarse, fine = (a, b) if a[1] >= b[1] else (b, a)
    if coarse[1] == fine[1] or coarse[2] < 2:
        return False
    try:
        return fine[0].quantize(coarse[1], rounding=ROUND_HALF_UP) == coarse[0]
    except ArithmeticError:  # more digits than the context holds: no rounding of an option
        return False


def rounded(options: tuple[str, ...], text: str) -> list[Mention]:
    """Options a stated number names at another precision: '4.3%' names 4.28% (4.35% rounds to 4.4%),
    '$1,310,000' names $1,312,000, '2.47' names 2.5; a number equal to an option in other figures ('3.0', '50.00')
    names it."""
    numbers = option_numbers(options)
    if not numbers or not _DIGIT.search(text):
        return []
    found, named_by = [], {}
    for m in _NUMBER.finditer(text):
        said = m.group()
        if said not in named_by:
            if len(named_by) >= 64:  # a place states its answer in a few numbers, not thousands
                break
            stated = _figures(said)
            equal = [i for i, n in enumerate(numbers) if stated and stated[0] == n[0]]  # '3.0' is the option 3
            named_by[said] = [] if stated is None else equal or [
                i for i, n in enumerate(numbers) if _same_at_coarser(stated, n)]
        found += [(m.start(), i) for i in named_by[said]]
    return found
