"""The constraint grader: an instruction with a measurable constraint, graded by the constraint.

truth.value is the constraint: {"kind": "max_chars" | "max_words" | "exact_count" | "forbidden_words" |
"json_only", ...its numbers and words}, with `topic` (words of which one must appear, when the answer's
subject is checkable) and, for exact_count, `vocabulary` (the things that may be listed).
The visible answer is measured as written, reasoning excluded (POLICY.md 2.4).

Japanese and Chinese (issue #35): the case's grader args say `unit: "chars"` where the question was asked in
a language that counts characters, not words; sizes are then characters, and a topic or forbidden word written
in CJK is found as a substring (there are no spaces to bound it). Lists may be separated by '、' or '，'.
"""

from __future__ import annotations

import json
import re
from typing import Any

from graders.jsonscan import first_object
from graders.jsonvalues import same_json, shown
from graders.records import Truth
from graders.registry import Match, grader

_WORD = re.compile(r"[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d{1,3}[.)]|\(\d{1,3}\)|[a-z][.)])\s+(.+)$")
_FENCED_ONLY = re.compile(r"^```[a-zA-Z]*\s*\n?(.*?)\n?```$", re.DOTALL)


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def _cjk(word: str) -> bool:
    return any(ord(ch) >= 0x3000 for ch in word)


def _size(text: str, unit: str | None) -> int:
    """Words, or with unit 'chars' the characters that are not spaces (how Japanese and Chinese count)."""
    return len(re.sub(r"\s", "", text)) if unit == "chars" else len(words(text))


def _on_topic(text: str, topic: list[str]) -> bool:
    low = text.casefold()
    return not topic or any(t in text if _cjk(t) else re.search(rf"\b{re.escape(t.casefold())}", low)
                            for t in topic)


def _singular(item: str) -> str:
    item = item.casefold().strip()
    for suffix, repl in (("ies", "y"), ("oes", "o"), ("ches", "ch"), ("shes", "sh"), ("es", "e"), ("s", "")):
        if item.endswith(suffix) and len(item) > len(suffix) + 2:
            return item[: -len(suffix)] + repl
    return item


def _clean_item(item: str) -> str:
    item = re.sub(r"\*\*|__|`", "", item)
    item = re.split(r"\s[-–—:]\s|:\s|\s\(|,\s", item, maxsplit=1)[0]  # 'Apple - sweet and crisp' -> 'Apple'
    return re.sub(r"^(?:an?|the)\s+", "", item.strip(" .!;*\t。"), flags=re.IGNORECASE).strip()


def listed_items(answer: str) -> list[str]:
    """The items a list answer names: its bullet or numbered lines; else its lines when there are several
    (an introducing line ending in ':' is not an item); else the items of one comma-separated line."""
    lines = [line for line in answer.splitlines() if line.strip()]
    bullets = [m.group(1) for line in lines if (m := _BULLET.match(line))]
    if bullets:
        return [_clean_item(b) for b in bullets]
    body = [line for line in lines if not line.rstrip().endswith(":")]
    if len(body) > 1:
        return [_clean_item(line) for line in body]
    text = body[0] if body else ""
    text = text.split(":", 1)[1] if ":" in text else text
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+|[、，]\s*", text.strip().rstrip(".。"))
    return [_clean_item(p) for p in parts if p.strip()]


def _exact_count(want: dict, answer: str) -> Match:
    n, thing = int(want["count"]), want.get("things", "items")
    items = listed_items(answer)
    vocabulary = {_singular(v) for v in want.get("vocabulary") or []}
    unknown = [i for i in items if vocabulary and _singular(i) not in vocabulary]
    extracted = items[:20]
    if len(items) != n:
        return Match(0.0, False, extracted, f"listed {len(items)} {thing}, asked for exactly {n}")
    if len({_singular(i) for i in items}) != n:
        return Match(0.0, False, extracted, f"listed {n} {thing}, but some twice")
    if unknown:
        return Match(0.0, False, extracted, f"listed {n}, but not {thing}: {', '.join(unknown)[:80]}")
    return Match(1.0, True, extracted, f"exactly {n} {thing}")


