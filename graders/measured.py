"""Measurement cases (POLICY.md section 8): prompts asked to time an endpoint, not to test what it knows.

A long-form prompt at a given max_tokens, a forced-length generation, a prompt asked for its time to
first token: none has a right answer. What can be checked is checked — the answer arrived, the asked
length was honoured — and the verdict says only that. Reports keep these cases out of every accuracy
(`is_measurement`) and show them in their own tables.

Arguments of the grader spec (`GraderSpec(name="measured", args=...)`):
- `max_tokens`: the max_tokens the case asks for; more completion tokens than that is a server fault.
- `forced`: the case asks for exactly `max_tokens` tokens (min_tokens = max_tokens, ignore_eos): fewer
  tokens, or another finish_reason than `length`, means the server ignored min_tokens / ignore_eos.
- `content`: the measure needs visible content (time to first content token): reasoning alone is no answer.
"""

from __future__ import annotations

from typing import Any

from graders.registry import Match, grader

MEASURED = "measured"

__all__ = ["MEASURED", "Checked", "check", "is_measurement"]


def is_measurement(case: Any) -> bool:
    """Whether a case (CaseSpec, or its dict) is a measurement, kept out of accuracy."""
    spec = getattr(case, "grader", None) or (case.get("grader") if isinstance(case, dict) else None)
    name = getattr(spec, "name", None) or (spec.get("name") if isinstance(spec, dict) else None)
    return name == MEASURED


class Checked(tuple):
    """(verdict, cause, extracted, explanation) of a measurement."""

    __slots__ = ()

    def __new__(cls, verdict: str, cause: str | None, extracted: Any, explanation: str):
        return super().__new__(cls, (verdict, cause, extracted, explanation))


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def check(args: dict[str, Any], answer: str, reasoning: str, finish: str | None, tokens: int | None) -> Checked:
    """The verdict on one answer to a measurement case (POLICY.md 8.1-8.5); the answer is already split from
    its reasoning, `tokens` is usage.completion_tokens (None when not reported)."""
    limit = _count(args.get("max_tokens"))
    forced = bool(args.get("forced"))
    shown = "no usage reported" if tokens is None else f"{tokens} tokens"
    said = f"{shown}, finish_reason {finish or 'none'}"
    extracted = {"completion_tokens": tokens, "finish_reason": finish}
    wrote = answer or reasoning or (tokens or 0) > 0
    if not wrote:  # 8.1
        return Checked("no_answer", "wrong", None, f"nothing was generated ({said})")
    if limit is not None and tokens is not None and tokens > limit:  # 8.2
        return Checked("incorrect", "wrong", extracted, f"{said}: over max_tokens {limit}; the server did not "
                       "honour max_tokens, so no length-based figure holds")
    if forced:  # 8.3
        if tokens is None:
            return Checked("incorrect", "wrong", extracted, f"asked for exactly {limit} tokens (min_tokens, "
                           "ignore_eos) but the server reported no usage: the forced length cannot be checked")
        if tokens != limit or finish != "length":
            return Checked("incorrect", "wrong", extracted, f"asked for exactly {limit} tokens (min_tokens, "
                           f"ignore_eos), got {said}: the server ignored min_tokens / ignore_eos; no pure decode "
                           "figure is given")
        return Checked("correct", None, extracted, f"forced length honoured: {said}")
    if args.get("content") and not answer:  # 8.4
        if finish == "length":
            cause = "reasoning_exhausted" if reasoning else "truncation"
            return Checked("no_answer", cause, extracted, f"reasoning used the whole budget ({said}); no content "
                           "token, so no time to first content token")
        return Checked("no_answer", "wrong", extracted, f"no content, only reasoning ({said})")
    kind = "" if answer else " (reasoning only)"  # 8.5
    within = f" within max_tokens {limit}" if limit is not None and tokens is not None else ""
    return Checked("correct", None, extracted, f"the answer arrived{kind}: {said}{within}")


@grader(MEASURED)
def measured(truth, answer: str, args: dict[str, Any]) -> Match:
    """Text alone (no record): only whether something arrived. `grade()` checks the whole record instead."""
    verdict, _, extracted, explanation = check(args, answer, "", "stop", None)
    ok = verdict == "correct"
    return Match(1.0 if ok else 0.0, ok, extracted, explanation, answered=bool(answer))
