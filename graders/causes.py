"""Signals behind the causes: repetition loops, and how far a cut answer got."""

from __future__ import annotations

import re
import sys
import zlib
from collections import Counter
from itertools import repeat
from operator import and_, eq
from typing import Any

from rapidfuzz.distance import Levenshtein

from graders import normalize as N
from graders.extract import fenced_or_body
from graders.records import Truth

_LOOP = re.compile(r"(.{1,12}?)\1{7,}", re.DOTALL)


# a four-byte window of bytes read as one int ('I' is four bytes wide everywhere CPython runs; checked): its first three
# bytes in memory, whatever the byte order
_WINDOWS_AS_INTS = len(memoryview(bytes(4)).cast("I")) == 1
_FIRST_THREE_BYTES = 0xFFFFFF if sys.byteorder == "little" else 0xFFFFFF00


def _some_trigram_repeats(text: str, times: int) -> bool:
    """Is some trigram (three characters in a row) seen `times` times or more?"""
    if len(text) >= 48 and text.isascii() and _WINDOWS_AS_INTS:
        # each trigram as an int (the first three bytes of a four-byte window: every window is read in C), sorted: a
        # trigram seen `times` times is a run of that many equal ints. Less than the cost of tuples counted, from
        # 48 characters on (below, most texts pass the cheaper first test of _trigram_counted)
        raw = text.encode() + b"\0"  # a window for the last trigram (its fourth byte masked out)
        windows: list[int] = []
        for k in range(4):
            windows += memoryview(raw[k:k + (len(raw) - k) // 4 * 4]).cast("I").tolist()
        ints = sorted(map(and_, windows, repeat(_FIRST_THREE_BYTES)))
        return any(map(eq, ints, ints[times - 1:]))
    return _trigram_counted(text, times)


def _trigram_counted(text: str, times: int) -> bool:
    """_some_trigram_repeats with the trigrams counted as tuples."""
    trigrams = max(0, len(text) - 2)
    # a trigram seen `times` times leaves at most trigrams - (times - 1) distinct ones: most answers have more,
    # and a set is far cheaper to build than a Counter (both straight from zip: no list of them is kept)
    if len(set(zip(text, text[1:], text[2:], strict=False))) > trigrams - (times - 1):
        return False
    return max(Counter(zip(text, text[1:], text[2:], strict=False)).values(), default=0) >= times


_LOOP_SCAN = 4000  # characters of an answer searched for a loop


_SHORTEST_LOOP = 24  # characters a loop covers at least (is_degenerate's first test)


def is_degenerate(answer: str) -> bool:
    """A repetition loop: a short unit repeated over much of the text ('edgedgedg', 'single single ...'),
    or long text that compresses far better than language does."""
    # a text shorter than any loop, and than the 300 characters compression is measured from, is none: the tests below
    # all fail for it (tests/grading/test_frame_fast_paths.py checks the two alike)
    return len(answer) >= _SHORTEST_LOOP and _degenerate(answer)


def _degenerate(answer: str) -> bool:
    """is_degenerate, for a text of any length."""
    text = answer[:_LOOP_SCAN]
    # a loop covers >= 24 characters, and some trigram repeats 8 times: two pure tests, both needed, the cheaper
    # first: in a short text the trigrams (most have too many distinct ones), else the loops themselves (_looped)
    if 24 <= len(text) < 48:
        if _some_trigram_repeats(text, 8) and _looped(text) >= max(24, 0.3 * len(text.strip())):
            return True
    elif len(text) >= 48 and _looped(text) >= max(24, 0.3 * len(text.strip())) and _some_trigram_repeats(text, 8):
        return True
    if len(answer) < 300:
        return False
    raw = answer.encode("utf-8", "replace")
    return len(zlib.compress(raw)) / len(raw) < 0.12


def _looped(text: str) -> int:
    """The characters of `text` (at most _LOOP_SCAN) in loops: the matches of _LOOP (as finditer finds them) whose unit
    holds a letter or a digit. The pattern is tried only where a loop can start (_loop_starts), from the end of the
    last match on, as finditer tries every position: it finds the same matches at a fraction of the cost."""
    if len(text) > _LOOP_SCAN:
        return sum(len(m.group(0)) for m in _LOOP.finditer(text) if any(ch.isalnum() for ch in m.group(1)))
    # one byte per character in ASCII, else four (UTF-32: equal characters, and only they, have equal bytes)
    width = 1 if text.isascii() else 4
    total = end = 0
    for first, last in _loop_starts(text.encode() if width == 1 else text.encode("utf-32-le", "surrogatepass"),
                                     width):
        start = max(first, end)
        while start < last:  # each position of the range, from the end of the last match on
            m = _LOOP.match(text, start)
            if not m:
                start += 1
                continue
            if any(ch.isalnum() for ch in m.group(1)):
                total += len(m.group(0))
            end = start = m.end()
    return total


_LOOP_BYTES = 4 * _LOOP_SCAN  # bytes of the text _loop_starts reads, at most
# a byte of 0x7f, and one of 0x80, at each of the positions _loop_starts reads, as ints (byte k at bits 8k to 8k+7)
_LOW7 = int.from_bytes(b"\x7f" * _LOOP_BYTES, "little")
_HIGH = int.from_bytes(b"\x80" * _LOOP_BYTES, "little")
_MARKED = re.compile(rb"[^\x00]+")


def _loop_starts(raw: bytes, width: int = 1) -> list[tuple[int, int]]:
    """Ranges [first, last) of character positions, sorted and apart, that hold every position where _LOOP can match
    in the text `raw` encodes (`width` bytes a character, at most _LOOP_BYTES), and perhaps others: a unit of L
    characters repeated 8 times from position i has the same character at j and j + L for each j in [i, i + 7L).
    For each L the bytes are compared all at once, as ints: x holds raw[k] ^ raw[k + width * L] in its byte k, zero
    where the two are equal; z marks those bytes (the high bit of each zero byte: adding 0x7f to its low bits sets it
    in every other byte, with no carry between bytes), and ANDed with itself shifted it keeps the starts of runs of
    7L characters' bytes; a character's position is its first byte's."""
    n = len(raw)
    whole = int.from_bytes(raw, "little")
    found: list[tuple[int, int]] = []
    for unit in range(1, 13):
        shift = width * unit  # bytes between a character and the one a unit further on
        compared, needed = n - shift, 7 * shift  # bytes with a byte `shift` further on; bytes of a run
        if compared < needed:
            break
        cut = 8 * (_LOOP_BYTES - compared)
        low7, high = _LOW7 >> cut, _HIGH >> cut  # the masks of `compared` bytes
        x = (whole ^ (whole >> (8 * shift))) & (high | low7)
        z = ~(((x & low7) + low7) | x | low7) & high
        run = 1  # z marks the starts of runs of `run` equal bytes
        while run < needed and z:
            step = min(run, needed - run)
            z &= z >> (8 * step)
            run += step
        if z:  # its runs of marked bytes (a loop marks every position of its run: one range, not each position)
            for m in _MARKED.finditer(z.to_bytes(compared, "little")):
                first, last = -(-m.start() // width), -(-m.end() // width)  # the characters starting in the run
                if first < last:
                    found.append((first, last))
    found.sort()
    ranges: list[tuple[int, int]] = []
    for first, last in found:  # merged where they touch or overlap (the units' ranges of one loop do)
        if ranges and first <= ranges[-1][1]:
            if last > ranges[-1][1]:
                ranges[-1] = (ranges[-1][0], last)
        else:
            ranges.append((first, last))
    return ranges


_TRACE_VALUE = re.compile(r"\btotal\b\s*(?:=|:|is|becomes|->|→)\s*(-?\d{1,18})\b", re.IGNORECASE)


def trace_missing(answer: str, args: dict) -> str | None:
    """A case that asks for a step-by-step trace (its grader has `trace`) answered with the return value alone:
    right information in the wrong form (POLICY.md 5.3). A trace is two or more running totals, or lines of
    numbers ('i=1: 8', a table), however they are written."""
    if "trace" not in args:
        return None
    if len(_TRACE_VALUE.findall(answer[:20_000])) >= 2:
        return None
    numbered = sum(1 for line in answer[:20_000].splitlines() if any(ch.isdigit() for ch in line))
    return None if numbered >= 3 else "asked for a step-by-step trace, got only the return value"


def trace_before_loop(trace: list, answer: str) -> float:
    """The share of a trace written right before it fell into a loop: its agreeing steps, a repeated
    step counted once, over the steps and the return value."""
    seen = [int(v) for v in _TRACE_VALUE.findall(N.words_to_digits(answer[:20_000]))]
    steps = [v for k, v in enumerate(seen) if k == 0 or v != seen[k - 1]]
    trace = list(trace)
    if steps and trace and steps[0] != trace[0]:
        steps = steps[1:]
    right = 0
    for got, want in zip(steps, trace, strict=False):
        if got != want:
            break
        right += 1
    return right / (len(trace) + 1) if trace else 0.0


def progress_so_far(truth: Truth, grader: str, args: dict, answer: str, found: Any) -> tuple[bool, float]:
    """(does the visible part of a cut answer agree with the truth as far as it goes, the credit it has
    earned: the share of what was asked that is already written right, 0 when nothing is)."""
    if "trace" in args:
        seen = [int(v) for v in _TRACE_VALUE.findall(N.words_to_digits(answer))]
        trace = list(args["trace"])
        if seen and trace and seen[0] != trace[0]:
            seen = seen[1:]  # the value before the loop ('total = 0') is not a step
        return seen == trace[: len(seen)], len(seen) / (len(trace) + 1)
    if grader == "transcription":
        body = " ".join(fenced_or_body(answer).split())
        want = " ".join(str(truth.value).split())
        if len(body) < 8:
            return True, 0.0
        agrees = Levenshtein.normalized_similarity(body, want[: len(body)]) >= 0.85
        return agrees, Levenshtein.normalized_similarity(body, want) if agrees else 0.0
    if grader in ("sequence", "set") and isinstance(found, list):
        from graders.matchers import truth_items

        want = truth_items(truth, args.get("vocabulary"))
        agrees = found == want[: len(found)] if grader == "sequence" else set(found) <= set(want)
        return agrees, len(set(found)) / len(want) if want and agrees else 0.0
    if grader == "json" and isinstance(found, dict) and isinstance(truth.value, dict):
        from graders.matchers import same_value

        right = [k for k, v in truth.value.items() if k in found and same_value(found[k], v)]
        # a value cut in the middle ('"shape": "hex') is a prefix of the truth's
        cut_short = [k for k in found if k not in right and isinstance(truth.value.get(k), str)
                     and str(truth.value[k]).lower().startswith(str(found[k]).lower())]
        agrees = len(right) + len(cut_short) == len(found)
        return agrees, len(right) / len(truth.value) if agrees and truth.value else 0.0
    if grader == "keywords":  # a description: the concepts already written, none contradicted
        from graders.matchers import concepts_mentioned

        present, wrong, total = concepts_mentioned(truth, answer, args)
        return not wrong, len(present) / total if total and not wrong else 0.0
    return True, 0.0  # a single value that never arrived contradicts nothing, and shows nothing