def forms_of(word: str) -> str:
    """A pattern for a word and its simple inflections ('leaf': leafs, leaves, leafy)."""
    stem = re.escape(word)
    irregular = f"|{re.escape(word[:-1])}ves" if word.endswith("f") else f"|{re.escape(word[:-2])}ves" \
        if word.endswith("fe") else ""
    return rf"\b(?:{stem}(?:s|es|ed|d|ing|y)?{irregular})\b"


def _forbidden(want: dict, answer: str, unit: str | None = None) -> Match:
    used = [w for w in want["words"] if (w in answer if _cjk(w) else re.search(forms_of(w), answer, re.IGNORECASE))]
    count = _size(answer, unit)
    if used:
        return Match(0.0, False, used, f"used the forbidden word(s) {', '.join(map(repr, used))}")
    if count < int(want.get("min_words", 1)):
        return Match(0.0, False, None, f"{count} {_unit(unit)}: too short to be an answer")
    if not _on_topic(answer, want.get("topic") or []):
        return Match(0.0, False, None, "avoids the forbidden words but is not about the topic")
    return Match(1.0, True, count, f"none of the forbidden words ({count} {_unit(unit)})")


def _unit(unit: str | None) -> str:
    return "characters" if unit == "chars" else "words"


def _json_only(want: dict, answer: str) -> Match:
    text = answer.strip()
    fenced = _FENCED_ONLY.match(text)
    bare = fenced.group(1).strip() if fenced else text
    try:
        value = json.loads(bare)
    except (ValueError, RecursionError):
        value = None
    form = "bare" if value is not None and not fenced else "fenced" if value is not None else "prose"
    if value is None:
        value = first_object(text)
    if not isinstance(value, dict):
        return Match(0.0, False, None, "no JSON object in the answer")
    expected = want.get("object") or {}
    wrong = [k for k in expected if k not in value or not same_json(value[k], expected[k])]
    extra = [k for k in value if k not in expected]
    if wrong or extra:
        right = len(expected) - len(wrong)
        notes = [f"{k}={shown(value.get(k), 25)} (want {shown(expected[k], 25)})" for k in wrong]
        notes += [f"unexpected key {k!r}" for k in extra]
        return Match(right / (len(expected) + len(extra)) if expected else 0.0, False, value,
                     "; ".join(notes)[:250])
    if form != "bare":
        where = "inside a code fence" if form == "fenced" else "with prose around it"
        return Match(1.0, True, value, f"right object, but {where}: not JSON only", format_ok=False)
    return Match(1.0, True, value, "only a JSON object, with the right values")


@grader("constraint")
def constraint(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    want = truth.value if isinstance(truth.value, dict) else {}
    kind = want.get("kind")
    text = answer.strip()
    if kind == "max_chars":
        limit, size = int(want["limit"]), len(text)
        if size > limit:
            return Match(0.0, False, size, f"{size} characters, over the limit of {limit}")
        if not _on_topic(text, want.get("topic") or []):
            return Match(0.0, False, size, f"{size} characters, but not about the topic")
        return Match(1.0, True, size, f"{size} characters (limit {limit})")
    if kind == "max_words":
        unit = args.get("unit")
        limit, count = int(want["limit"]), _size(text, unit)
        if count > limit:
            return Match(0.0, False, count, f"{count} {_unit(unit)}, over the limit of {limit}")
        if count < int(want.get("min_words", 1)) or not _on_topic(text, want.get("topic") or []):
            return Match(0.0, False, count, f"{count} {_unit(unit)}, but not an answer about the topic")
        return Match(1.0, True, count, f"{count} {_unit(unit)} (limit {limit})")
    if kind == "exact_count":
        return _exact_count(want, text)
    if kind == "forbidden_words":
        return _forbidden(want, text, args.get("unit"))
    if kind == "json_only":
        return _json_only(want, text)
    raise ValueError(f"unknown constraint kind {kind!r}")
