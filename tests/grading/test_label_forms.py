"""POLICY.md 6.8: a month label answered in the month's other form ('March' for the label 'Mar', 'Sep' for
'September') is the right information not in the form the image shows: partial, `format`; its own form is
correct and another month is wrong, whatever wraps it. Found at first sight on `fresh_seed.jsonl`."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from graders import grade

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
WRAPS = ["{}", "**{}**", "The month is {}.", "Answer: {}", "\\boxed{{{}}}"]


def _case(label):
    return {"id": "t", "family": "f", "category": "c", "modality": "image",
            "prompt": "In this line chart, which month has the highest value? Answer with the month as labelled.",
            "truth": {"kind": "text", "value": label}, "grader": {"name": "exact", "args": {}}}


@settings(max_examples=200, deadline=None)
@given(month=st.integers(0, 11), said=st.integers(0, 11), short_label=st.booleans(), wrap=st.sampled_from(WRAPS))
def test_a_month_label_in_its_other_form_is_format(month, said, short_label, wrap):
    full, short = MONTHS[month], MONTHS[month][:3]
    label, other = (short, full) if short_label else (full, short)
    case = _case(label)
    got = grade(case, {"content": wrap.format(label), "finish_reason": "stop"})
    assert got.verdict == "correct", got.explanation
    if full != short:  # 'May' is both
        got = grade(case, {"content": wrap.format(other), "finish_reason": "stop"})
        assert (got.verdict, got.cause) == ("partial", "format"), got.explanation
    if said != month:
        wrong = MONTHS[said] if short_label else MONTHS[said][:3]
        got = grade(case, {"content": wrap.format(wrong), "finish_reason": "stop"})
        assert got.verdict == "incorrect", got.explanation
