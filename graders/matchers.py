"""The built-in graders. Each takes (truth, visible answer, args) and returns a Match."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from graders import normalize as N
from graders import spans
from graders.extract import bodies, candidates, json_object
from graders.numbers import stated_number
from graders.records import Truth
from graders.registry import Match, grader

SHAPE_WORDS = N.SHAPE_NAMES


@grader("fuzzy")
def fuzzy(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """rapidfuzz similarity to the truth or an alias; passes at `threshold` (default 0.85)."""
    threshold = float(args.get("threshold", 0.85))
    targets = [N.normalize_text(str(v)) for v in [truth.value, *truth.aliases]]
    best_score, best = 0.0, ""
    for candidate in candidates(answer):
        text = N.normalize_text(candidate)
        score = max(fuzz.ratio(text, t) for t in targets) / 100
        if score > best_score:
            best_score, best = score, candidate
    return Match(best_score, best_score >= threshold, N.shorten(best),
                 f"{best_score:.0%} similar to {N.shorten(truth.value)!r}")


# --- numbers ---------------------------------------------------------------------------------------------

def close_enough(value: float, target: float, truth: Truth) -> bool:
    tolerance = truth.tolerance
    slack = max(tolerance.abs, tolerance.rel * abs(target)) if tolerance else 0.0
    return abs(value - target) <= slack + 1e-9


# no number at all, but none of the thing counted: the count is zero (POLICY.md 3.4)
_ZERO = re.compile(r"\bnever\b|(?:\bnot|n't|\bnor)\s+(?:\w+\s+){0,2}?any\b|\bnone\b|\bnothing\b|\bno\s+(?:\w+\s+)?"
                   r"(?:objects?|flash(?:es)?|changes?|bounces?|times?)\b", re.IGNORECASE)


@grader("numeric")
def numeric(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """A number compared as a number, within the truth's tolerance."""
    target = float(truth.value)
    value, kind, hedge = stated_number(answer, args.get("question", ""), trace="trace" in args, unit=truth.unit)
    place = {"place": kind}
    if hedge:
        shown = " and ".join(N.format_number(v) for v in hedge)
        return Match(0.0, False, list(hedge), f"hedged between {shown}; truth {N.format_number(target)}",
                     details=place)
    if value is None and _ZERO.search(answer[:2000]):  # 'it never flashes', "I don't see any objects"
        value = 0.0  # (its place as found: none)
    if value is None:
        return Match(0.0, False, None, f"no number found; truth {N.format_number(target)}", details=place)
    shown = N.format_number(value)
    if close_enough(value, target, truth):
        return Match(1.0, True, value, f"said {shown}", details=place)
    return Match(0.0, False, value, f"said {shown}, truth {N.format_number(target)}", details=place)


# --- collections -----------------------------------------------------------------------------------------

_ITEM_SPLIT = re.compile(r"[,;\n|]|\b(?:and|or)\b")
_LEAD_IN = re.compile(r"^[^:\n]{0,60}:\s*")  # 'The items are: '


_SHAPE_ITEM = re.compile(rf"\b({N.alternation(N.BASE_COLORS)})\s+(?:[a-z]+\s+){{0,2}}?({N.alternation(SHAPE_WORDS)})"
                         r"(?:e?s)?\b")


def _shape_items(text: str) -> list[str]:
    """'red circle'-style items: a color followed closely by a shape noun."""
    text = N.normalize_colors(text)
    return [f"{c} {s}" for c, s in _SHAPE_ITEM.findall(text)]


def items_of(text: str, vocabulary: str | None, truth_items: list[str],
             size: tuple[int, int] | None = None) -> list[str]:
    """The answer's items in reading order, read the way the truth's items are shaped (grid positions in words on a
    grid of `size`, where the question gives it)."""
    if vocabulary == "position":
        return N.positions(text, size)
    if vocabulary == "shape":
        return N.shapes(text)
    if vocabulary == "number":
        return [N.format_number(v) for v in _stated_numbers(text)]
    if vocabulary == "color":
        if truth_items and all(" " in t for t in truth_items):
            return _shape_items(text)
        return N.colors(text)
    body = _LEAD_IN.sub("", text.strip())  # 'The items are: a, b' -> 'a, b'
    return [N.normalize_text(p) for p in _ITEM_SPLIT.split(body) if N.normalize_text(p)]


