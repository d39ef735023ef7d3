"""The logic grader: is a conclusion true, false, or undetermined by the premises?

An invalid syllogism's truth is "undetermined", and its right answers are full of negation ("it does
not follow", "we cannot conclude", "not necessarily true"): those phrases are read as the label
undetermined first, and only what is left is read for true/false claims (negated ones are not claims,
POLICY.md 3.1). The answer is taken from the first place that states a label (POLICY.md 2).
"""

from __future__ import annotations

import re
from typing import Any

from graders import spans
from graders.records import Truth
from graders.registry import Match, grader

_UNDETERMINED = re.compile(
    r"\b(?:cannot|can ?not|can't|could not|couldn't|unable to)\s+(?:be\s+)?(?:logically\s+|definitively\s+|"
    r"definitely\s+|necessarily\s+)?(?:determined?|concluded?|deduced?|inferred?|known|told|tell|say|decided?)\b"
    r"|\b(?:undetermined|indeterminate|undecidable|unknown|uncertain|inconclusive|unknowable)\b"
    r"|\bnot\s+(?:enough|sufficient)\s+information\b|\binsufficient\s+information\b"
    r"|\b(?:does|do)\s*(?:not|n't)\s+(?:necessarily\s+|logically\s+)?follow\b|\bdoesn't\s+(?:necessarily\s+)?follow\b"
    r"|\bnot\s+(?:necessarily|definitely|logically)\s+(?:be\s+)?(?:true|false|follow|valid)\b"
    r"|\bneither\s+(?:necessarily\s+)?true\s+nor\s+(?:necessarily\s+)?false\b"
    r"|\b(?:is|it's|argument is)\s+(?:logically\s+)?invalid\b|\binvalid\s+(?:syllogism|argument|inference)\b"
    r"|\bcould\s+be\s+(?:either\s+)?true\s+or\s+false\b|\bmay\s+or\s+may\s+not\s+be\s+true\b"
    r"|\bnot\s+determinable\b|\bcan(?:not|'t)\s+be\s+sure\b",
    re.IGNORECASE)
_TRUE = re.compile(r"\b(?:true|yes|valid|it follows|follows logically|necessarily true|must be true)\b", re.IGNORECASE)
_FALSE = re.compile(r"\b(?:false|no|must be false|necessarily false)\b", re.IGNORECASE)


def labels_in(text: str) -> list[str]:
    """The labels a stretch of text claims, in order: undetermined phrases, then unnegated true/false."""
    found = [(m.start(), "undetermined") for m in _UNDETERMINED.finditer(text)]
    rest = _UNDETERMINED.sub(lambda m: " " * len(m.group(0)), text)
    mentions = [(m.start(), "true") for m in _TRUE.finditer(rest)]
    mentions += [(m.start(), "false") for m in _FALSE.finditer(rest)]
    claims = found + spans.claimed(rest, sorted(mentions))
    return list(dict.fromkeys(v for _, v in sorted(claims)))


@grader("logic")
def logic(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    want = str(truth.value).lower()
    for place in spans.places(answer):
        found = labels_in(place.text)
        if not found:
            continue
        if "undetermined" in found and len(found) > 1:
            found = ["undetermined"]  # 'cannot tell whether it is true or false' names both only to set them aside
        details = {"place": place.kind}
        if len(found) > 1:
            return Match(0.0, False, found, f"hedged between {' and '.join(found)}; truth {want}", details=details)
        if found[0] == want:
            return Match(1.0, True, want, f"said {want}", details=details)
        return Match(0.0, False, found[0], f"said {found[0]}, truth {want}", details=details)
    return Match(0.0, False, None, f"no verdict (true, false or undetermined) found; truth {want}")
