"""Signals behind the causes: redaction, refusal, repetition, consistency of a cut answer."""

from __future__ import annotations

import re
import zlib

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


def is_degenerate(answer: str) -> bool:
    """A repetition loop: long text that compresses far better than language does."""
    if len(answer) < 300:
        return bool(re.search(r"(\b\w+\b)(?:\W+\1\b){9,}", answer))
    ratio = len(zlib.compress(answer.encode("utf-8", "replace"))) / len(answer.encode("utf-8", "replace"))
    return ratio < 0.12


_TRACE_VALUE = re.compile(r"\btotal\b\s*(?:=|:|is|becomes|->|→)\s*(-?\d+)", re.IGNORECASE)


def consistent_so_far(truth: Truth, grader: str, args: dict, answer: str) -> bool:
    """Does the visible part of a cut answer agree with the truth as far as it goes?"""
    if "trace" in args:
        seen = [int(v) for v in _TRACE_VALUE.findall(N.words_to_digits(answer))]
        trace = list(args["trace"])
        return seen == trace[: len(seen)]
    if grader == "transcription":
        body = " ".join(fenced_or_body(answer).split())
        want = " ".join(str(truth.value).split())
        if not body:
            return True
        return Levenshtein.normalized_similarity(body, want[: len(body)]) >= 0.85
    if grader == "sequence":
        from graders.matchers import _truth_items, items_of

        want = _truth_items(truth, args.get("vocabulary"))
        found = items_of(answer, args.get("vocabulary"), want)
        return found == want[: len(found)]
    return True  # a single value that never arrived contradicts nothing