_ASSIGNED = re.compile(r"(?<![\w])[a-z]\d?\s*=\s*([-+]?\d+(?:\.\d+)?)(?![\d.]*\s*[-+*/×÷^±√(])")
_LIST_GOES_ON = re.compile(r"(?:\s*(?:,|\band\b|\bor\b|&)\s*[-+]?\d+(?:\.\d+)?(?![\d.]*\s*[-+*/×÷^±√(]))+")
_OPERAND = re.compile(r"[-+*/×÷^±√(]\s*$")
_SIGNED_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


_LATEX = ((re.compile(r"\\[{}]|\\(?:left|right|displaystyle)\b|\\[dt]?frac\b"), " "),
          (re.compile(r"\\pm\b|\\mp\b"), " ± "), (re.compile(r"\\(?:cdot|times)\b"), " × "),
          (re.compile(r"\\div\b"), " ÷ "), (re.compile(r"\\sqrt\b|\bsqrt\b"), "√"),
          (re.compile(r"\}\s*\{"), ")/("), (re.compile(r"\{"), "("), (re.compile(r"\}"), ")"))
# an operand: before an operator ('-2 ± …', '4 + 32'), a coefficient ('2x'), or the equation itself restated
# ('2x^2 + 2x - 4 = 0': a value after '=' whose left side holds the unknown in an expression)
_OPERATOR_NEXT = re.compile(r"\s*(?:[*/×÷^)±]|[-+]\s*[\d√(])|[a-z](?![a-z])")
_EQUATION_LEFT = re.compile(r"(?:\d\s*[a-z](?![a-z])|[a-z]\s*[\^²]|[a-z]\s*[-+*/×]\s*[\d(])[^=:$\n]*=\s*$")


_BOX = re.compile(r"\\boxed\s*\{([^{}]*)\}")
_EMPHASIS = re.compile(r"(?<!\d)\*\*|\*\*(?!\d)|__")
_PLUS_MINUS = re.compile(r"(^|[=:,]|\bor)\s*±\s*(\d+(?:\.\d+)?)(?![\d.]*\s*[-+*/×÷^±√(])")


def _formulas_as_symbols(text: str) -> str:
    """LaTeX and 'sqrt(…)' written as the operators they are: '\\frac{-2 \\pm \\sqrt{36}}{4}' is '(-2 ± √(36))/(4)'."""
    if "\\" in text or "sqrt" in text:
        for pattern, symbol in _LATEX:
            text = pattern.sub(symbol, text)
    return text


def _stated_numbers(text: str) -> list[float]:
    """Numbers stated as values, not operands of a worked formula: the 'x = 1' assignments when there
    are any (and a list continuing the last one: 'x = -2, 1'), else the numbers no operator touches
    ('(−2 ± √36)/4' states nothing), in LaTeX too (POLICY.md 3.3)."""
    text = N.words_to_digits(N.clean(text))
    if "\\boxed" in text:  # 'x = \\boxed{-2}, \\boxed{1}': a box marks its value, it is no operation on it
        text = _BOX.sub(r"\1", text)
    if "**" in text or "__" in text:  # '**x = 1**': emphasis, not a power or a product
        text = _EMPHASIS.sub("", text)
    text = _formulas_as_symbols(text)
    if "±" in text:  # 'x = ±8' is both roots: '-8, 8' (not '-2 ± √36', an operation)
        text = _PLUS_MINUS.sub(r"\1 -\2, \2", text)
    # _ASSIGNED and _EQUATION_LEFT match only where an '=' is written (most lists have none; checked against the
    # patterns tried everywhere in tests/grading/test_matcher_fast_paths.py)
    equals = "=" in text
    assignments = list(_ASSIGNED.finditer(text)) if equals else None
    if assignments:
        values = [float(m.group(1)) for m in assignments]
        more = _LIST_GOES_ON.match(text, assignments[-1].end())
        if more:
            values += [float(v) for v in _SIGNED_NUMBER.findall(more.group())]
        return values
    values = []
    for m in N.NUMBER_TOKEN.finditer(text):
        start, token = m.start(), m.group()
        if _OPERAND.search(text, max(0, start - 3), start) and token[0] not in "+-":  # an operand unless signed
            continue
        if _OPERATOR_NEXT.match(text, m.end()) or (equals and _EQUATION_LEFT.search(text, max(0, start - 80), start)):
            continue
        values.append(float(token if "," not in token else token.replace(",", "")))
    return values


