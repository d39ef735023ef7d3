"""Runner throughput against a zero-latency loopback server, side by side with a bare aiohttp loop.

    python benchmarks/runner.py [--small 2000] [--video 200]

For each payload (a small image request; a ~1.5 MB request of 30 video frames) and concurrency
1, 16 and 64, measured --repeats times with the two clients interleaved (medians shown; this
VM's throughput varies about 20% run to run), each client runs in its own process (so peak RSS is its
own) pinned to one core,
against a server process on the other core. Prints requests/s, client CPU ms per request and peak
RSS, and the runner / bare-loop ratio, all measured in this run. NVIDIA's aiperf is not run: it
installs here (aiperf 0.13.0, 1.2 GB) but will not start offline, because it loads a HuggingFace
tokenizer by repository id (a local tokenizer path is rejected as an invalid repo id).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ANSWER = {"id": "b", "model": "bench", "choices": [{"index": 0, "message": {"role": "assistant", "content": "4"},
                                                     "finish_reason": "stop"}],
          "usage": {"prompt_tokens": 10, "completion_tokens": 1, "total_tokens": 11}}


def serve(port: int) -> None:
    from aiohttp import web

    body = json.dumps(ANSWER).encode()

    async def chat(request):
        await request.read()
        return web.Response(body=body, content_type="application/json")

    async def models(request):
        return web.json_response({"data": [{"id": "bench"}]})

    app = web.Application(client_max_size=64 * 1024 * 1024)
    app.add_routes([web.post("/v1/chat/completions", chat), web.get("/v1/models", models)])
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


def _pin() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def _result(n: int, wall: float, cpu: float, extra: dict | None = None) -> None:
    # VmHWM is this process's own peak; ru_maxrss would carry the parent's peak across exec
    status = Path("/proc/self/status").read_text() if Path("/proc/self/status").exists() else ""
    hwm = next((line.split()[1] for line in status.splitlines() if line.startswith("VmHWM")), None)
    rss_mb = int(hwm) / 1024 if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"rps": n / wall, "cpu_ms": 1000 * cpu / n, "rss_mb": rss_mb, **(extra or {})}))


def bare(url: str, body_file: str, n: int, concurrency: int) -> None:
    """The floor: one prebuilt body, POSTed n times, responses read and parsed."""
    import aiohttp

    _pin()
    body = Path(body_file).read_bytes()

    async def main():
        semaphore = asyncio.Semaphore(concurrency)
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=concurrency),
                                         headers={"Content-Type": "application/json"}) as session:
            async def one():
                async with semaphore, session.post(url + "/chat/completions", data=body) as response:
                    json.loads(await response.read())

            await asyncio.gather(*(one() for _ in range(n)))

    cpu0, t0 = time.process_time(), time.perf_counter()
    asyncio.run(main())
    _result(n, time.perf_counter() - t0, time.process_time() - cpu0)


def runner(url: str, golden: str, family: str, mode: str, n: int, concurrency: int) -> None:
    """assetgen's runner: builds every body when sent, writes every record; n = repeats of one case."""
    _pin()
    from assetgen.golden import load_golden
    from assetgen.payload import SHARED_CACHE, RequestOptions, build_body
    from assetgen.runner import EvalOptions, run_eval

    # encoding a case's media happens once per case, before its first request; timed apart from sending
    case = next(c for c in load_golden(Path(golden)) if c.id == f"{family}-s0-0000")
    t0 = time.perf_counter()
    build_body(case, Path(golden), RequestOptions(model="bench", video_mode=mode, stream=False), None, SHARED_CACHE)
    prepare_ms = 1000 * (time.perf_counter() - t0)
    out = Path(tempfile.mkdtemp())
    opts = EvalOptions(endpoint=url, golden=Path(golden), out=out, filters=(f"{family}-s0-0000",), repeat=n,
                       concurrency=concurrency, request=RequestOptions(model="bench", video_mode=mode, stream=False))
    cpu0, t0 = time.process_time(), time.perf_counter()
    run_dir = run_eval(opts)
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    lines = (run_dir / "responses.jsonl").read_bytes().count(b"\n")
    # req/s over the sending phase (run.json wall_s); the one-off start-up (suite verification, /models,
    # /metrics, run.json) is reported apart. CPU per request stays whole-run, so it includes start-up.
    sending = json.loads((run_dir / "run.json").read_text())["wall_s"]
    _result(n, sending, cpu, {"records": lines, "prepare_ms": prepare_ms, "startup_ms": 1000 * (wall - sending)})


