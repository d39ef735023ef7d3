"""The reference endpoint on adversarial prompts: solving time grows linearly, and /health stays quick.

    python benchmarks/reference_prompt.py [--kb 560]

Each prompt repeats the start of a solver's question without its end, which made a regular
expression scan to the end of the prompt from every start (26 s for 560 KB, quadratic). Prints the
solving time at a quarter of the size and at the full size and their ratio (about 4 when linear),
then the time /health takes to answer while a full-size prompt is being solved by the server.
"""

from __future__ import annotations

import argparse
import base64
import json
import threading
import time
import urllib.request
from pathlib import Path

import numpy as np

from assetgen.reference import solver
from assetgen.reference.server import Running

STARTS = ("What does f(", "Trace f(", "circle in this video pulses ", "Objects appear one at a time in this video ",
          "moves around a circle. Does it go clockwise or counterclockwise ", "(A) " + " " * 40)
PNG = Path(__file__).resolve().parent.parent / "golden" / "assets" / "color_grid" / "color_grid-s0-0001.png"


def solve_seconds(prompt: str, image: np.ndarray) -> float:
    start = time.perf_counter()
    solver.solve(prompt, [image], [])
    return time.perf_counter() - start


def health_while_solving(prompt: str) -> tuple[float, float]:
    """(seconds /health took, seconds the chat request took), both measured in one run."""
    url = f"data:image/png;base64,{base64.b64encode(PNG.read_bytes()).decode()}"
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": url}}, {"type": "text", "text": prompt}]}]}).encode()
    with Running() as address:
        chat_took: list[float] = []

        def ask() -> None:
            start = time.perf_counter()
            request = urllib.request.Request(address + "/chat/completions", data=body,
                                             headers={"Content-Type": "application/json"})
            urllib.request.urlopen(request, timeout=600).read()
            chat_took.append(time.perf_counter() - start)

        worker = threading.Thread(target=ask)
        worker.start()
        time.sleep(0.2)  # the body is in; the server is decoding or solving
        start = time.perf_counter()
        urllib.request.urlopen(address.rsplit("/v1", 1)[0] + "/health", timeout=600).read()
        health = time.perf_counter() - start
        worker.join()
    return health, chat_took[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=int, default=560)
    args = parser.parse_args()
    image = np.full((64, 64, 3), 255, np.uint8)
    size = args.kb * 1000
    print(f"{'prompt start':<42} {size // 4000:>5} KB {args.kb:>5} KB  ratio (4 = linear)")
    for start in STARTS:
        quarter, full = (solve_seconds(start * (n // len(start)), image) for n in (size // 4, size))
        print(f"{start.strip()[:40]!r:<42} {quarter:7.3f}s {full:7.3f}s  {full / quarter:5.1f}")
    health, chat = health_while_solving("".join(STARTS) * (size // len("".join(STARTS))))
    print(f"/health answered in {health * 1000:.0f} ms while a {args.kb} KB prompt was answered in {chat:.2f} s")


if __name__ == "__main__":
    main()
