"""The reference endpoint under hostile requests: malformed parts, bad parameters, media bombs,
adversarial prompts and clients that hang up. Every refusal is a 400 or 413 naming the problem."""

from __future__ import annotations

import base64
import io
import json
import logging
import re
import socket
import struct
import threading
import urllib.request
import zlib
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from assetgen.reference import solver
from assetgen.reference.media import MediaLimits
from assetgen.reference.server import Running, ServeOptions

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "golden"
PNG = base64.b64encode((GOLDEN / "assets/color_grid/color_grid-s0-0001.png").read_bytes()).decode()
MP4 = base64.b64encode((GOLDEN / "assets/ball_across/ball_across-s0-0000.mp4").read_bytes()).decode()
LIMITS = MediaLimits()


def post(url: str, body: dict, timeout: float = 60) -> tuple[int, dict]:
    request = urllib.request.Request(url + "/chat/completions", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def chat(*parts, **params) -> dict:
    return {"model": "assetgen-reference", "messages": [{"role": "user", "content": list(parts)}], **params}


def text(prompt: str) -> dict:
    return {"type": "text", "text": prompt}


def image(b64: str, media_type: str = "image/png") -> dict:
    return {"type": "image_url", "image_url": {"url": f"data:{media_type};base64,{b64}"}}


def video(url: str) -> dict:
    return {"type": "video_url", "video_url": {"url": url}}


@pytest.fixture(scope="module")
def url():
    with Running() as address:
        yield address


# --- malformed content parts: 400, never a 500 with a traceback -----------------------------------------

@pytest.mark.parametrize(("part", "message"), [
    ({"type": "image_url", "image_url": f"data:image/png;base64,{PNG}"}, "image_url must be an object"),
    ({"type": "image_url", "image_url": [f"data:image/png;base64,{PNG}"]}, "image_url must be an object"),
    ({"type": "image_url", "image_url": {"url": 7}}, "image_url must be an object"),
    ({"type": "video_url", "video_url": f"data:video/mp4;base64,{MP4}"}, "video_url must be an object"),
    (video("data:video/jpeg;base64,@@garbage@@"), "invalid base64"),
    (video("data:video/jpeg;base64," + base64.b64encode(b"not a jpeg at all").decode()), "not a decodable image"),
    (video("data:video/jpeg;base64,"), "not a decodable image"),
    (video("data:video/jpeg;base64," + PNG + ","), "frame 1: not a decodable image"),
    (video("data:video/mp4;base64," + base64.b64encode(b"\0\0\0\x18ftypmp42 not really").decode()),
     "not a decodable video"),
    ({"type": "text", "text": {"nested": "object"}}, "text must be a string"),
    ({"type": "input_audio"}, "unsupported content part type"),
    ("just a string", "unsupported content part type"),
], ids=["image-url-string", "image-url-list", "url-not-string", "video-url-string", "jpeg-seq-bad-base64",
        "jpeg-seq-garbage-frame", "jpeg-seq-empty", "jpeg-seq-empty-last-frame", "mp4-garbage", "text-object",
        "audio", "part-string"])
def test_malformed_content_parts_are_400(url, part, message):
    status, answer = post(url, chat(part, text("What is in this image?")))
    assert status == 400, answer
    assert message in answer["error"]["message"]


@pytest.mark.parametrize(("messages", "message"), [
    (["hello"], "messages[0] must be an object"),
    ([{"content": "hi"}], "messages[0].role"),
    ([{"role": "wizard", "content": "hi"}], "messages[0].role"),
    ([{"role": "user", "content": 5}], "content must be a string or a list"),
], ids=["not-object", "no-role", "unknown-role", "content-number"])
def test_malformed_messages_are_400(url, messages, message):
    status, answer = post(url, {"model": "x", "messages": messages})
    assert status == 400 and message in answer["error"]["message"], answer


# --- parameters validated like the OpenAI API -------------------------------------------------------------

@pytest.mark.parametrize(("params", "message"), [
    ({"max_tokens": True}, "max_tokens must be an integer >= 1"),
    ({"max_tokens": 0}, "max_tokens must be an integer >= 1"),
    ({"max_completion_tokens": 2.5}, "max_completion_tokens must be an integer >= 1"),
    ({"temperature": -1}, "temperature must be a number in [0, 2]"),
    ({"temperature": "hot"}, "temperature must be a number in [0, 2]"),
    ({"top_p": 1.5}, "top_p must be a number in [0, 1]"),
    ({"n": -3}, "n must be an integer in [1, 128]"),
    ({"n": 2}, "n > 1 is not supported"),
    ({"presence_penalty": 3}, "presence_penalty must be a number in [-2, 2]"),
    ({"seed": "x"}, "seed must be an integer"),
    ({"stream": "yes"}, "stream must be a boolean"),
    ({"stream_options": {"include_usage": "yes"}}, "stream_options.include_usage must be a boolean"),
    ({"stop": ["a", "b", "c", "d", "e"]}, "stop must be a string or a list of at most 4 strings"),
    ({"model": 12}, "model must be a string"),
    ({"chat_template_kwargs": []}, "chat_template_kwargs must be an object"),
])
def test_parameters_are_validated_like_the_openai_api(url, params, message):
    status, answer = post(url, chat(text("hello"), **params))
    assert status == 400, answer
    assert message in answer["error"]["message"]


def test_valid_parameters_and_unknown_extras_are_accepted(url):
    status, answer = post(url, chat(text("hello"), max_tokens=5, temperature=0, top_p=1, n=1, seed=3, stop=["x"],
                                    top_k=20, stream=False, max_completion_tokens=None))
    assert status == 200, answer


# --- media bombs: refused by the server's own caps, before the pixels are decoded ------------------------

def png_header_only(width: int, height: int) -> str:
    """A PNG whose header claims width x height, with a few bytes of pixel data: decoding it would fail."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    raw = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    return base64.b64encode(raw).decode()


def mp4_of(frames: int, width: int, height: int) -> str:
    """A small, quickly made H.264 clip of `frames` black frames (compresses to almost nothing)."""
    import av

    buffer = io.BytesIO()
    with av.open(buffer, mode="w", format="mp4") as container:
        stream = container.add_stream("libx264", rate=Fraction(30, 1))
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        stream.codec_context.options = {"preset": "ultrafast", "threads": "1"}
        black = av.VideoFrame.from_ndarray(np.zeros((height, width, 3), np.uint8), format="rgb24")
        for index in range(frames):
            black.pts = index
            for packet in stream.encode(black):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return base64.b64encode(buffer.getvalue()).decode()


def test_one_image_over_the_pixel_cap_is_413_from_its_header(url):
    # 6300 x 6300 passed the old cap (40 MP) and decoded to 2 GiB; the header alone now refuses it
    status, answer = post(url, chat(image(png_header_only(6300, 6300)), text("What is in this image?")))
    assert status == 413, answer
    assert "6300x6300" in answer["error"]["message"] and f"{LIMITS.image_pixels}" in answer["error"]["message"]


def test_many_images_within_the_per_image_cap_are_413_for_the_request(url):
    side = int(LIMITS.image_pixels ** 0.5)  # each image exactly at the per-image cap
    count = LIMITS.request_pixels // (side * side) + 1
    parts = [image(png_header_only(side, side)) for _ in range(count)]
    status, answer = post(url, chat(*parts, text("What is in these images?")))
    assert status == 413, answer
    assert f"over {LIMITS.request_pixels} decoded pixels" in answer["error"]["message"]


def test_a_long_clip_of_small_frames_is_413_at_the_frame_cap(url):
    clip = mp4_of(LIMITS.clip_frames + 40, 32, 32)
    status, answer = post(url, chat(video(f"data:video/mp4;base64,{clip}"), text("Describe this video.")))
    assert status == 413, answer
    assert f"more than {LIMITS.clip_frames} frames" in answer["error"]["message"]


def test_a_clip_of_many_full_frames_is_413_at_the_request_pixel_cap(url):
    # the reported bomb was 6,000 black 640x480 frames (192 KB): stopped at the request's pixel budget
    frames = LIMITS.request_pixels // (640 * 480) + 20
    assert frames <= LIMITS.clip_frames  # so it is the pixel cap that stops it, not the frame cap
    clip = mp4_of(frames, 640, 480)
    status, answer = post(url, chat(video(f"data:video/mp4;base64,{clip}"), text("Describe this video.")))
    assert status == 413, answer
    assert f"over {LIMITS.request_pixels} decoded pixels" in answer["error"]["message"]


def test_a_jpeg_sequence_over_the_frame_cap_is_413_before_any_frame_is_decoded(url):
    # the frames are garbage: decoding even one would answer 400, so 413 shows the count came first
    url_ = "data:video/jpeg;base64," + ",".join(["AAAA"] * (LIMITS.clip_frames + 1))
    status, answer = post(url, chat(video(url_), text("Describe this video.")))
    assert status == 413, answer
    assert f"more than {LIMITS.clip_frames} frames" in answer["error"]["message"]


def test_pillows_own_bomb_check_is_a_413_too(url):
    status, answer = post(url, chat(image(png_header_only(20_000, 20_000)), text("What is in this image?")))
    assert status == 413 and f"over {LIMITS.image_pixels} pixels" in answer["error"]["message"], answer


@pytest.mark.parametrize(("limits", "message"), [
    (MediaLimits(clip_frames=10), "more than 10 frames"),
    (MediaLimits(request_pixels=5 * 640 * 480), f"over {5 * 640 * 480} decoded pixels"),
])
def test_frames_are_counted_as_they_decode_whatever_the_header_says(limits, message):
    # the header's frame count is checked first; a clip may hold more frames than it declares
    from assetgen.reference.media import Budget, MediaTooLarge, _clip

    with pytest.raises(MediaTooLarge, match=message):
        _clip(base64.b64decode(MP4), Budget(limits))


def test_too_many_media_parts_are_413(url):
    parts = [image(PNG)] * (LIMITS.media_items + 1)
    status, answer = post(url, chat(*parts, text("What is in these images?")))
    assert status == 413 and f"more than {LIMITS.media_items} images and videos" in answer["error"]["message"]


def test_decoding_stops_at_the_request_time_budget():
    # a budget of 0 s is spent by the first frame: the clip is refused mid-decode, whatever the machine
    with Running(ServeOptions(limits=MediaLimits(decode_seconds=0.0))) as address:
        status, answer = post(address, chat(video(f"data:video/mp4;base64,{MP4}"), text("Describe this video.")))
    assert status == 413, answer
    assert "decoding took over 0 s" in answer["error"]["message"]


def test_golden_media_stay_well_inside_the_caps(url):
    clip = video(f"data:video/mp4;base64,{MP4}")
    status, answer = post(url, chat(clip, clip, text("Describe in one sentence what happens in this video.")))
    assert status == 200, answer


# --- prompts: linear solving, off the event loop, and a context limit ----------------------------------

def backtracks(pattern: str) -> bool:
    """Whether an unbounded repeat of a wide class (`.`, `[^...]`, `\\s`) is followed by more pattern than `$`."""
    try:
        from re import _constants as sc
        from re import _parser as sp
    except ImportError:  # Python 3.10
        import sre_constants as sc
        import sre_parse as sp

    def wide(items) -> bool:
        for op, av in items:
            if op in (sc.ANY, sc.NOT_LITERAL):
                return True
            narrow = (sc.CATEGORY_DIGIT, sc.CATEGORY_WORD)
            if op == sc.IN and any(o == sc.NEGATE or (o == sc.CATEGORY and a not in narrow) for o, a in av):
                return True
            if op in (sc.MAX_REPEAT, sc.MIN_REPEAT) and wide(av[2]):
                return True
            if op == sc.SUBPATTERN and wide(av[-1]):
                return True
            if op == sc.BRANCH and any(wide(alt) for alt in av[1]):
                return True
        return False

    def risky(items, tail_free: bool) -> bool:
        items = list(items)
        for i, (op, av) in enumerate(items):
            free = tail_free and all(o == sc.AT and a in (sc.AT_END, sc.AT_END_STRING) for o, a in items[i + 1:])
            if op in (sc.MAX_REPEAT, sc.MIN_REPEAT):
                if (av[1] == sc.MAXREPEAT and wide(av[2]) and not free) or risky(av[2], free):
                    return True
            elif op == sc.SUBPATTERN and risky(av[-1], free):
                return True
            elif op == sc.BRANCH and any(risky(alt, free) for alt in av[1]):
                return True
            elif op in (sc.ASSERT, sc.ASSERT_NOT) and risky(av[1], False):
                return True
        return False

    return risky(sp.parse(pattern, re.IGNORECASE | re.DOTALL), True)


def test_solver_patterns_cannot_backtrack_quadratically():
    """No registered pattern has an unbounded `.*`-like run followed by more pattern: on a prompt that
    repeats its prefix, each start would scan to the end (a 560 KB prompt took 26 s)."""
    risky = [pattern for pattern in solver.patterns() if backtracks(pattern)]
    assert not risky, risky


@pytest.mark.parametrize(("pattern", "risky"), [
    (r"a.*b", True), (r"a.*?(\(A\).*)$", True), (r"f\(.*?\) x", True), (r"a[^()]+?b", True),
    (r"a(.*)$", False), (r"How many (\w+?)s are", False), (r"f\(.{0,200}?\) x", False), (r"(\(A\).*)$", False),
])
def test_the_backtracking_check_catches_what_it_should(pattern, risky):
    assert backtracks(pattern) is risky


ADVERSARIAL = ("What does f(" "Trace f(" "circle in this video pulses " "Objects appear one at a time in this video "
               "follow a repeating pattern. Which shape comes next " "moves around a circle. Does it go clockwise or "
               "counterclockwise " "where in the frame will it be 2 seconds after the video ends? (A) " + " " * 40)


def test_a_560_kb_adversarial_prompt_is_answered(url):
    prompt = ADVERSARIAL * (560_000 // len(ADVERSARIAL))
    status, answer = post(url, chat(image(PNG), text(prompt)), timeout=120)
    assert status == 200 and answer["choices"][0]["message"]["content"] == solver.CANNOT


def test_a_prompt_over_the_context_limit_is_400():
    with Running(ServeOptions(max_prompt_chars=1000)) as address:
        status, answer = post(address, chat(text("x " * 600)))
    assert status == 400 and "over the limit of 1000" in answer["error"]["message"], answer


def test_health_answers_while_a_request_is_being_solved(monkeypatch):
    import assetgen.reference.server as server

    started, release = threading.Event(), threading.Event()

    def slow_solve(*args):
        started.set()
        release.wait(30)
        return "done"

    monkeypatch.setattr(server, "solve", slow_solve)
    results = []
    with Running() as address:
        worker = threading.Thread(target=lambda: results.append(post(address, chat(text("hello")))))
        worker.start()
        assert started.wait(30)
        health = urllib.request.urlopen(address.rsplit("/v1", 1)[0] + "/health", timeout=30).status
        release.set()
        worker.join(60)
    assert health == 200 and results[0][0] == 200 and results[0][1]["choices"][0]["message"]["content"] == "done"


# --- clients that hang up ------------------------------------------------------------------------------

def test_a_client_disconnecting_mid_stream_logs_no_traceback(caplog):
    body = json.dumps(chat(image(PNG), text(
        "This image shows a grid of colored squares with 6 rows and 6 columns. List the color of every cell, "
        "row by row."), stream=True)).encode()
    with caplog.at_level(logging.DEBUG), Running(ServeOptions(tokens_per_s=40)) as address:
        host, port = re.match(r"http://([\d.]+):(\d+)", address).groups()
        with socket.create_connection((host, int(port)), timeout=30) as sock:
            sock.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            received = b""
            for _ in range(100):  # headers and the first event may come in separate reads
                received += sock.recv(4096)
                if b"data:" in received:
                    break
            assert b"data:" in received  # the stream has started
        metrics = ""
        for _ in range(300):  # the server notices at its next write, 1/40 s later
            metrics = urllib.request.urlopen(address.rsplit("/v1", 1)[0] + "/metrics", timeout=30).read().decode()
            if "assetgen_reference_disconnects_total 1" in metrics:
                break
            threading.Event().wait(0.05)
    assert "assetgen_reference_disconnects_total 1" in metrics
    tracebacks = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not tracebacks, [r.getMessage() for r in tracebacks]


def _head(body: bytes) -> bytes:
    return (b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode())


def test_clients_hanging_up_mid_body_or_during_latency_leave_no_traceback_in_the_log(tmp_path):
    """Issue 31: 20 clients hanging up mid-body gave 20 tracebacks in `assetgen serve`'s log. The log of the real
    process (stderr) must have one quiet line per hang-up, and the server must go on answering."""
    import subprocess
    import sys
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "serve.log"
    with log.open("wb") as sink:
        process = subprocess.Popen([sys.executable, str(ROOT / "cli.py"), "serve", "--port", str(port),
                                    "--latency", "0.6"], stdout=sink, stderr=sink, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        body = json.dumps(chat(text("What is 2 + 2?"))).encode()
        for _ in range(20):  # the head and half the body, then gone
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(_head(body) + body[: len(body) // 2])
        for stream in (False, True):  # the whole request, then gone during the --latency wait
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                payload = json.dumps(chat(text("What is 2 + 2?"), stream=stream)).encode()
                sock.sendall(_head(payload) + payload)
                time.sleep(0.2)
        time.sleep(1.5)  # past the latency: the server has written to the closed connections
        status, answer = post(base + "/v1", chat(text("What is 2 + 2?")))
        assert status == 200 and answer["choices"][0]["message"]["content"]
        metrics = urllib.request.urlopen(base + "/metrics", timeout=10).read().decode()
    finally:
        process.terminate()
        code = process.wait(30)
    text_ = log.read_text()
    assert code == 0, text_
    assert "Traceback" not in text_ and "Error handling request" not in text_, text_
    assert text_.count("a client (127.0.0.1) hung up") >= 20, text_
    assert int(re.search(r"assetgen_reference_disconnects_total (\d+)", metrics).group(1)) >= 20


def _closed_after(sock: socket.socket, trickle: bytes, limit: float) -> float | None:
    """Send `trickle` a byte every 0.1 s (then keep waiting) until the server closes the connection: the
    seconds that took, or None if it was still open after `limit`."""
    import time

    start = time.monotonic()
    sock.settimeout(0.1)
    pending = iter(trickle)
    while time.monotonic() - start < limit:
        try:
            byte = next(pending, None)
            if byte is not None:
                sock.send(bytes([byte]))
            if sock.recv(4096) == b"":
                return time.monotonic() - start
        except TimeoutError:
            continue
        except OSError:  # reset, broken pipe: closed too
            return time.monotonic() - start
    return None


def test_slow_request_heads_are_cut_off_and_answers_are_not():
    """Issue 31: the server never timed out slow headers (300 trickling connections held for 60 s). A head not
    whole within --header-timeout of connecting, or of the previous answer on the connection, is closed; a
    request whose head came in time is answered however long the answer takes."""
    import http.client

    slow_head = b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n" + b"X-Padding: " + b"a" * 200
    with Running(ServeOptions(header_timeout=1.0, latency=1.6)) as address:
        port = int(address.rsplit(":", 1)[1].split("/")[0])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:  # trickling its head
            took = _closed_after(sock, slow_head, 8)
        assert took is not None and 0.8 <= took <= 3, took
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:  # sending nothing at all
            took = _closed_after(sock, b"", 8)
        assert took is not None and took <= 3, took
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)  # slower than the timeout
        connection.request("POST", "/v1/chat/completions", json.dumps(chat(text("What is 2 + 2?"))),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        assert response.status == 200 and json.loads(response.read())["choices"][0]["message"]["content"]
        took = _closed_after(connection.sock, slow_head, 8)  # the next head on the kept-alive connection
        connection.close()
        assert took is not None and took <= 3, took
        metrics = urllib.request.urlopen(address.rsplit("/v1", 1)[0] + "/metrics", timeout=10).read().decode()
    assert "assetgen_reference_header_timeouts_total 2" in metrics
