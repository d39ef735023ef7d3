"""Build throughput per family, and its ratio to the floor: PNG-encoding the same pixels alone.

    python benchmarks/build.py [--per-family 30]

Every number printed is measured in this run, on this machine.
"""

from __future__ import annotations

import argparse
import time

from assetgen.build import Job, generate, to_array
from assetgen.imaging import png_bytes
from assetgen.registry import all_families, get_family
from assetgen.rng import case_rng


def measure(name: str, n: int) -> tuple[float, float, int]:
    """(seconds to generate n cases, seconds to only PNG-encode their pixels, assets)."""
    generate(Job(name, 10_000, 0, {}))  # warm caches (fonts, matplotlib figure) outside the timing
    start = time.perf_counter()
    for i in range(n):
        generate(Job(name, i, 0, {}))
    build_s = time.perf_counter() - start
    family = get_family(name)
    knobs = family.resolve_knobs()
    arrays = [to_array(image) for i in range(n)
              for image in family.render(family.sample(case_rng(0, name, i), knobs))]
    start = time.perf_counter()
    for array in arrays:
        png_bytes(array)
    return build_s, time.perf_counter() - start, len(arrays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-family", type=int, default=30)
    args = parser.parse_args()
    totals = {"all": [0.0, 0.0, 0], "non-chart": [0.0, 0.0, 0]}
    print(f"{'family':<20}{'assets/s':>10}{'build s':>10}{'png-only s':>12}{'ratio':>8}")
    for name, family in all_families().items():
        build_s, png_s, assets = measure(name, args.per_family)
        print(f"{name:<20}{assets / build_s:>10.1f}{build_s:>10.3f}{png_s:>12.3f}{build_s / png_s:>8.2f}")
        groups = ["all"] if family.category == "chart" else ["all", "non-chart"]
        for group in groups:
            totals[group][0] += build_s
            totals[group][1] += png_s
            totals[group][2] += assets
    for group, (build_s, png_s, assets) in totals.items():
        print(f"{'suite (' + group + ')':<20}{assets / build_s:>10.1f}{build_s:>10.3f}{png_s:>12.3f}"
              f"{build_s / png_s:>8.2f}")
    print("ratio = build time / PNG-encode-only time of the same pixel arrays (1.0 is the floor); "
          "target for the non-chart suite: <= 1.5")


if __name__ == "__main__":
    main()
