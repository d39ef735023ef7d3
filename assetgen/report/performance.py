"""Speed of a run as the seed articles report it: latency, TTFT, time to first content token, tok/s."""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from assetgen.run.records import ResponseRecord

# A stream is "not paced" when its text after the first token arrived within this many seconds: the whole
# answer came as one burst (an unpaced reference endpoint delivers it in 0.1-0.4 ms on loopback, which reads
# as 15,000-65,000 tok/s here), so the window measures the client's event loop, not decoding, and no rate is claimed;
# the table says "n/a" when half the answers with a rate or more were not paced.
MIN_DECODE_WINDOW_S = 0.005


def paced_decode_tps(record: ResponseRecord) -> float | None:
    """The record's decode rate, or None when it has none or its stream was not paced (see MIN_DECODE_WINDOW_S)."""
    t = record.timing
    if t.decode_tps is None or t.latency_s is None or t.ttft_s is None:
        return t.decode_tps  # no window to judge by: the rate as recorded
    return t.decode_tps if t.latency_s - t.ttft_s >= MIN_DECODE_WINDOW_S else None


@dataclass
class Performance:
    requests: int
    ok: int
    wall_s: float
    latencies: list[float]
    ttfts: list[float]
    ttfcs: list[float]
    request_tps: list[float]  # output tokens / latency, per answer: the article's "tok/s"
    decode_tps: list[float]  # output tokens / (latency - TTFT), per streamed answer
    output_tokens: int
    run_wall_s: float | None = None  # the whole run's time, when this table covers one of its modes
    unpaced: int = 0  # answers with a decode rate whose stream was not paced: left out of decode_tps
    retries: int = 0  # attempts beyond the first, over all requests
    retried: int = 0  # requests that needed more than one attempt

    def line_items(self) -> list[tuple[str, str]]:
        def stat(values: list[float], unit: str = "s") -> str:
            if not values:
                return "n/a"
            ordered = sorted(values)
            p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
            return f"avg {statistics.fmean(values):.3g}{unit}, p50 {statistics.median(values):.3g}{unit}, " \
                   f"p95 {p95:.3g}{unit}"
        return [
            ("Total requests", str(self.requests)),
            ("Total time", f"{self.wall_s:.1f}s" + (f" (an even share of the {self.run_wall_s:.1f}s run)"
                                                    if self.run_wall_s else "")),
            ("Latency", stat(self.latencies)),
            ("TTFT", stat(self.ttfts)),
            ("Time to first content token", stat(self.ttfcs)),
            ("Average throughput", f"{statistics.fmean(self.request_tps):.1f} tok/s per request (output tokens "
             "/ latency)" if self.request_tps else "n/a"),
            # a median: a server that sends a whole answer in one chunk has a near-zero decode time
            ("Decode speed", self._decode_line()),
            ("Run throughput", f"{self.output_tokens / self.wall_s:.1f} output tok/s over the run"
             if self.wall_s else "n/a"),
            ("Total output tokens", str(self.output_tokens)),
            ("API success rate", f"{self.ok / self.requests:.0%}" if self.requests else "n/a"),
            ("Retries", f"{self.retries} (on {self.retried} of {self.requests} requests)" if self.retries else "none"),
        ]

    def _decode_line(self) -> str:
        window = f"{MIN_DECODE_WINDOW_S * 1000:g} ms"
        # a server paces all its answers or none: when most came as one burst, the few slower ones were
        # delayed by load (a busy event loop), and their rates would be noise presented as a measurement
        if not self.decode_tps or self.unpaced >= len(self.decode_tps):
            return f"n/a (stream not paced: {self.unpaced} answers arrived within {window} of their first token)" \
                if self.unpaced else "n/a"
        left_out = f" ({self.unpaced} unpaced answers left out)" if self.unpaced else ""
        return f"median {statistics.median(self.decode_tps):.1f} tok/s after the first token{left_out}"


def performance(records: list[ResponseRecord], wall_s: float, run_wall_s: float | None = None) -> Performance:
    ok = [r for r in records if r.status == "ok"]
    pick = lambda attr: [getattr(r.timing, attr) for r in ok if getattr(r.timing, attr) is not None]  # noqa: E731
    tokens = sum((r.usage.completion_tokens or 0) for r in ok if r.usage)
    request_tps = [r.usage.completion_tokens / r.timing.latency_s for r in ok
                   if r.usage and r.usage.completion_tokens and r.timing.latency_s]
    paced = [paced_decode_tps(r) for r in ok]
    decode_tps = [rate for rate in paced if rate is not None]
    unpaced = sum(r.timing.decode_tps is not None for r in ok) - len(decode_tps)
    retries = [max(0, r.attempts - 1) for r in records]
    return Performance(len(records), len(ok), wall_s, pick("latency_s"), pick("ttft_s"), pick("ttfc_s"),
                       request_tps, decode_tps, tokens, run_wall_s, unpaced, sum(retries), sum(map(bool, retries)))
