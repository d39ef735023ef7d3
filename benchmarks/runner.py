"""Runner throughput against a zero-latency loopback server, side by side with a bare aiohttp loop.

    python benchmarks/runner.py [--small 2000] [--video 200]

For each payload (a small image request; a ~1.5 MB request of 30 video frames) and concurrency
1, 16 and 64, measured --repeats times with the clients interleaved (medians shown; this
VM's throughput varies about 20% run to run), each client runs in its own process (so peak RSS is its
own) pinned to one core,
against a server process on the other core. Prints requests/s, client CPU ms per request and peak
RSS, and the runner / bare-loop ratio, all measured in this run.

With --aiperf PATH (or `aiperf` on PATH) NVIDIA's aiperf sends the same request bodies (a single_turn
input file holding the case's prompt and images), pinned to the same one core, as a third column. It runs
offline with a word-level tokenizer written here (aiperf needs one to count tokens; a local directory
works as long as HF_HUB_OFFLINE is unset, which sends local paths to the hub cache). aiperf is several
processes: its req/s is its own profiling-phase figure, its CPU is the whole process tree's over that
phase, its memory the tree's peak summed PSS (shared pages counted once).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ANSWER = {"id": "b", "object": "chat.completion", "created": 0, "model": "bench",
          "choices": [{"index": 0, "message": {"role": "assistant", "content": "4"}, "finish_reason": "stop"}],
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
    from assetgen.dataset.golden import load_golden
    from assetgen.run.payload import SHARED_CACHE, RequestOptions, build_body
    from assetgen.run.runner import EvalOptions, run_eval

    # encoding a case's media happens once per case, before its first request; timed apart from sending
    case = next(c for c in load_golden(Path(golden)) if c.id == f"{family}-s0-0000")
    t0 = time.perf_counter()
    build_body(case, Path(golden), RequestOptions(model="bench", video_mode=mode, stream=False), None, SHARED_CACHE)
    prepare_ms = 1000 * (time.perf_counter() - t0)
    out = Path(tempfile.mkdtemp())
    opts = EvalOptions(endpoint=url, golden=Path(golden), out=out, filters=(f"{family}-s0-0000",), repeat=n,
                       concurrency=concurrency, request=RequestOptions(model="bench", video_mode=mode, stream=False))
    # a one-request run first, so lazily imported modules are not counted as the measured run's CPU
    run_eval(dataclasses.replace(opts, repeat=1, concurrency=1, out=Path(tempfile.mkdtemp())))
    cpu0, t0 = time.process_time(), time.perf_counter()
    run_dir = run_eval(opts)
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    lines = (run_dir / "responses.jsonl").read_bytes().count(b"\n")
    # req/s over the sending phase (run.json wall_s); the one-off start-up (suite verification, /models,
    # /metrics, run.json) is reported apart. CPU per request is the whole measured run's, start-up included.
    sending = json.loads((run_dir / "run.json").read_text())["wall_s"]
    _result(n, sending, cpu, {"records": lines, "prepare_ms": prepare_ms, "startup_ms": 1000 * (wall - sending)})


def flat(url: str, golden: str, concurrency: int) -> None:
    """Every case of a large video suite once: RSS sampled through the run must stay flat."""
    import threading

    _pin()
    from assetgen.run.payload import RequestOptions
    from assetgen.run.runner import EvalOptions, run_eval

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


def _tree(root: int) -> list[int]:
    """root and every process descended from it, read from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(parents.get(pid, ()))
    return out


def _tree_usage(root: int) -> tuple[float, float]:
    """(CPU seconds, PSS MB) summed over a process tree; processes gone mid-read are skipped."""
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = pss = 0.0
    for pid in _tree(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / ticks
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
            pss += int(next(line.split()[1] for line in rollup.splitlines() if line.startswith("Pss:"))) / 1024
        except (OSError, StopIteration, IndexError, ValueError):
            continue
    return cpu, pss


# aiperf needs a tokenizer to count tokens; a word-level one written here keeps it offline
AIPERF_TOKENIZER = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [], "normalizer": None,
                    "pre_tokenizer": {"type": "Whitespace"}, "post_processor": None, "decoder": None,
                    "model": {"type": "WordLevel", "vocab": {"[UNK]": 0}, "unk_token": "[UNK]"}}


