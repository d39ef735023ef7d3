"""`assetgen probe frames|resolution` against the reference endpoint, whose knobs give known answers
(--num-frames, --fps, --max-pixels), and the arithmetic the probes rest on."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import cli
from assetgen.app.evaluate import evaluate
from assetgen.app.probe import run_probe
from assetgen.app.report import write_reports as regrade
from assetgen.reference.server import Running, ServeOptions
from assetgen.reference.solver import solve
from assetgen.reference.vision_tokens import clip_tokens, downscale, image_tokens, smart_resize
from assetgen.report import tables
from assetgen.report.probe import terminal_lines
from assetgen.run.payload import RequestOptions
from assetgen.run.probe import FramesProbe, ProbeOptions, read_probe
from assetgen.run.probe.analysis import frames_from_answers, knee, step_size
from assetgen.run.probe.frames import analyse as analyse_frames
from assetgen.run.probe.media import detail_card, flash_clips, padded
from assetgen.run.probe.records import Measurement
from assetgen.run.runner import EvalOptions

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


# --- the arithmetic ------------------------------------------------------------------------------------------

def test_smart_resize_matches_qwen_and_the_tiny_vllm_model():
    # vLLM's tiny Qwen2-VL (video max_pixels 12544) costs 12 tokens per pair of 640x480 frames (measured)
    assert smart_resize(480, 640, 12544) == (84, 112)
    assert smart_resize(448, 448, 200000) == (420, 420)
    assert smart_resize(480, 640) == (476, 644)  # no cap: nearest multiples of 28
    frame = np.zeros((480, 640, 3), np.uint8)
    assert clip_tokens([frame] * 30) == 15 * 17 * 23 + 2 and clip_tokens([frame] * 7) == 4 * 17 * 23 + 2
    assert image_tokens(frame, 50176) == smart_resize(480, 640, 50176)[0] // 28 * (smart_resize(480, 640, 50176)[1]
                                                                                   // 28) + 2


def test_step_size_needs_three_distinct_counts_and_finds_the_pair_cost():
    assert step_size([2 + 391 * p for p in (1, 2, 3, 4, 15, 15, 32)]) == 391
    assert step_size([2 + 12 * p for p in (1, 2, 15)]) == 12
    assert step_size([2 + 391 * p for p in (4, 8)]) is None  # two counts could differ by any number of steps
    assert step_size([500] * 6) is None
    # per-pair timestamps may add a token here and there (Qwen3-VL): still one step
    assert step_size([2 + 100 * p + (p % 3 == 0) for p in (1, 2, 3, 4, 15)]) == 100


def test_knee_finds_the_cap_and_no_cap_while_tokens_grow():
    def tokens(side, cap):
        h, w = smart_resize(side, side, cap)
        return h // 28 * (w // 28) + 2
    sides = (112, 168, 224, 336, 448, 672, 896)
    rate, cap, top = knee([(s * s, tokens(s, 200000)) for s in sides])
    assert round(rate) == 784 and cap == 420 * 420 and top == 227
    rate, cap, top = knee([(s * s, tokens(s, None)) for s in sides])
    assert round(rate) == 784 and cap is None and top is None


def test_answers_claim_a_frame_count_only_with_a_majority():
    clips = flash_clips(0)
    seen8 = [c.apparent[("uniform", 8)] for c in clips]
    estimate = frames_from_answers([c.apparent for c in clips], seen8, 30)
    assert estimate.low <= 8 <= estimate.high and estimate.high - estimate.low <= 1 and "uniform" in estimate.rules
    nonsense = frames_from_answers([c.apparent for c in clips], [41, 0, 977, 3.5, 12, 64], 30)
    assert not nonsense.found and "no frame count fits" in nonsense.note
    assert not frames_from_answers([c.apparent for c in clips], [None] * 4 + [1, 2], 30).found


def test_flash_clips_tell_frame_counts_apart():
    """Every count from 3 to 30 gives the six clips a different set of flash counts under the uniform rule,
    except where frames that never flash (the first and the last) are all that differ."""
    clips = flash_clips(0)
    signatures = {}
    for n in range(1, 31):
        signatures.setdefault(tuple(c.apparent[("uniform", n)] for c in clips), []).append(n)
    assert sorted(len(v) for v in signatures.values())[-1] <= 2
    assert all(len(v) == 1 for v in signatures.values() if 3 <= v[0] <= 29)


# --- the reference endpoint's knobs --------------------------------------------------------------------------

def test_reference_reads_a_small_card_on_a_large_page_and_loses_it_under_max_pixels():
    """The contrast stretch used the 1st percentile: with ink on under 1% of a page, that was white, and the
    page turned black (this card on a 640x640 page was not read before the fix)."""
    card = detail_card(0)
    page = padded(card.card, 896, 896)
    assert solve(card.prompt, [page], []) == card.truth
    assert solve(card.prompt, [downscale(page, 200000)], []) != card.truth
    assert downscale(page, 200000).shape[:2] == smart_resize(896, 896, 200000)


def _reference_tokens(url: str, body: dict) -> int:
    import urllib.request

    request = urllib.request.Request(url + "/chat/completions", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())["usage"]["prompt_tokens"]


def test_reference_counts_media_tokens_qwen_style():
    import base64

    from assetgen.media.imaging import png_bytes

    image = np.full((448, 448, 3), 255, np.uint8)
    url_part = {"type": "image_url", "image_url": {"url": "data:image/png;base64," +
                                                   base64.b64encode(png_bytes(image)).decode()}}
    body = {"model": "m", "messages": [{"role": "user", "content": [url_part, {"type": "text", "text": "hi"}]}]}
    with Running() as url:
        whole = _reference_tokens(url, body)
    with Running(ServeOptions(max_pixels=200000)) as url:
        capped = _reference_tokens(url, body)
    assert whole - capped == (16 * 16 + 2) - (15 * 15 + 2)


# --- the probes against the reference endpoint ---------------------------------------------------------------

@pytest.fixture(scope="module")
def eight(tmp_path_factory):
    """The reference endpoint looking at 8 frames per clip, probed through the CLI."""
    out = tmp_path_factory.mktemp("probes")
    with Running(ServeOptions(num_frames=8)) as url:
        result = CliRunner().invoke(cli.main, ["probe", "frames", "--endpoint", url, "--out", str(out)])
        assert result.exit_code == 0, result.output
        yield url, out, result.output


def test_frames_probe_recovers_num_frames_by_both_methods(eight):
    _, out, output = eight
    [folder] = out.glob("probe-frames-*")
    record = read_probe(folder / "probe.json")
    assert isinstance(record, FramesProbe) and record.frames_seen == 8
    video, sequence, frames = record.modes
    assert video.tokens.low == video.tokens.high == 8
    assert video.answers.low <= 8 <= video.answers.high <= 8
    assert video.pattern == sequence.pattern == "cap 8" and frames.pattern == "all"
    assert record.pair_tokens == 17 * 23 and record.overhead_tokens == 2
    assert "num_frames" in record.recommendation
    assert "samples 8 frames of a 30-frame 2 fps clip" in output and (folder / "probe.md").is_file()
    assert "samples 8 frames" in (folder / "probe.md").read_text()
    assert len(list((folder / "media").glob("*.mp4"))) >= 6  # the clips sent are kept
    # the media_io_kwargs finding is said once, in the terminal and in probe.md, even from an older probe.json
    # whose evidence also held it
    assert output.count(record.kwargs.summary) == 1, output
    assert (folder / "probe.md").read_text().count(record.kwargs.summary) == 1
    older = record.model_copy(update={"evidence": [*record.evidence, record.kwargs.summary]})
    assert "\n".join(terminal_lines(older, folder)).count(record.kwargs.summary) == 1


def test_frames_probe_sees_every_frame_and_reads_fps_sampling():
    with Running(ServeOptions(fps=1)) as url, _tmp() as out:
        _, record = run_probe("frames", ProbeOptions(endpoint=url, out=out))
    video, sequence, _ = record.modes
    # 30 frames at 2 fps sampled at 1 fps: 15 frames (the tokens count 8 pairs: 15 or 16)
    assert record.frames_seen == 15 and video.answers.low <= 15 <= video.answers.high
    assert video.pattern == "fps" and video.by_fps["30"] == 2 and video.by_fps["1"] == 30
    assert sequence.pattern == "all"  # a jpeg-sequence has no container fps: every frame
    assert "fps" in record.recommendation


def test_frames_probe_of_the_builtin_endpoint_needs_no_setting(tmp_path):
    _, record = run_probe("frames", ProbeOptions(endpoint=None, out=tmp_path))
    assert record.builtin_endpoint and record.frames_seen == 30
    assert all(f.pattern == "all" and f.tokens.high == 30 for f in record.modes)
    assert record.recommendation.startswith("no setting needed")
    assert record.kwargs.accepted is True and "change nothing" in record.kwargs.summary


def test_resolution_probe_recovers_max_pixels(tmp_path):
    with Running(ServeOptions(max_pixels=200000)) as url:
        folder, record = run_probe("resolution", ProbeOptions(endpoint=url, out=tmp_path))
    assert record.tokens.low <= 200000 <= record.tokens.high
    assert record.cap_pixels == 420 * 420 and round(record.pixels_per_token) == 784
    # small type is read up to about the cap (448x448 is shrunk by 6% only) and lost at twice it
    assert record.answers.low <= 1.1 * 200000 < record.answers.high <= 2.1 * 200000
    assert record.images_limit is None and record.images_tested == 32
    assert "max_pixels" in record.recommendation and (folder / "probe.md").is_file()


# --- probes cited by eval reports ----------------------------------------------------------------------------

def _eval(url: str, out: Path, probe: Path | None = None):
    options = EvalOptions(endpoint=url, golden=GOLDEN, out=out, filters=("flashing_light", "pulsing_circle",
                                                                          "color_cycle", "appearing_objects"),
                          concurrency=2, request=RequestOptions(model=""))
    return evaluate(options, probe=probe)


def test_eval_report_cites_the_probe_of_the_same_endpoint(eight):
    url, out, _ = eight
    report = _eval(url, out)
    frames = report.summaries["server-default"].frames
    assert "frames probe of this endpoint" in frames.message and "samples 8 frames" in frames.message
    assert "num_frames" in frames.message  # the concrete server setting
    for name in ("report.md", "summary.txt", "report.html"):
        assert "samples 8 frames" in (report.run_dir / name).read_text(), name
    # and every report opens with the server setting to change, whatever the answers said
    warning = [w for w in tables.warnings(report) if w.startswith("Frames probe of this endpoint")]
    assert len(warning) == 1 and "num_frames" in warning[0]
    assert (report.run_dir / "summary.txt").read_text().count("Frames probe of this endpoint") == 1
    assert (report.run_dir / "probe.json").is_file()
    assert "samples 8 frames" in regrade(report.run_dir).summaries["server-default"].frames.message  # kept


def test_eval_of_another_endpoint_cites_no_probe_unless_asked(eight, tmp_path):
    _, out, _ = eight
    (out / "probe-frames-junk-1").mkdir()
    (out / "probe-frames-junk-1" / "probe.json").write_text("{not json")  # damaged: ignored, not fatal
    with Running() as url:
        report = _eval(url, out)
        frames = report.summaries["server-default"].frames
        assert "frames probe" not in frames.message and not (report.run_dir / "probe.json").exists()
        [probe] = [p for p in out.glob("probe-frames-*/probe.json") if "junk" not in str(p)]
        report = _eval(url, tmp_path, probe)
    assert "samples 8 frames" in report.summaries["server-default"].frames.message


# --- refusals: per-request kwargs and image limits -----------------------------------------------------------

def _m(**fields) -> Measurement:
    return Measurement(**({"status": "ok"} | fields))


def test_refused_kwargs_and_image_limits_are_reported_with_their_server_flags():
    vllm_refusal = ("HTTP 400: Per-request media_io_kwargs are disabled by default because they can change "
                    "multimodal media loading resource usage. Start the server with --trust-request-mm-kwargs only "
                    "when clients are trusted.")
    series = [_m(method="baseline", mode="text", prompt_tokens=40)]
    series += [_m(method="tokens", mode="video_url", frames=n, fps=2, prompt_tokens=42 + 40 + 12 * ((n + 1) // 2),
                  media_tokens=2 + 40 + 12 * ((n + 1) // 2) - 40) for n in (2, 4, 6, 30)]
    series += [_m(method="tokens", mode="frames", frames=n, images=n, media_tokens=56 * n) for n in (1, 2, 4)]
    series += [_m(method="tokens", mode="frames", frames=8, images=8, status="error", http_status=400,
                  error="HTTP 400: At most 4 image(s) may be provided in one prompt.")]
    series += [_m(method="kwargs", mode="video_url", frames=30, fps=2, media_io_kwargs={"video": {"num_frames": 8}},
                  status="error", http_status=400, error=vllm_refusal)]
    record = analyse_frames(series, endpoint="http://127.0.0.1:1/v1", builtin=False, model="m", started="t")
    assert record.kwargs.accepted is False and "--trust-request-mm-kwargs" in record.kwargs.summary
    assert "--trust-request-mm-kwargs" in record.recommendation
    assert "--limit-mm-per-prompt" in record.recommendation and "at most 4 per prompt" in record.recommendation
    assert record.image_tokens == 56 and record.modes[2].by_length == {"1": 1, "2": 2, "4": 4}


class _tmp:
    def __enter__(self):
        import tempfile

        self.dir = tempfile.TemporaryDirectory()
        return Path(self.dir.name)

    def __exit__(self, *exc):
        self.dir.cleanup()


def test_probe_files_are_untrusted_input(tmp_path):
    from assetgen.errors import AssetgenError
    from assetgen.report.probe import probe_markdown

    huge = tmp_path / "probe.json"
    with open(huge, "wb") as handle:
        handle.truncate(17 * 1024 * 1024)  # sparse: over the cap without writing it
    with pytest.raises(AssetgenError, match="not a probe.json"):
        read_probe(huge)
    record = analyse_frames([_m(method="tokens", mode="video_url", frames=30, fps=2, status="error", http_status=500,
                                error="HTTP 500: <script>alert(1)</script> [x](javascript:alert(1))")],
                            endpoint="http://127.0.0.1:1/v1", builtin=False, model="![beacon](http://evil.example/x)",
                            started="t")
    text = probe_markdown(record, tmp_path)
    # a link needs an unescaped ']' before its '(' (CommonMark: '\]' is a literal bracket)
    assert "<script>" not in text and not re.search(r"(?<!\\)\]\(javascript:", text) and "![beacon](" not in text
