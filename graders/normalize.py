"""Normalisation of answer text: case, unicode, punctuation, number words, colors, positions."""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache

_UNICODE_FIXES = str.maketrans({"−": "-", "–": "-", "—": "-", "×": "x", "’": "'", "‘": "'", "“": '"', "”": '"',
                                "\u00a0": " ", "\u2009": " ", "\u202f": " "})


def clean(text: str) -> str:
    """NFKC, unified dashes and quotes, collapsed whitespace, casefolded."""
    if not text.isascii():  # the common ASCII answer skips the unicode work
        text = unicodedata.normalize("NFKC", text).translate(_UNICODE_FIXES)
    return " ".join(text.split()).casefold()


def has_any(text: str, words: tuple[str, ...]) -> bool:
    """Does `text` contain one of `words`? As `any(w in text for w in words)`, without a generator's cost
    (grading's cheap pre-checks run this on every answer)."""
    for word in words:
        if word in text:
            return True
    return False


def alternation(words) -> str:
    """'w1|w2|…' (the words escaped) as a pattern (matched case-sensitively) with the words of one first character
    grouped behind it ('r(?:ed|ose)'): the same matches, preferred in the same order (at a position only the words of
    its character can match, tried in their order), and the engine tries one group per character, not every word."""
    by_first: dict[str, list[str]] = {}
    for word in dict.fromkeys(words):
        by_first.setdefault(word[:1], []).append(re.escape(word[1:]))
    return "|".join(re.escape(first) + (f"(?:{'|'.join(rests)})" if len(rests) > 1 else rests[0])
                    for first, rests in by_first.items())


_ONE_PASS = 32  # characters up to which the pattern of a dozen words or more is the cheaper (measured)


class Needles:
    """Many words, any of which a pre-check looks for (has_any). In a short text one pass of a pattern of them all
    costs less than looking for each word in turn (the pattern groups them by first character: the engine tries
    one alternative per character); in a long text it costs more, and each word is looked for."""

    __slots__ = ("_pattern", "words")

    def __init__(self, words: tuple[str, ...]):
        self.words = words
        self._pattern = re.compile(alternation(words))

    def found_in(self, text: str) -> bool:
        """has_any(text, self.words)"""
        if len(text) <= _ONE_PASS:
            return self._pattern.search(text) is not None
        return has_any(text, self.words)


_PUNCTUATION = re.compile(r"[^\w\s-]")


def strip_punctuation(text: str) -> str:
    return " ".join(_PUNCTUATION.sub(" ", text).split())


# --- numbers -----------------------------------------------------------------------------------------

_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000}
_NUMBER_WORDS_SORTED = sorted([*_UNITS, *_TENS, *_SCALES, "and", "minus", "negative"], key=len, reverse=True)
_NUMBER_WORD = alternation(_NUMBER_WORDS_SORTED)
_WORDS_RUN = re.compile(rf"\b(?:{_NUMBER_WORD})(?:[\s-]+(?:{_NUMBER_WORD}))*\b")


_WORD_GAP = re.compile(r"[\s-]+")
_WORDS_LIMIT = 10**15  # 'hundred hundred …' is no number; without a cap it grows past int's digit limit


def _words_value(words: list[str]) -> int | None:
    sign, total, current, seen = 1, 0, 0, False
    for w in words:
        if total + current > _WORDS_LIMIT:
            return None
        if w in ("minus", "negative"):
            if seen:
                return None
            sign = -1
        elif w == "and":
            continue
        elif w in _UNITS:
            current += _UNITS[w]
            seen = True
        elif w in _TENS:
            current += _TENS[w]
            seen = True
        elif w == "hundred":
            current = max(current, 1) * 100
            seen = True
        elif w in _SCALES:
            total += max(current, 1) * _SCALES[w]
            current = 0
            seen = True
    if total + current > _WORDS_LIMIT:
        return None
    return sign * (total + current) if seen else None


def _as_digits(match: re.Match) -> str:
    words = [w for w in _WORD_GAP.split(match.group(0)) if w]
    if all(w in ("and", "minus", "negative") for w in words):
        return match.group(0)
    value = _words_value(words)
    return match.group(0) if value is None else str(value)


# a run of 'and', 'minus' and 'negative' alone is left as it is: a run to replace holds one of these
_NUMBER_WORDS = Needles((*_UNITS, *_TENS, *_SCALES))