def _item_places(answer: str) -> list[str]:
    """Where a list may be stated, most explicit first: boxed, after a marker or a conclusion, bold,
    the last line; then the whole answer."""
    found = [p.text for p in spans.places(answer) if p.kind in ("boxed", "marker", "total", "conclusion", "bold")]
    if answer.count("\\boxed") >= 2:  # 'x = \\boxed{-2}, \\boxed{1}': every boxed value, together, first (2.1)
        found.insert(0, ", ".join(spans.boxed_values(answer)))
    lines = [line.strip() for line in answer.strip().splitlines() if line.strip()]
    return [*found, *lines[-1:], answer]


def _best_items(answer: str, vocabulary: str | None, want: list[str], size: tuple[int, int] | None = None) -> list[str]:
    """Items from the most explicit place that holds enough of them (else the whole answer); negated
    items ('no green triangle') are not given."""
    asides = vocabulary == "number"  # '(the sum of the roots is -1 …)' checks the answer, it states no root
    marked = spans.marked_value(answer)  # 'Answer: red, blue': the first place, found without the others
    if marked is not None:
        found = items_of(spans.without_negated(marked, asides), vocabulary, want, size)
        if len(found) >= len(want):
            return found
    options = _item_places(answer)
    read: dict[str, list[str]] = {}  # items per place text: the bold value and the marker's are often the same
    for candidate in options[:-1]:
        if candidate in read:
            continue  # already read, and not enough
        found = read[candidate] = items_of(spans.without_negated(candidate, asides), vocabulary, want, size)
        if len(found) >= len(want):
            return found
    if options[-1] in read:  # a one-line answer is its last line: already read
        return read[options[-1]]
    return items_of(spans.without_negated(options[-1], asides), vocabulary, want, size)


def truth_items(truth: Truth, vocabulary: str | None) -> list[str]:
    """The truth's items, normalised the way answers' items are."""
    values = truth.value
    if type(values) is list and {*map(type, values)} <= {str}:  # items of one type: equal keys are equal items
        return list(_truth_strings(tuple(values), vocabulary))  # read once per case
    return _truth_items(values, vocabulary)


@lru_cache(maxsize=1024)
def _truth_strings(values: tuple[str, ...], vocabulary: str | None) -> tuple[str, ...]:
    return tuple(_truth_items(values, vocabulary))


def _truth_items(values, vocabulary: str | None) -> list[str]:
    if vocabulary == "number":
        return [N.format_number(float(v)) for v in values]
    if vocabulary in ("color", "position"):
        return [N.normalize_truth(str(v), vocabulary) for v in values]
    return [N.normalize_truth(str(v)) for v in values]


