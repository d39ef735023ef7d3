"""The README's first command, measured: `assetgen eval` on the built-in reference endpoint.

    python benchmarks/first_run.py [--runs 3] [--slowest 5] [--skip-eval] [--skip-grade]
    python benchmarks/first_run.py --profile text_card-s0-0002 [--top 25]   # cProfile of one case, in-process
    python benchmarks/first_run.py --against PATH [--runs 3]   # this checkout's eval and PATH's, alternating

Prints, each figure beside the load average it was measured under (the machine may be shared):
- the default eval (`python cli.py eval` into a temporary folder), run --runs times: wall seconds, CPU
  seconds (user + system, of the process and the children it waited for: steadier than wall time on a
  shared machine) and peak RSS, medians shown. Peak RSS is the process tree's summed RSS sampled every
  20 ms (psutil), and the largest single process's ru_maxrss from os.wait4 beside it; and the run's three
  longest request latencies (a case queued behind others shows here, not in its own answering time);
- the reference endpoint's slowest golden cases, each request decoded and answered in this process exactly
  as the server does (`Reference._parse`, then `_compose`), split into decode, OCR detect, OCR recognise and
  solve (the rest of answering) by the endpoint's own phase tally (assetgen/reference/phases.py);
- grading speed, by running benchmarks/grade.py.
The eval's own accuracy line is printed too: a faster endpoint that answers worse is no gain.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.2f}/{five:.2f} (1/5 min) on {os.cpu_count()} cores"


def _tree_rss(pid: int, stop: threading.Event, peak: list[int]) -> None:
    """Peak summed RSS of `pid` and its descendants, sampled until `stop`."""
    import psutil

    try:
        root = psutil.Process(pid)
    except psutil.NoSuchProcess:
        return
    while not stop.is_set():
        total = 0
        try:
            for process in [root, *root.children(recursive=True)]:
                try:
                    total += process.memory_info().rss
                except psutil.NoSuchProcess:
                    pass
        except psutil.NoSuchProcess:
            return
        peak[0] = max(peak[0], total)
        stop.wait(0.02)


def one_eval(extra: list[str], root: Path = ROOT) -> dict:
    """One `cli.py eval` of checkout `root` into a fresh temporary folder: wall, peak RSS, its accuracy line."""
    with tempfile.TemporaryDirectory(prefix="first-run-") as out:
        env = {**os.environ, "PYTHONPATH": str(root)}
        before = load()
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, str(root / "cli.py"), "eval", "--out", out, *extra],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=root)
        stop, peak = threading.Event(), [0]
        sampler = threading.Thread(target=_tree_rss, args=(child.pid, stop, peak), daemon=True)
        sampler.start()
        output = child.stdout.read().decode("utf-8", "replace")
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        stop.set()
        sampler.join()
        child.returncode = os.waitstatus_to_exitcode(status)
        slow = _slowest_latencies(Path(out), 3)
    accuracy = next((line.strip(" │") for line in output.splitlines() if line.strip(" │").startswith("Total ")), "")
    return {"wall_s": round(wall, 2), "cpu_s": round(usage.ru_utime + usage.ru_stime, 2),
            "peak_tree_rss_mb": round(peak[0] / 2**20), "max_process_rss_mb": round(usage.ru_maxrss / 1024),
            "exit": child.returncode, "accuracy": " ".join(accuracy.split())[:100], "load_before": before,
            "load_after": load(), "slowest_latencies_s": slow}


def _slowest_latencies(out: Path, count: int) -> dict[str, float]:
    """The eval's longest request latencies (queueing in the endpoint included), from its responses.jsonl."""
    latencies = {}
    for path in out.glob("*/responses.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            latency = (record.get("timing") or {}).get("latency_s")
            if latency is not None:
                latencies[record["case_id"]] = round(latency, 2)
    return dict(sorted(latencies.items(), key=lambda item: -item[1])[:count])


def evals(runs: int, extra: list[str], against: Path | None = None) -> None:
    """`runs` evals of this checkout (and of `against`, alternating with them run by run), medians last."""
    roots = {"this": ROOT} | ({"against": against.resolve()} if against else {})
    results: dict[str, list[dict]] = {name: [] for name in roots}
    for k in range(runs):
        for name, root in roots.items():
            result = one_eval(extra, root)
            results[name].append(result)
            print(json.dumps({"eval_run": k + 1, "checkout": name, **result}), flush=True)
    for name, done in results.items():
        print(json.dumps({"checkout": name, "eval_median_wall_s": statistics.median(r["wall_s"] for r in done),
                          "eval_median_cpu_s": statistics.median(r["cpu_s"] for r in done),
                          "eval_median_peak_tree_rss_mb": statistics.median(r["peak_tree_rss_mb"] for r in done),
                          "eval_median_max_process_rss_mb": statistics.median(r["max_process_rss_mb"] for r in done),
                          "runs": runs, "args": extra, "root": str(roots[name]), "load_now": load()}), flush=True)


def requests() -> list[tuple[str, bytes]]:
    """(case id, request body) of every golden case, built as the runner builds them."""
    from assetgen.dataset.golden import default_golden, load_golden
    from assetgen.dataset.records import CaseToSend
    from assetgen.run.payload import MediaCache, RequestOptions, build_body

    root = default_golden()
    options = RequestOptions(model="assetgen-reference")
    return [(case.id, build_body(case, root, options, None, MediaCache(1))[0])
            for case in load_golden(root, model=CaseToSend)]


def answer(reference, body: bytes) -> tuple[str, dict[str, float]]:
    """The reference endpoint's answer to one request, in this thread, with its phase split."""
    import orjson

    from assetgen.reference import phases

    phases.reset()
    parsed = orjson.loads(body)
    start = time.perf_counter()
    text, images, clips, _ = reference._parse(parsed)
    decoded = time.perf_counter()
    _, reply, _ = reference._compose(parsed, text, images, clips)
    done = time.perf_counter()
    tally = phases.tally()
    ocr = tally.get("ocr_detect", 0.0) + tally.get("ocr_recognise", 0.0)
    split = {"total": done - start, "decode": decoded - start, "ocr_detect": tally.get("ocr_detect", 0.0),
             "ocr_recognise": tally.get("ocr_recognise", 0.0), "solve": max(0.0, done - decoded - ocr)}
    return reply, {k: round(v, 3) for k, v in split.items()}


def _reference():
    from assetgen.reference import ocr
    from assetgen.reference.server import Reference, ServeOptions

    reference = Reference(ServeOptions())
    start = time.perf_counter()
    ocr.warm_up()  # as a server does at start: model loading is not a case's time
    return reference, time.perf_counter() - start


def slowest(count: int) -> None:
    """Every golden case answered in-process; the `count` slowest with their split."""
    reference, warm = _reference()
    rows = []
    for case_id, body in requests():
        _, split = answer(reference, body)
        rows.append({"case": case_id, **split})
    rows.sort(key=lambda row: -row["total"])
    total = sum(row["total"] for row in rows)
    print(json.dumps({"endpoint_cases": len(rows), "endpoint_total_s": round(total, 2),
                      "ocr_warm_up_s": round(warm, 2), "load": load()}), flush=True)
    for row in rows[:count]:
        print(json.dumps(row), flush=True)


def profile(case_id: str, top: int) -> None:
    """cProfile of one golden case answered in-process (after a warm-up answer of the same case)."""
    import cProfile
    import pstats

    reference, _ = _reference()
    body = dict(requests())[case_id]
    answer(reference, body)
    profiler = cProfile.Profile()
    profiler.enable()
    reply, split = answer(reference, body)
    profiler.disable()
    print(json.dumps({"case": case_id, **split, "answer": reply[:200], "load": load()}))
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def grading() -> None:
    before = load()
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "grade.py")], capture_output=True, text=True,
                         check=True).stdout
    print(json.dumps({"grading": json.loads(out.splitlines()[-1]), "load_before": before, "load_after": load()}),
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="eval runs (the median is printed)")
    parser.add_argument("--slowest", type=int, default=5, help="slowest endpoint cases shown")
    parser.add_argument("--skip-eval", action="store_true")
    parser.add_argument("--skip-cases", action="store_true")
    parser.add_argument("--skip-grade", action="store_true")
    parser.add_argument("--profile", metavar="CASE_ID", help="cProfile one golden case instead")
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile")
    parser.add_argument("--against", type=Path, help="another checkout whose eval runs alternate with this one's")
    parser.add_argument("eval_args", nargs="*", help="more `eval` arguments (after --), e.g. -- --concurrency 2")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, args.top)
        return
    if not args.skip_eval:
        evals(args.runs, args.eval_args, args.against)
    if not args.skip_cases:
        slowest(args.slowest)
    if not args.skip_grade:
        grading()


if __name__ == "__main__":
    main()