def case_blind_key(keys, said: str) -> str | None:
    """The key (of `keys`, lowercase words) that a case-blind pattern matched as `said`, or None (POLICY.md 7.1).

    A case-blind pattern matches more than lower() or casefold() give back: 'ſecond' (long s) is 'second' to it,
    'zweımal' (dotless i) 'zweimal', 'İ' an 'i', yet 'ſecond'.lower() is 'ſecond' and 'İ'.lower() two characters.
    The lowercased and casefolded forms are tried first; else the key the pattern itself would match."""
    for form in (said.lower(), said.casefold()):
        if form in keys:
            return form
    return next((key for key in keys if re.fullmatch(re.escape(key), said, re.IGNORECASE)), None)


def words_to_digits(text: str) -> str:
    """'fifty-six' -> '56', 'three hundred and ninety-one' -> '391'; other text unchanged."""
    if _NUMBER_WORDS.found_in(text):
        text = _WORDS_RUN.sub(_as_digits, text)
    # in ASCII text 'once', 'twice' and 'thrice' in any case hold 'nce' or 'ice' once lowercased
    if not text.isascii() or "nce" in (low := text.lower()) or "ice" in low:
        text = _MULTIPLICATIVE.sub(lambda m: _MULTIPLICATIVES[case_blind_key(_MULTIPLICATIVES, m.group(0))], text)
    return text


_MULTIPLICATIVES = {"once": "1", "twice": "2", "thrice": "3"}
_MULTIPLICATIVE = re.compile(r"\b(?:once|twice|thrice)\b", re.IGNORECASE)


# A number token: optional sign, digits with optional thousands separators, optional decimals.
# Lookarounds keep '25' from matching inside 'x25y' and stop '3' in 'r3c2' being read as a value.
NUMBER = re.compile(r"(?<![\w.])([-+]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\d])")
# NUMBER's matches (the same spans), without its groups, found in half the time: the pattern opens with the character
# every token starts with (a sign or a digit), so the engine skips to those, and the lookbehind looks before it; the
# branch after it is NUMBER's for that character, alternatives in the same order (tests/grading/test_fast_paths.py).
# A token's value is float() of it without its commas: float('-5') is -float('5'), as NUMBER's groups give it.
NUMBER_TOKEN = re.compile(r"[-+\d](?<![\w.].)(?:(?<=[-+])(?:\d{1,3}(?:,\d{3})+|\d+)|(?<=\d)(?:\d{0,2}(?:,\d{3})+|\d*))"
                          r"(?:\.\d+)?(?!\d)")


def numbers(text: str) -> list[float]:
    """Every number in the text, in order, with number words and separators understood."""
    return numbers_in_clean(words_to_digits(clean(text)))


def numbers_in_clean(text: str) -> list[float]:
    """`numbers` for text already cleaned and with number words turned to digits."""
    return [float(token if "," not in token else token.replace(",", "")) for token in NUMBER_TOKEN.findall(text)]


def format_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


# --- colors ------------------------------------------------------------------------------------------

COLOR_SYNONYMS = {
    "grey": "gray", "violet": "purple", "lavender": "purple", "indigo": "purple", "magenta": "pink",
    "fuchsia": "pink", "aqua": "cyan", "turquoise": "cyan", "teal": "cyan", "light blue": "cyan",
    "sky blue": "cyan", "navy": "blue", "royal blue": "blue", "gold": "yellow", "golden": "yellow",
    "lime": "green", "crimson": "red", "scarlet": "red", "maroon": "brown", "tan": "brown",
    "charcoal": "black", "silver": "gray",
}
BASE_COLORS = ("red", "green", "blue", "yellow", "orange", "purple", "pink", "brown", "black", "white", "gray",
               "cyan")
# 'light' is a modifier except in 'light blue', which names another color (cyan)
_MODIFIER_WORDS = ("dark", "bright", "pale", "deep", "medium", "vivid")
_MODIFIERS = rf"(?:(?:{'|'.join(_MODIFIER_WORDS)})\s+|light\s+(?!blue\b))?"
_COLOR_NAMES = sorted([*BASE_COLORS, *COLOR_SYNONYMS], key=len, reverse=True)
_COLOR_RE = re.compile(r"\b(" + alternation(_COLOR_NAMES) + r")(?:ish)?\b")
_COLOR_WITH_MODIFIER = re.compile(_MODIFIERS + r"\b(" + alternation(_COLOR_NAMES) + r")(?:ish)?\b")