@grader("set")
def set_match(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """Unordered items with partial credit: hits / (truth items + extra items)."""
    vocabulary = args.get("vocabulary")
    want = truth_items(truth, vocabulary)
    size = N.grid_size(args.get("question")) if vocabulary == "position" else None
    found = list(dict.fromkeys(_best_items(answer, vocabulary, want, size)))
    # the truth's items in its order (most right answers): every one a hit, none missed or extra, as the three passes
    # below find (tests/grading/test_matcher_fast_paths.py compares the two)
    if found == want:
        hits, missed, extra = want, [], []
    else:
        found_set, want_set = set(found), set(want)  # items are strings: in a set as in the list
        hits = [w for w in want if w in found_set]
        missed = [w for w in want if w not in found_set]
        extra = [f for f in found if f not in want_set]
    score = len(hits) / (len(want) + len(extra)) if want or extra else 1.0
    parts = [f"found {len(hits)} of {len(want)}"]
    if missed:
        parts.append("missed " + ", ".join(missed[:4]) + ("…" if len(missed) > 4 else ""))
    if extra:
        parts.append("extra " + ", ".join(extra[:4]) + ("…" if len(extra) > 4 else ""))
    share = len(hits) / len(want) if want else 1.0  # the parts right, for POLICY.md 1.2
    return Match(score, not missed and not extra, found, "; ".join(parts),
                 details={"missed": missed, "extra": extra, "share": share})


def _cell_name(index: int, shape: list[int] | None) -> str:
    if shape:
        return f"cell ({index // shape[1] + 1},{index % shape[1] + 1})"
    return f"item {index + 1}"


@grader("sequence")
def sequence(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """Ordered items, credit by edit distance over items; names the first differences."""
    vocabulary = args.get("vocabulary")
    want = truth_items(truth, vocabulary)
    size = N.grid_size(args.get("question")) if vocabulary == "position" else None
    found = _best_items(answer, vocabulary, want, size)
    if len(found) > len(want) and found[: len(want)] == want:
        found = found[: len(want)]  # a summary after a complete list is not an error
    # the same items are no edit apart: similarity 1.0 (as rapidfuzz gives it, also for two empty lists)
    score = 1.0 if found == want else Levenshtein.normalized_similarity(found, want)
    shape = args.get("shape")
    if len(found) == len(want):
        wrong = [] if found == want else [i for i, (f, w) in enumerate(zip(found, want, strict=True)) if f != w]
        noun = "cells" if shape else "items"
        text = f"read {len(want) - len(wrong)} of {len(want)} {noun}"
        if wrong:
            text += "; " + ", ".join(f"{_cell_name(i, shape)} said {found[i]}, truth {want[i]}" for i in wrong[:3])
            text += "…" if len(wrong) > 3 else ""
    else:
        text = f"gave {len(found)} items for {len(want)}; {score:.0%} aligned"
    return Match(score, found == want, found, text)


# --- transcription, keywords, JSON -----------------------------------------------------------------------

def _canonical_block(text: str, keep_indent: bool) -> str:
    lines = [line.rstrip() for line in N.clean_lines(text)]
    if not keep_indent:
        lines = [" ".join(line.split()) for line in lines]
    return "\n".join(line for line in lines if line.strip())


ANLS_TAU = 0.5  # below this similarity a transcription has nothing meaningfully right (ANLS, Biten et al. 2019)


@grader("transcription")
def transcription(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """ANLS-style: 1 - normalised edit distance of the blocks; secrets must appear verbatim to pass.
    Under ANLS's threshold the score is 0 unless a whole line was read right (POLICY.md 1.2)."""
    keep_indent = bool(args.get("keep_indent", "\n    " in str(truth.value)))
    want = _canonical_block(str(truth.value), keep_indent)
    similarity, body = max((Levenshtein.normalized_similarity(b, want), b)
                           for b in (_canonical_block(b, keep_indent) for b in bodies(answer)))
    missing = [s for s in truth.secrets if s not in body]
    # 'exactly' is what a transcription asks: one misread character, a lost indent or copied line numbers
    # make it partial however similar it is (POLICY.md 1.2); the threshold says when the rest is right
    passed = body == want and not missing
    text = f"{similarity:.0%} similar to the truth"
    if missing:
        text += f"; {len(missing)} secret(s) not reproduced"
    lines_right = _lines_right(body, want)
    meaningful = similarity >= ANLS_TAU or lines_right > 0
    if not meaningful:
        text += "; nothing meaningfully right"
    return Match(similarity if meaningful else 0.0, passed, N.shorten(body, 80), text,
                 details={"missing_secrets": missing, "similarity": similarity}, answered=meaningful)


def _lines_right(body: str, want: str) -> int:
    """Lines of the truth (of some length) that the answer reproduces exactly."""
    got = {line.strip() for line in body.splitlines()}
    return sum(1 for line in want.splitlines() if len(line.strip()) >= 6 and line.strip() in got)


@lru_cache(maxsize=4096)
def _concept_pattern(synonyms: tuple[str, ...]) -> re.Pattern:
    return re.compile("|".join(r"\b" + re.escape(N.clean(s)) for s in synonyms))


def _concept_present(text: str, synonyms: list[str], negated: list[tuple[int, int]]) -> bool:
    """Mentioned and not negated: 'not right to left' does not contradict 'left to right'."""
    pattern = _concept_pattern(tuple(synonyms))
    if not negated:  # nothing negated (most answers): any mention
        return pattern.search(text) is not None
    return any(not spans.is_blocked(m.start(), negated) for m in pattern.finditer(text))


def concepts_mentioned(truth: Truth, answer: str, args: dict[str, Any]) -> tuple[list[str], list[str], int]:
    """(the concepts a description mentions, the forbidden ones it mentions, how many concepts were asked)."""
    text = N.normalize_colors(answer)
    concepts: list[list[str]] = args.get("concepts") or [[str(truth.value), *truth.aliases]]
    forbidden: list[list[str]] = args.get("forbidden", [])
    negated = spans.blocked(text, asides=False)
    present = [c[0] for c in concepts if _concept_present(text, c, negated)]
    wrong = [c[0] for c in forbidden if _concept_present(text, c, negated)]
    return present, wrong, len(concepts)


@grader("keywords")
def keywords(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """Descriptions: each concept (a list of synonyms or stems) must be mentioned; forbidden ones must not."""
    present, wrong, _ = concepts_mentioned(truth, answer, args)
    concepts: list[list[str]] = args.get("concepts") or [[str(truth.value), *truth.aliases]]
    # a contradiction is one more part wrong, not the whole description: 'a brown ball moves from right to
    # left' has the object and its color right (POLICY.md 1.2)
    score = len(present) / (len(concepts) + len(wrong))
    missing = [c[0] for c in concepts if c[0] not in present]
    parts = [f"mentioned {len(present)} of {len(concepts)} concepts"]
    if missing:
        parts.append("missing " + ", ".join(missing))
    if wrong:
        parts.append("contradicted by " + ", ".join(wrong))
    return Match(score, not missing and not wrong, present, "; ".join(parts))


def same_value(got: Any, want: Any) -> bool:
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        values = N.numbers(str(got))
        return len(values) == 1 and abs(values[0] - float(want)) < 1e-9
    if isinstance(want, list):
        if not isinstance(got, list):
            got = _ITEM_SPLIT.split(str(got))
        return [N.normalize_text(str(g), "color") for g in got] == [N.normalize_truth(str(w), "color") for w in want]
    got, want = str(got), str(want)
    # the same text is the same normal form (normalize_truth is normalize_text, cached)
    return got == want or N.normalize_text(got, "color") == N.normalize_truth(want, "color")


def _lenient_pairs(answer: str, want: dict[str, Any]) -> dict[str, Any]:
    """The values prose gives: 'color: pink' lines, else the truth's own value claimed in the text ('a pink
    hexagon moving left'), so right information in the wrong form is recognised as such (POLICY.md 6.7)."""
    pairs: dict[str, Any] = {}
    text = ranges = None  # read where a value is looked for in the prose (not where every key is given)
    for key, value in want.items():
        m = _pair_pattern(key, isinstance(value, list)).search(answer)
        if m:
            # "{'color': 'pink', …, 'direction': 'left'}": a Python dict or unquoted keys end in quotes and braces
            pairs[key] = m.group(1).strip().rstrip("}]) ").strip(",").strip("\"'")
        elif isinstance(value, str) and value.strip():
            if text is None:
                text = N.normalize_colors(answer)
                ranges = spans.blocked(text)
            said = _value_pattern(value).search(text)
            if said and not spans.is_blocked(said.start(), ranges):
                pairs[key] = value
    return pairs


# the truth's keys and values recur for every answer to a case: their patterns are built once
@lru_cache(maxsize=1024)
def _pair_pattern(key: str, list_value: bool) -> re.Pattern:
    rest = r"(.+)" if list_value else r"([^,;\n]+)"
    return re.compile(rf"[\"']?{re.escape(key)}[\"']?\s*[:=]\s*{rest}", re.IGNORECASE)


@lru_cache(maxsize=1024)
def _value_pattern(value: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(N.normalize_text(value, "color")) + r"(?![\w-])")


@grader("json")
def json_match(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """A JSON object with the truth's keys; per-key credit. Right values outside JSON is a format miss."""
    want: dict[str, Any] = dict(truth.value)
    obj = json_object(answer)
    format_ok = obj is not None
    if obj is None:
        obj = _lenient_pairs(answer, want)
    right = [k for k, v in want.items() if k in obj and same_value(obj[k], v)]
    score = len(right) / len(want) if want else 1.0
    wrong = [k for k in want if k not in right]
    text = f"{len(right)} of {len(want)} keys right" + (f"; wrong or missing: {', '.join(wrong)}" if wrong else "")
    if not format_ok:
        text += "; no JSON object in the answer"
    # json_object: whether json_object(answer) found one, so a 'json' format check need not look again
    return Match(score, not wrong and format_ok, obj, text, format_ok=format_ok, details={"json_object": format_ok})