def aiperf_inputs(body_file: str) -> tuple[str, str]:
    """aiperf's single_turn input (the body's prompt and images) and a tokenizer directory."""
    body = json.loads(Path(body_file).read_bytes())
    content = body["messages"][-1]["content"]
    line = {"text": " ".join(part["text"] for part in content if part["type"] == "text"),
            "images": [part["image_url"]["url"] for part in content if part["type"] == "image_url"]}
    folder = Path(tempfile.mkdtemp())
    (folder / "input.jsonl").write_text(json.dumps(line) + "\n")
    (folder / "tokenizer.json").write_text(json.dumps(AIPERF_TOKENIZER))
    (folder / "tokenizer_config.json").write_text(json.dumps({"tokenizer_class": "PreTrainedTokenizerFast",
                                                              "unk_token": "[UNK]"}))
    return str(folder / "input.jsonl"), str(folder)


def aiperf(executable: str, url: str, input_file: str, tokenizer: str, n: int, concurrency: int) -> dict:
    """One aiperf profile over the same bodies, pinned to the client core; usage sampled over its tree."""
    import datetime

    out = Path(tempfile.mkdtemp())
    env = {k: v for k, v in os.environ.items() if k not in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")}
    command = [executable, "profile", "--model", "bench", "--url", url.removesuffix("/v1"), "--endpoint-type", "chat",
               "--custom-dataset-type", "single_turn", "--input-file", input_file, "--tokenizer", tokenizer,
               "--concurrency", str(concurrency), "--request-count", str(n), "--output-artifact-dir", str(out),
               "--no-server-metrics", "--no-gpu-telemetry", "--no-auto-plot",
               # token counts from the server's usage, as the runner does (aiperf's default re-tokenizes
               # every answer on the client: about 25% slower here)
               "--use-server-token-count"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                               preexec_fn=_pin)
    samples: list[tuple[float, float, float]] = []
    while process.poll() is None:
        cpu, pss = _tree_usage(process.pid)
        samples.append((time.time(), cpu, pss))
        time.sleep(0.1)
    if process.returncode:
        raise SystemExit(f"aiperf exited {process.returncode}; its log: {out / 'logs' / 'aiperf.log'} "
                         "(--aiperf '' runs without it)")
    result = json.loads((out / "profile_export_aiperf.json").read_text())
    completed = result["request_count"]["avg"]
    if completed != n or result["error_summary"]:
        raise SystemExit(f"aiperf completed {completed} of {n} requests: {result['error_summary']}")
    # the profiling phase, by aiperf's own (local, naive) timestamps; CPU is the tree's over that window
    start = datetime.datetime.fromisoformat(result["start_time"]).timestamp()
    end = datetime.datetime.fromisoformat(result["end_time"]).timestamp()
    window = [s for s in samples if start <= s[0] <= end] or samples[-1:]
    before = max((s for s in samples if s[0] <= start), default=samples[0], key=lambda s: s[0])
    after = min((s for s in samples if s[0] >= end), default=samples[-1], key=lambda s: s[0])
    return {"rps": result["request_throughput"]["avg"], "cpu_ms": 1000 * (after[1] - before[1]) / n,
            "rss_mb": max(s[2] for s in window + [after])}


def body_for(golden: Path, family: str, mode: str) -> tuple[str, int]:
    from assetgen.dataset.golden import load_golden
    from assetgen.run.payload import MediaCache, RequestOptions, build_body

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


def print_targets(verdicts: list[tuple[str, int, dict]]) -> None:
    """The issue's targets, each against the worst concurrency of this run."""
    def worst(label: str, value, needs: str) -> str:
        points = [(c, value(m)) for lab, c, m in verdicts if lab == label and needs in m]
        if not points:
            return "not measured"
        c, v = min(points, key=lambda p: p[1])
        return f"lowest {v:.2f} (c={c})"

    small = worst("small image", lambda m: m["runner"]["rps"] / m["aiperf"]["rps"], "aiperf")
    video = worst("1080p clip, 30 frames", lambda m: m["runner"]["rps"] / m["bare"]["rps"], "bare")
    rss = max((m["runner"]["rss_mb"] for _, _, m in verdicts), default=float("nan"))
    print(f"\ntargets: small images runner/aiperf >= 2: {small}; 1.5 MB video runner/bare >= 0.9: {video}; "
          f"runner peak RSS < 150 MB: {rss:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=2000, help="requests per small-image measurement")
    parser.add_argument("--video", type=int, default=200, help="requests per video measurement")
    parser.add_argument("--repeats", type=int, default=5,
                        help="measure each point this many times, bare and runner interleaved; medians are shown")
    parser.add_argument("--flat", type=int, default=2000, help="distinct video cases for the flat-RSS run (0: skip)")
    parser.add_argument("--flat-suite", type=Path, default=None, help="reuse a built video suite for the flat run")
    parser.add_argument("--aiperf", default=shutil.which("aiperf"),
                        help="aiperf executable for a third column (default: aiperf on PATH; '' to skip)")
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
        columns = ("bare", "runner", "aiperf") if args.aiperf else ("bare", "runner")
        print(f"{'payload':<22}{'c':>4}" + "".join(f"{name + ' req/s':>14}" for name in columns)
              + f"{'runner/bare':>12}" + (f"{'runner/aiperf':>14}" if args.aiperf else "")
              + "".join(f"{name + ' cpu ms':>14}" for name in columns)
              + "".join(f"{name + ' MB':>11}" for name in columns))
        from assetgen.generate.build import build

        # a full-HD clip sent as 30 JPEG frames: a request body of about 1.5 MB
        big = Path(tempfile.mkdtemp())
        build(big, suite="full", per_family=1, families=("flashing_light",),
              knobs={"flashing_light": {"width": 1920, "height": 1080}})
        verdicts: list[tuple[str, int, dict]] = []
        for label, golden, family, mode, n in (
                ("small image", ROOT / "golden", "color_grid", "video_url", args.small),
                ("1080p clip, 30 frames", big, "flashing_light", "frames", args.video)):
            if not n:
                continue
            body_file, size = body_for(golden, family, mode)
            aiperf_input, tokenizer = aiperf_inputs(body_file)
            for concurrency in (1, 16, 64):
                measured: dict[str, list[dict]] = {name: [] for name in columns}
                for _ in range(args.repeats):  # interleaved, so drifting machine load hits all alike
                    measured["bare"].append(child("bare", url, body_file, str(n), str(concurrency)))
                    measured["runner"].append(child("runner", url, str(golden), family, mode, str(n),
                                                    str(concurrency)))
                    assert measured["runner"][-1]["records"] == n, measured["runner"][-1]
                    if args.aiperf:
                        measured["aiperf"].append(aiperf(args.aiperf, url, aiperf_input, tokenizer, n, concurrency))
                m = {name: median_of(results) for name, results in measured.items()}
                verdicts.append((label, concurrency, m))
                print(f"{label:<22}{concurrency:>4}" + "".join(f"{m[name]['rps']:>14.0f}" for name in columns)
                      + f"{m['runner']['rps'] / m['bare']['rps']:>12.2f}"
                      + (f"{m['runner']['rps'] / m['aiperf']['rps']:>14.2f}" if args.aiperf else "")
                      + "".join(f"{m[name]['cpu_ms']:>14.2f}" for name in columns)
                      + "".join(f"{m[name]['rss_mb']:>11.0f}" for name in columns))
            r = m["runner"]
            print(f"  ({label}: request body {size / 1e6:.2f} MB; encoding the case's media once: "
                  f"{r['prepare_ms']:.0f} ms; run start-up {r['startup_ms']:.0f} ms; neither is in req/s)")
        if not args.aiperf:
            print("  (aiperf not found: pass --aiperf PATH to add it as a third column)")
        print_targets(verdicts)
        if args.flat:
            from assetgen.generate.registry import all_families
            from assetgen.generate.video_family import VideoFamily

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