def canonical_color(word: str) -> str:
    word = clean(word)
    return COLOR_SYNONYMS.get(word, word)


# a name the color patterns matched is one of _COLOR_NAMES, already clean: its canonical name by lookup
_CANONICAL = {name: canonical_color(name) for name in _COLOR_NAMES}
assert all(clean(name) == name for name in _COLOR_NAMES)


def colors(text: str) -> list[str]:
    """Color names in reading order, as canonical base names ('light blue' -> 'cyan', 'grey' -> 'gray')."""
    text = clean(text)
    if "light blue" in text or "sky blue" in text:
        return [color for _, color in colors_at(text)]
    if text.isascii():  # read word by word (color_words), a quarter of the pattern's time
        return color_words(text)
    return [_CANONICAL[name] for name in _COLOR_RE.findall(text)]  # no 'blue' to skip (see colors_at)


# An ASCII text's words: its runs of '\w' characters, lowercased, every other byte a space (then split)
WORD_BYTES = bytes((c | 32 if 65 <= c <= 90 else c) if re.match(r"\w", chr(c)) else 32 for c in range(256))
# In ASCII text a match of _COLOR_RE ('\b' NAME 'ish'? '\b') is one whole word, a name or a name and 'ish', except the
# two-word names, 'royal blue' ('blue', as its word 'blue' reads), 'light blue' and 'sky blue' (cyan: colors reads
# texts holding those with the pattern). Each such word, to its canonical name.
_COLOR_WORD = {form.encode(): _CANONICAL[name] for name in _COLOR_NAMES if " " not in name
               for form in (name, name + "ish")}
assert _CANONICAL["royal blue"] == _CANONICAL["blue"]


def color_words(text: str) -> list[str]:
    """_COLOR_RE's names in cleaned ASCII `text` holding neither 'light blue' nor 'sky blue', as canonical names, read
    from its words (tests/grading/test_matcher_fast_paths.py compares it with the pattern)."""
    return [color for word in text.encode().translate(WORD_BYTES).split() if (color := _COLOR_WORD.get(word))]


def colors_at(text: str) -> list[tuple[int, str]]:
    """(position, canonical color) in cleaned `text`."""
    if "light blue" not in text and "sky blue" not in text:  # no 'blue' to skip (below): the common case
        return [(m.start(), _CANONICAL[m.group(1)]) for m in _COLOR_RE.finditer(text)]
    found = []
    for match in _COLOR_RE.finditer(text):
        name = match.group(1)
        if name == "blue" and text[max(0, match.start() - 6):match.start()].endswith(("light ", "sky ")):
            continue  # already matched as the two-word synonym
        found.append((match.start(), _CANONICAL[name]))
    return found


_RENAMED = (*_MODIFIER_WORDS, "light", *COLOR_SYNONYMS, "ish")
_RENAMED_WORDS = Needles(_RENAMED)


def normalize_colors(text: str) -> str:
    """Text with every color word replaced by its canonical name and modifiers dropped."""
    text = clean(text)
    # every match of the pattern with modifiers holds a match of _COLOR_RE, which is far cheaper to search
    if not _COLOR_RE.search(text):
        return text
    # without a modifier, a synonym or an '-ish', every color named is a base name, replaced by itself
    if not _RENAMED_WORDS.found_in(text):
        return text
    return _COLOR_WITH_MODIFIER.sub(lambda m: _CANONICAL[m.group(1)], text)


# --- positions ---------------------------------------------------------------------------------------

