"""The performance table: each figure computed as its label says."""

from __future__ import annotations

import pytest

from assetgen.report.performance import performance
from assetgen.run.records import ResponseRecord, Timing
from graders.records import Usage


def answer(tokens: int | None, latency: float, ttft: float | None = None, status: str = "ok") -> ResponseRecord:
    decode = tokens / (latency - ttft) if tokens and ttft is not None and latency > ttft else None
    return ResponseRecord(case_id="c", key=f"c#{latency}", status=status,
                          usage=Usage(completion_tokens=tokens) if tokens is not None else None,
                          timing=Timing(latency_s=latency, ttft_s=ttft, decode_tps=decode))


def items(records, wall_s=10.0) -> dict[str, str]:
    return dict(performance(records, wall_s).line_items())


def test_throughput_per_request_decode_and_whole_run():
    # 100 tokens in 4 s (first after 2 s) and 60 tokens in 2 s (first after 1 s), over a 5 s run
    table = items([answer(100, 4.0, 2.0), answer(60, 2.0, 1.0)], wall_s=5.0)
    assert table["Average throughput"].startswith("27.5 tok/s per request")  # (25 + 30) / 2
    assert table["Decode speed"] == "median 55.0 tok/s after the first token"  # median of 50 and 60
    assert table["Run throughput"] == "32.0 output tok/s over the run"  # 160 / 5
    assert table["Total output tokens"] == "160" and table["API success rate"] == "100%"


def test_an_answer_sent_in_one_chunk_does_not_inflate_the_average():
    # a server that sends the whole answer at the end: decode time ~0, decode speed huge
    table = items([answer(50, 1.0, 0.9999), answer(50, 1.0, 0.5), answer(50, 1.0, 0.5)])
    assert table["Average throughput"].startswith("50.0 tok/s per request")
    assert table["Decode speed"] == "median 100.0 tok/s after the first token (1 unpaced answers left out)"


@pytest.mark.parametrize("records", [[], [answer(None, 1.0)], [answer(10, 1.0, status="error")]],
                         ids=["no-answers", "no-usage", "only-errors"])
def test_missing_numbers_read_n_a(records):
    table = items(records)
    assert table["Average throughput"] == "n/a" and table["Decode speed"] == "n/a"


def test_an_unpaced_stream_has_no_decode_speed():
    # the reference endpoint unpaced: 16 tokens 0.4 ms after the first one, i.e. ~40,000 tok/s
    table = items([answer(16, 0.6545, 0.6541), answer(4, 0.6662, 0.6661)])
    assert table["Decode speed"] == "n/a (stream not paced: 2 answers arrived within 5 ms of their first token)"


def test_a_few_answers_slowed_by_load_do_not_make_an_unpaced_stream_paced():
    # measured on the reference endpoint under load: 7 bursts, and 2 answers whose chunks were held up 11-77 ms
    bursts = [answer(16, 1.0004, 1.0) for _ in range(7)]
    table = items([*bursts, answer(10, 1.077, 1.0), answer(4, 1.0116, 1.0)])
    assert table["Decode speed"].startswith("n/a (stream not paced: 7 answers")


def test_the_decode_window_rule_is_per_answer():
    # 20 tokens over 4.9 ms is left out, 20 over 5 ms (4,000 tok/s) and over 100 ms (200 tok/s) count
    table = items([answer(20, 0.0049, 0.0), answer(20, 0.005, 0.0), answer(20, 0.1, 0.0)])
    assert table["Decode speed"] == "median 2100.0 tok/s after the first token (1 unpaced answers left out)"


def test_retries_are_counted():
    records = [answer(10, 1.0), answer(10, 1.0), answer(10, 1.0, status="error")]
    assert items(records)["Retries"] == "none"
    records[1].attempts, records[2].attempts = 2, 3
    assert items(records)["Retries"] == "3 (on 2 of 3 requests)"
