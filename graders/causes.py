"""Signals behind the causes: redaction, refusal, repetition, consistency of a cut answer."""

from __future__ import annotations

import re
import zlib
from collections import Counter

from rapidfuzz.distance import Levenshtein

from graders import normalize as N
from graders.extract import fenced_or_body
from graders.records import Truth

# A key shown with its body masked, or a placeholder where a secret would be.
_MASKED_SECRET = re.compile(
    r"sk-(?:proj-)?[\w-]{0,12}?(?:\*{2,}|x{4,}|X{4,}|•{2,}|…|\.{3})|\[(?:redacted|hidden|removed)[^\]]*\]|"
    r"<(?:redacted|hidden)[^>]*>|\bredacted\b|\*{6,}",
    re.IGNORECASE,
)
_DECLINE_SECRET = re.compile(
    r"\b(?:can(?:no|')t|cannot|won't|will not|unable to|not able to|should not|shouldn't|refrain from|"
    r"not (?:going to|comfortable))\b[^.\n]{0,80}\b(?:reproduc|shar|provid|display|reveal|repeat|transcrib|"
    r"output|show|include)\w*[^.\n]{0,80}\b(?:key|credential|secret|token|password)s?\b",
    re.IGNORECASE,
)
_REFUSAL = re.compile(
    r"^\W*(?:i(?:'m| am)? (?:sorry|afraid)|sorry|unfortunately)?[^.\n]{0,40}\b(?:i can(?:no|')t|i cannot|"
    r"i(?:'m| am) (?:unable|not able)|i won't|i will not)\b[^.\n]{0,40}\b(?:help|assist|comply|answer|see|view|"
    r"process|provide|do that)", re.IGNORECASE)


def masks_secret(answer: str) -> bool:
    return bool(_MASKED_SECRET.search(answer) or _DECLINE_SECRET.search(answer))


def without_secrets(text: str, secrets: list[str]) -> str:
    for secret in secrets:
        text = text.replace(secret, "")
    return text


def strip_masks(answer: str) -> str:
    return _MASKED_SECRET.sub("", answer)


def rest_is_right(truth: Truth, answer: str, threshold: float) -> bool:
    """Everything but the secret was read: compare the texts with secrets and masks removed."""
    want = without_secrets(str(truth.value), truth.secrets)
    if not want.strip(" =:\n"):
        return True  # the whole answer was the secret
    got = strip_masks(fenced_or_body(answer))
    squash = lambda t: " ".join(t.split())  # noqa: E731
    return Levenshtein.normalized_similarity(squash(got), squash(want)) >= threshold


def is_refusal(answer: str) -> bool:
    return bool(_REFUSAL.search(answer.strip()[:300]))


_LOOP = re.compile(r"(.{1,12}?)\1{7,}", re.DOTALL)


def _some_trigram_repeats(text: str, times: int) -> bool:
    counts = Counter(text[i:i + 3] for i in range(len(text) - 2))
    return max(counts.values(), default=0) >= times


def is_degenerate(answer: str) -> bool:
    """A repetition loop: a short unit repeated over much of the text ('edgedgedg', 'single single ...'),
    or long text that compresses far better than language does."""
    text = answer[:4000]
    # a loop covers >= 24 characters; the cheap trigram test keeps the regex off ordinary text
    if len(text) >= 24 and _some_trigram_repeats(text, 8):
        looped = sum(len(m.group(0)) for m in _LOOP.finditer(text) if any(ch.isalnum() for ch in m.group(1)))
        if looped >= max(24, 0.3 * len(text.strip())):
            return True
    if len(answer) < 300:
        return False
    raw = answer.encode("utf-8", "replace")
    return len(zlib.compress(raw)) / len(raw) < 0.12


_TRACE_VALUE = re.compile(r"\btotal\b\s*(?:=|:|is|becomes|->|→)\s*(-?\d{1,18})\b", re.IGNORECASE)


def consistent_so_far(truth: Truth, grader: str, args: dict, answer: str) -> tuple[bool, bool]:
    """(does the visible part of a cut answer agree with the truth as far as it goes,
        does it show progress toward it). Only progress makes a cut answer partial."""
    if "trace" in args:
        seen = [int(v) for v in _TRACE_VALUE.findall(N.words_to_digits(answer))]
        trace = list(args["trace"])
        return seen == trace[: len(seen)], bool(seen)
    if grader == "transcription":
        body = " ".join(fenced_or_body(answer).split())
        want = " ".join(str(truth.value).split())
        if not body:
            return True, False
        agrees = Levenshtein.normalized_similarity(body, want[: len(body)]) >= 0.85
        return agrees, agrees and len(body) >= 8
    if grader == "sequence":
        from graders.matchers import items_of, truth_items

        want = truth_items(truth, args.get("vocabulary"))
        found = items_of(answer, args.get("vocabulary"), want)
        return found == want[: len(found)], bool(found)
    return True, False  # a single value that never arrived contradicts nothing, and shows nothing