_ORDINALS = {w: i + 1 for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth".split())}
_ORD = r"(\d{1,6}|" + "|".join(_ORDINALS) + r")(?:st|nd|rd|th)?"
_POSITION_PATTERNS = (
    re.compile(r"\(\s*(\d{1,6})\s*,\s*(\d{1,6})\s*\)"),
    re.compile(rf"\brow\s*{_ORD}[\s,;/]*(?:and\s+)?col(?:umn)?\.?\s*{_ORD}"),
    re.compile(rf"\b{_ORD}\s+row[\s,;/]*(?:and\s+)?(?:the\s+)?{_ORD}\s+col(?:umn)?"),
    # 'r2c3': '\br' written as 'r' not after a word character, so the pattern opens with its literal 'r' (the engine
    # skips to those, where '\b' first is tried at every position; tests/grading/test_matcher_fast_paths.py)
    re.compile(r"r(?<!\wr)(\d{1,6})\s*c(\d{1,6})\b"),
)
# without the words 'row' and 'col' the two patterns naming them cannot match: the others are enough
_WITHOUT_ROW_COLUMN = (_POSITION_PATTERNS[0], _POSITION_PATTERNS[3])


_NON_DIGIT = re.compile(r"\D")


def _ordinal(token: str) -> int:
    # a token of decimal digits ('\d' is isdecimal's class) has no character _NON_DIGIT removes: read as it is
    # (tests/grading/test_matcher_fast_paths.py)
    return _ORDINALS.get(token, 0) or int(token if token.isdecimal() else _NON_DIGIT.sub("", token))


def positions(text: str, size: tuple[int, int] | None = None) -> list[str]:
    """(row, column) pairs in reading order, as '(r, c)': '(2, 3)', 'row 2, column 3', 'second row, third column';
    where none is given in numbers, in words: 'the top-right corner', 'the third cell of the top row' (the last row
    and column, and the middle, only where the grid's `size` (rows, columns) is known)."""
    return [pos for _, pos in positions_at(words_to_digits(clean(text)), size)]


def positions_at(text: str, size: tuple[int, int] | None = None) -> list[tuple[int, str]]:
    """(position, '(r, c)') in `text` already cleaned and with number words as digits."""
    hits = []
    for pattern in _POSITION_PATTERNS if "row" in text and "col" in text else _WITHOUT_ROW_COLUMN:
        for m in pattern.finditer(text):
            hits.append((m.start(), f"({_ordinal(m.group(1))}, {_ordinal(m.group(2))})"))
    if not hits and has_any(text, _GRID_WORD_NEEDS):
        return _positions_in_words(text, size)
    hits.sort()
    result, last_start = [], -1
    for start, pos in hits:
        if start > last_start:
            result.append((start, pos))
            last_start = start
    return result


# --- grid positions in words (POLICY.md 3.6) ---------------------------------------------------------------

_GRID_WORD_NEEDS = ("top", "bottom", "left", "right", "middle", "center", "centre", "upper", "lower", "row", "col")
_ROW_WORD = r"(top|upper|uppermost|topmost|bottom|lower|lowest|bottommost|middle|center|centre|central|last|" + \
    _ORD[1:-len(")(?:st|nd|rd|th)?")] + r")(?:st|nd|rd|th)?"
_COL_WORD = r"(left|leftmost|right|rightmost|middle|center|centre|central|last|" + \
    _ORD[1:-len(")(?:st|nd|rd|th)?")] + r")(?:st|nd|rd|th)?"
_CELL_NOUN = r"(?:cells?|squares?|shapes?|ones?|positions?|spots?|items?|boxe?s?|end)"
_WORD_POSITIONS = (  # (pattern, which group is the row, which the column)
    # 'the top-right corner', 'bottom left', 'the upper left-hand cell'
    (re.compile(r"\b(top|upper|bottom|lower|middle|center|centre)[\s-]*(left|right|middle|center|centre)"
                r"(?:[\s-]*hand)?\b(?!\s+(?:row|col))"), 1, 2),
    # 'the third cell of the top row', 'the middle of the second row', 'the rightmost square in row 2'
    (re.compile(rf"\b{_COL_WORD}(?:\s+{_CELL_NOUN})?\s+(?:of|in|on|from)\s+the\s+{_ROW_WORD}\s+row\b"), 2, 1),
    (re.compile(rf"\b{_COL_WORD}(?:\s+{_CELL_NOUN})?\s+(?:of|in|on|from)\s+row\s+(\d{{1,2}})\b"), 2, 1),
    # 'the second cell of the left column', 'the bottom of the third column'
    (re.compile(rf"\b{_ROW_WORD}(?:\s+{_CELL_NOUN})?\s+(?:of|in|on|from)\s+the\s+{_COL_WORD}\s+col(?:umn)?\b"),
     1, 2),
    # 'the top row, third column', 'in the bottom row and the left column'
    (re.compile(rf"\b{_ROW_WORD}\s+row[\s,;/]*(?:and\s+)?(?:in\s+)?(?:the\s+)?{_COL_WORD}\s+col(?:umn)?\b"), 1, 2),
    # 'column 3, row 2', 'the third column, second row'
    (re.compile(rf"\bcol(?:umn)?\s*{_ORD}[\s,;/]*(?:and\s+|of\s+|in\s+)?(?:the\s+)?row\s*{_ORD}"), 2, 1),
    (re.compile(rf"\b{_COL_WORD}\s+col(?:umn)?[\s,;/]*(?:and\s+|of\s+|in\s+)?(?:the\s+)?{_ROW_WORD}\s+row\b"),
     2, 1),
    # 'the center cell', 'the middle square'
    (re.compile(r"\b(center|centre|middle|central)\s+(?:cell|square|position|spot)\b"), 1, 1),
)
_FIRST = frozenset({"top", "upper", "uppermost", "topmost", "left", "leftmost"})
_LAST = frozenset({"bottom", "lower", "lowest", "bottommost", "right", "rightmost", "last"})
_MIDDLE = frozenset({"middle", "center", "centre", "central"})


def _place_index(word: str, count: int | None) -> int | None:
    """A row's or column's number from its word: the first one needs no size; the last and the middle (of an odd
    count) only where the grid's size is known."""
    if word in _FIRST:
        return 1
    if word in _LAST:
        return count
    if word in _MIDDLE:
        return (count + 1) // 2 if count and count % 2 else None
    return _ordinal(word)


def _positions_in_words(text: str, size: tuple[int, int] | None) -> list[tuple[int, str]]:
    rows, cols = size or (None, None)
    hits: list[tuple[int, int, str]] = []
    for pattern, row_group, col_group in _WORD_POSITIONS:
        for m in pattern.finditer(text):
            row, col = _place_index(m.group(row_group), rows), _place_index(m.group(col_group), cols)
            if row and col and (not rows or row <= rows) and (not cols or col <= cols):
                hits.append((m.start(), m.end(), f"({row}, {col})"))
    hits.sort(key=lambda hit: (hit[0], -hit[1]))
    result, last_end = [], -1
    for start, end, pos in hits:  # the longest reading of a stretch: 'the top-left cell of the second row' once
        if start >= last_end:
            result.append((start, pos))
            last_end = end
    return result


_GRID_SIZE = re.compile(r"\b(\d{1,2})\s*[x×]\s*(\d{1,2})\b|\b(\d{1,2})\s+rows?\s+(?:and|by|,)\s+(\d{1,2})\s+col")


@lru_cache(maxsize=1024)
def grid_size(question: str | None) -> tuple[int, int] | None:
    """The (rows, columns) of the grid a question shows, where it says ('4x4 grids', 'with 6 rows and 6 columns')."""
    m = _GRID_SIZE.search(words_to_digits(question.lower())) if question else None
    if not m:
        return None
    rows, cols = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return int(rows), int(cols)


def normalize_text(text: str, vocabulary: str | None = None) -> str:
    """Comparable form of a short answer: casefolded, unicode-unified, punctuation-light."""
    text = normalize_colors(text) if vocabulary == "color" else clean(text)
    return " ".join(_MARKUP.sub("", text).strip(" .,;:!?").split())


_MARKUP = re.compile(r"[\"'`*_]")


@lru_cache(maxsize=65536)
def normalize_truth(text: str, vocabulary: str | None = None) -> str:
    """normalize_text for truth-side strings, which recur across grades (cached)."""
    return normalize_text(text, vocabulary)


def clean_lines(text: str) -> list[str]:
    """Lines with unicode unified but case and indentation kept (for transcriptions)."""
    text = unicodedata.normalize("NFKC", text).translate(_UNICODE_FIXES).replace("\t", "    ")
    return text.replace("\r\n", "\n").split("\n")


SHAPE_NAMES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "rectangle", "pentagon", "oval",
               "rhombus")
_SHAPE_RE = re.compile(r"\b(" + alternation(SHAPE_NAMES) + r")(?:e?s)?\b")
_SHAPE_SYNONYMS = {"rhombus": "diamond", "oval": "circle"}


def shapes(text: str) -> list[str]:
    """Shape nouns in reading order, singular, with consecutive repeats folded ('circle, circle' -> one)."""
    found = [_SHAPE_SYNONYMS.get(m, m) for m in _SHAPE_RE.findall(clean(text))]
    return [s for i, s in enumerate(found) if i == 0 or s != found[i - 1]]


def shorten(value, limit: int = 60) -> str:
    """One line of at most `limit` characters, for explanations."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
