"""The Server footprint section (issue #34) in every report, its headroom arithmetic, and a server without it."""

from __future__ import annotations

from pathlib import Path

from fake_openai import FakeServer
from rich.console import Console

from assetgen.app.report import write_reports
from assetgen.report.console import print_report
from assetgen.report.footprint import headroom
from assetgen.run.footprint import CacheConfig, Footprint, read_page, save
from assetgen.run.payload import RequestOptions
from assetgen.run.runner import EvalOptions, run_eval

ROOT = Path(__file__).resolve().parent.parent
CACHE = ('vllm:cache_config_info{block_size="128",engine="0",gpu_memory_utilization="0.92",'
         'kv_cache_max_concurrency="512.0",kv_cache_memory_bytes="1073741824",kv_cache_size_tokens="2097152",'
         'num_gpu_blocks="16384"} 1.0\n')


def page(usage, running, waiting, preemptions, queries=100, hits=25):
    return (CACHE + f"vllm:kv_cache_usage_perc{{engine=\"0\"}} {usage}\nvllm:num_requests_running {running}\n"
            f"vllm:num_requests_waiting {waiting}\nvllm:num_preemptions_total {preemptions}\n"
            f"vllm:prefix_cache_queries_total {queries}\nvllm:prefix_cache_hits_total {hits}\n")


def a_run(tmp_path, metrics) -> Path:
    with FakeServer(metrics=metrics) as server:
        return run_eval(EvalOptions(endpoint=server.url, golden=ROOT / "golden", out=tmp_path / "runs", timeout=5.0,
                                    limit=2, request=RequestOptions(model="")))


def with_footprint(run_dir: Path, pages: list[tuple[str, str]]) -> None:
    """Replace the run's footprint by readings of known pages, so the figures are exact."""
    fp = Footprint(interval_s=0.5, max_samples=100, max_bytes=1 << 20)
    for k, (phase, text) in enumerate(pages):
        fp.add(0, k * 0.5, phase, read_page(text))
    save(run_dir, fp)


def reports(run_dir: Path) -> dict[str, str]:
    report = write_reports(run_dir)
    console = Console(width=200, record=True, file=open("/dev/null", "w"))
    print_report(report, console)
    return {"terminal": console.export_text(), **{name: (run_dir / name).read_text()
                                                   for name in ("summary.txt", "report.md", "report.html")}}


def test_the_section_in_every_report_with_headroom(tmp_path):
    run_dir = a_run(tmp_path, page(0, 0, 0, 0))
    with_footprint(run_dir, [("pool", page(0.0, 0, 0, 5, 100, 0)), ("pool", page(0.01, 3, 0, 5, 300, 50)),
                             ("c8", page(0.03, 8, 2, 6, 500, 100)), ("pool", page(0.005, 1, 0, 2, 40, 10)),
                             ("c4", page(0.001, 0, 0, 2, 40, 10))])  # read when no request of the burst ran
    shown = reports(run_dir)
    for name, text in shown.items():
        text = " ".join(text.split())  # the terminal wraps long notes
        assert "Server footprint" in text, name
        assert "2,097,152 tokens (16,384 blocks of 128)" in text, name
        # peak 3% of 2,097,152 = 62,914.56 -> 62,976 (492 blocks); x1.2 = 75,571.2 -> 75,648 (591 blocks)
        assert "62,976" in text and "75,648 tokens (3.6% of the reservation now)" in text, name
        # 75,648 tokens x 512 bytes per token
        assert "--kv-cache-memory-bytes 38731776" in text, name
        assert "no measured memory figure" in text, name
    md = shown["report.md"]
    assert "| Preemptions during the run | 3 |" in md  # 5 -> 6, then a reset to 2: 1 + 2
    assert "| Requests running, peak | 8 |" in md and "| Requests waiting, peak | 2 |" in md
    assert "| Peak usage at concurrency 8 | 3.0% (≈ 62,915 tokens) |" in md
    assert "| Peak usage at concurrency 4 | no reading while it ran |" in md
    assert "Prefix-cache hit rate | 25.0% (110 of 440 tokens)" in md  # (200+200+40) queried, (50+50+10) hit
    assert "went back to zero 1 time(s)" in md
    assert (run_dir / "plots" / "server_footprint.png").exists() and "server_footprint.png" in shown["report.html"]


def test_a_server_without_the_series_says_not_reported_and_nothing_else_changes(tmp_path):
    plain = "# TYPE assetgen_reference_requests_total counter\nassetgen_reference_requests_total 1\n"
    run_dir = a_run(tmp_path, plain)
    shown = reports(run_dir)
    for name in ("summary.txt", "report.md"):
        text = shown[name]
        assert "Server footprint" in text and "not reported" in text
        assert "KV-cache usage" not in text and "kv-cache-memory-bytes" not in text
    assert not (run_dir / "plots" / "server_footprint.png").exists()
    # everything else as without a footprint at all
    (run_dir / "footprint.json").unlink()
    without = reports(run_dir)
    cut = lambda t: t.split("== Server footprint ==")[0].rstrip()  # noqa: E731
    assert cut(shown["summary.txt"]) == cut(without["summary.txt"]) and "Server footprint" not in \
        without["summary.txt"]


def test_headroom_without_bytes_or_blocks():
    room = headroom(0.5, CacheConfig(kv_cache_size_tokens=1000))
    assert (room.needed_tokens, room.suggested_tokens, room.suggested_bytes) == (500, 600, None)
    assert "does not report its KV-cache bytes" in room.arithmetic()[-1]
    assert headroom(0.0, CacheConfig(kv_cache_size_tokens=1000)) is None
    assert headroom(0.5, None) is None


def test_headroom_never_below_one_full_context_request():
    # 2,097,152 tokens for 512 requests of full context: one is 4,096 tokens, more than 1.2 x 128
    room = headroom(128 / 2_097_152, CacheConfig(block_size=128, kv_cache_size_tokens=2_097_152,
                                                 kv_cache_memory_bytes=1 << 30, kv_cache_max_concurrency=512.0))
    assert (room.needed_tokens, room.margin_tokens, room.one_request, room.suggested_tokens) == (128, 256, 4096, 4096)
    assert room.suggested_bytes == 4096 * 512 and "raised to it" in " ".join(room.arithmetic())
