"""Is speculative decoding fast but broken? The acceptance counters and the answers, read together.

Broken output that repeats itself is what a drafter predicts best, so it looks fast: the second seed article
saw "higher apparent tok/s" with acceptance stuck at 0% or 100% and text repeating the same tokens, where a
healthy run accepts 55-92% with acceptance falling from the first drafted position to the last. A loop-heavy
run can also show a healthy-looking 90%, so the answers themselves are read too.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from assetgen.run.metrics import SpecDecode
from assetgen.run.records import ResponseRecord
from graders import Grade
from graders.causes import is_degenerate

NOTABLE_SHARE = 0.2  # one answer in five degenerate is no stray loop: a healthy model on this suite has ~none
STUCK = 0.05  # acceptance within 5 points of 0% or 100%
FLAT = 0.03  # last position within 3% of the first: healthy drafting falls by far more (80% -> 60% -> 46%)
MIN_DRAFTS = 20  # fewer drafts say nothing about the curve's shape


def degenerate_kind(record: ResponseRecord, grade: Grade) -> str | None:
    """Why an answer counts as degenerate output, or None."""
    if grade.cause == "degenerate_repetition" or record.finish_reason == "repetition" or \
            (record.content and is_degenerate(record.content)):
        return "repetition loop"
    if record.reasoning and is_degenerate(record.reasoning):
        return "loop in the reasoning"
    if record.status == "ok" and record.usage and record.usage.completion_tokens and \
            not (record.content or "").strip() and not (record.reasoning or "").strip():
        return "blank output"
    return None


def degenerate_answers(graded: list[tuple[ResponseRecord, Grade]]) -> tuple[int, int]:
    """(degenerate answers, answers that came back)."""
    answered = [(r, g) for r, g in graded if r.status == "ok"]
    return sum(degenerate_kind(r, g) is not None for r, g in answered), len(answered)


def curve(spec: SpecDecode) -> str:
    return " → ".join(f"{p:.1%}" for p in spec.per_position)


def shape(spec: SpecDecode) -> str | None:
    """'falling' (healthy), 'flat', or None when there is no curve to read."""
    if len(spec.per_position) < 2 or spec.drafts < MIN_DRAFTS or spec.per_position[0] <= 0:
        return None
    first, last = spec.per_position[0], spec.per_position[-1]
    return "flat" if (first - last) / first < FLAT else "falling"


@dataclass
class Verdict:
    flagged: bool
    evidence: list[str]  # each rule that fired, in words with its numbers
    degenerate: int
    answered: int
    kinds: dict[str, int] = field(default_factory=dict)
    detail: str | None = None  # per-answer acceptance of degenerate vs other answers, when the server sent it

    def line(self, spec: SpecDecode) -> str:
        rate = f"{spec.acceptance:.1%}" if spec.acceptance is not None else "n/a"
        if self.flagged:
            text = f"FAST BUT BROKEN: speculative decoding is on (acceptance {rate}) and " + "; ".join(self.evidence)
        else:
            form = shape(spec)
            text = (f"Speculative decoding looks healthy: acceptance {rate}"
                    + (", falling with position" if form == "falling" else "")
                    + f", {self.degenerate} of {self.answered} answers degenerate")
        return text + (f" ({self.detail})" if self.detail else "")


def judge(spec: SpecDecode | None, graded: list[tuple[ResponseRecord, Grade]]) -> Verdict | None:
    """The fast-but-broken verdict of a run; None when it did no speculative decoding."""
    if spec is None or not spec.active:
        return None
    answered = [(r, g) for r, g in graded if r.status == "ok"]
    kinds = [degenerate_kind(r, g) for r, g in answered]
    counts = Counter(k for k in kinds if k)
    bad = sum(counts.values())
    evidence = []
    if answered and bad >= 2 and bad / len(answered) >= NOTABLE_SHARE:
        what = ", ".join(f"{n} {kind}{'s' if n > 1 else ''}" for kind, n in counts.most_common())
        evidence.append(f"{bad} of {len(answered)} answers ({bad / len(answered):.0%}) are degenerate ({what})")
    if spec.acceptance is not None and (spec.acceptance < STUCK or spec.acceptance > 1 - STUCK):
        evidence.append(f"acceptance {spec.acceptance:.1%} is stuck near {'0' if spec.acceptance < STUCK else '100'}%")
    if shape(spec) == "flat":
        evidence.append(f"acceptance is flat across positions ({curve(spec)}) where healthy drafting falls with "
                        "position")
    return Verdict(bool(evidence), evidence, bad, len(answered), dict(counts),
                   _detail([(r, kind) for (r, _), kind in zip(answered, kinds, strict=True)]))


def _detail(answers: list[tuple[ResponseRecord, str | None]]) -> str | None:
    """Acceptance of the degenerate answers against the rest, from the answers' own counts."""
    def rate(group):
        drafted = sum(r.spec.draft_tokens for r, _ in group if r.spec)
        return sum(r.spec.accepted_tokens for r, _ in group if r.spec) / drafted if drafted else None
    bad, good = rate([a for a in answers if a[1]]), rate([a for a in answers if not a[1]])
    if bad is None or good is None:
        return None
    return f"per answer: degenerate answers accepted {bad:.0%} of their drafts, the others {good:.0%}"


def spec_line(spec: SpecDecode) -> str:
    """The run's figures as vLLM's logs report them, with acceptance by position as the curve it is."""
    rate = f"{spec.acceptance:.1%}" if spec.acceptance is not None else "n/a"
    where = "server counters over the run" if spec.source == "metrics" else "summed over the answers"
    text = (f"Speculative decoding ({where}): {spec.drafts:.0f} drafts, {spec.accepted_tokens:.0f} of "
            f"{spec.draft_tokens:.0f} draft tokens accepted ({rate})")
    if spec.mean_accepted_length is not None:
        text += f", mean accepted length {spec.mean_accepted_length:.2f}"
    if spec.per_position:
        form = shape(spec)
        text += f"; acceptance by position {curve(spec)}" + (
            " (falls with position, as healthy drafting does)" if form == "falling" else
            " (flat across positions)" if form == "flat" else "")
    return text