def flat(url: str, golden: str, concurrency: int) -> None:
    """Every case of a large video suite once: RSS sampled through the run must stay flat."""
    import threading

    _pin()
    from assetgen.payload import RequestOptions
    from assetgen.runner import EvalOptions, run_eval

    samples: list[tuple[float, float]] = []
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            status = Path("/proc/self/status").read_text()
            rss = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
            samples.append((time.perf_counter(), rss / 1024))
            time.sleep(0.2)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    opts = EvalOptions(endpoint=url, golden=Path(golden), out=Path(tempfile.mkdtemp()), concurrency=concurrency,
                       request=RequestOptions(model="bench", stream=False))
    t0 = time.perf_counter()
    run_dir = run_eval(opts)
    wall = time.perf_counter() - t0
    done.set()
    thread.join()
    lines = (run_dir / "responses.jsonl").read_bytes().count(b"\n")
    marks = {}
    for fraction in (0.1, 0.5, 0.9, 1.0):
        at = t0 + fraction * wall
        marks[f"{int(fraction * 100)}%"] = round(min(samples, key=lambda s: abs(s[0] - at))[1])
    print(json.dumps({"requests": lines, "rps": lines / wall, "rss_mb_at": marks}))


def body_for(golden: Path, family: str, mode: str) -> tuple[str, int]:
    from assetgen.golden import load_golden
    from assetgen.payload import MediaCache, RequestOptions, build_body

    case = next(c for c in load_golden(golden) if c.id == f"{family}-s0-0000")
    body, _, _ = build_body(case, golden, RequestOptions(model="bench", video_mode=mode, stream=False),
                                  None, MediaCache())
    path = Path(tempfile.mkstemp(suffix=".json")[1])
    path.write_bytes(body)
    return str(path), len(body)


def median_of(results: list[dict]) -> dict:
    import statistics

    return {key: statistics.median(r[key] for r in results) for key in results[0]}


def child(*args: str) -> dict:
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=2000, help="requests per small-image measurement")
    parser.add_argument("--video", type=int, default=200, help="requests per video measurement")
    parser.add_argument("--repeats", type=int, default=3,
                        help="measure each point this many times, bare and runner interleaved; medians are shown")
    parser.add_argument("--flat", type=int, default=2000, help="distinct video cases for the flat-RSS run (0: skip)")
    parser.add_argument("--flat-suite", type=Path, default=None, help="reuse a built video suite for the flat run")
    args = parser.parse_args()
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, __file__, "serve", str(port)])
    url = f"http://127.0.0.1:{port}/v1"
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.1)
        print(f"{'payload':<22}{'c':>4}{'bare req/s':>12}{'runner req/s':>14}{'ratio':>7}"
              f"{'bare cpu ms':>13}{'runner cpu ms':>15}{'bare MB':>9}{'runner MB':>11}")
        from assetgen.build import build

        # a full-HD clip sent as 30 JPEG frames: a request body of about 1.5 MB
        big = Path(tempfile.mkdtemp())
        build(big, suite="full", per_family=1, families=("flashing_light",),
              knobs={"flashing_light": {"width": 1920, "height": 1080}})
        for label, golden, family, mode, n in (
                ("small image", ROOT / "golden", "color_grid", "video_url", args.small),
                ("1080p clip, 30 frames", big, "flashing_light", "frames", args.video)):
            if not n:
                continue
            body_file, size = body_for(golden, family, mode)
            for concurrency in (1, 16, 64):
                bares, runs = [], []
                for _ in range(args.repeats):  # interleaved, so drifting machine load hits both alike
                    bares.append(child("bare", url, body_file, str(n), str(concurrency)))
                    runs.append(child("runner", url, str(golden), family, mode, str(n), str(concurrency)))
                    assert runs[-1]["records"] == n, runs[-1]
                b, r = median_of(bares), median_of(runs)
                print(f"{label:<22}{concurrency:>4}{b['rps']:>12.0f}{r['rps']:>14.0f}{r['rps'] / b['rps']:>7.2f}"
                      f"{b['cpu_ms']:>13.2f}{r['cpu_ms']:>15.2f}{b['rss_mb']:>9.0f}{r['rss_mb']:>11.0f}")
            print(f"  ({label}: request body {size / 1e6:.2f} MB; encoding the case's media once: "
                  f"{r['prepare_ms']:.0f} ms; run start-up {r['startup_ms']:.0f} ms; neither is in req/s)")
        if args.flat:
            from assetgen.registry import all_families
            from assetgen.video_family import VideoFamily

            videos = tuple(n for n, f in all_families().items() if isinstance(f, VideoFamily))
            per = -(-args.flat // len(videos))
            t0 = time.perf_counter()
            suite = args.flat_suite
            if suite is None:
                suite = Path(tempfile.mkdtemp())
                knobs = {n: {"width": 320, "height": 240} for n in videos}
                build(suite, suite="full", per_family=per, families=videos, knobs=knobs,
                      workers=os.cpu_count() or 1)
            built = time.perf_counter() - t0
            result = child("flat", url, str(suite), "16")
            print(f"\n{result['requests']} distinct video cases (320x240, built in {built:.0f} s), c=16: "
                  f"{result['rps']:.0f} req/s; runner RSS at 10/50/90/100% of the run: "
                  + ", ".join(f"{v} MB" for v in result["rss_mb_at"].values()))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "serve":
        serve(int(sys.argv[2]))
    elif len(sys.argv) > 1 and sys.argv[1] == "bare":
        bare(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    elif len(sys.argv) > 1 and sys.argv[1] == "flat":
        flat(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif len(sys.argv) > 1 and sys.argv[1] == "runner":
        runner(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6]), int(sys.argv[7]))
    else:
        main()
