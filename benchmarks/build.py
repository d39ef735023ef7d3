"""Build throughput per family, and its ratio to the floor: PNG-encoding the same pixels alone.

    python benchmarks/build.py [--per-family 30]

Every number printed is measured in this run, on this machine.
"""

from __future__ import annotations

import argparse
import time

from assetgen.generate.build import Job, generate, to_array
from assetgen.generate.registry import all_families, get_family
from assetgen.generate.rng import case_rng
from assetgen.generate.video_family import VideoFamily
from assetgen.media.imaging import png_bytes
from assetgen.media.video import contact_sheet, encode_mp4


def measure(name: str, n: int) -> tuple[float, float, int]:
    """(seconds to generate n cases, seconds to only PNG-encode their pixels, assets)."""
    generate(Job(name, 10_000, 0, {}))  # warm caches (fonts, matplotlib figure) outside the timing
    start = time.perf_counter()
    for i in range(n):
        generate(Job(name, i, 0, {}))
    build_s = time.perf_counter() - start
    family = get_family(name)
    knobs = family.resolve_knobs()
    scenes = [family.sample(case_rng(0, name, i), knobs) for i in range(n)]
    if isinstance(family, VideoFamily):
        # the floor for a clip: encoding its frames (MP4 + contact sheet), nothing else
        clips = [(clip, scene["fps"]) for scene in scenes for clip in family.render_clips(scene)]
        start = time.perf_counter()
        for frames, fps in clips:
            encode_mp4(frames, fps)
            png_bytes(contact_sheet(frames))
        return build_s, time.perf_counter() - start, len(clips)
    arrays = [to_array(image) for scene in scenes for image in family.render(scene)]
    start = time.perf_counter()
    for array in arrays:
        png_bytes(array)
    return build_s, time.perf_counter() - start, len(arrays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-family", type=int, default=30)
    args = parser.parse_args()
    totals = {"all": [0.0, 0.0, 0], "non-chart images": [0.0, 0.0, 0], "videos": [0.0, 0.0, 0]}
    print(f"{'family':<20}{'assets/s':>10}{'build s':>10}{'encode-only s':>14}{'ratio':>8}{'s/clip':>8}")
    for name, family in all_families().items():
        build_s, png_s, assets = measure(name, args.per_family)
        per_clip = f"{build_s / assets:>8.3f}" if isinstance(family, VideoFamily) else ""
        print(f"{name:<20}{assets / build_s:>10.1f}{build_s:>10.3f}{png_s:>14.3f}{build_s / png_s:>8.2f}{per_clip}")
        if isinstance(family, VideoFamily):
            groups = ["all", "videos"]
        else:
            groups = ["all"] if family.category == "chart" else ["all", "non-chart images"]
        for group in groups:
            totals[group][0] += build_s
            totals[group][1] += png_s
            totals[group][2] += assets
    for group, (build_s, png_s, assets) in totals.items():
        print(f"{group:<20}{assets / build_s:>10.1f}{build_s:>10.3f}{png_s:>14.3f}{build_s / png_s:>8.2f}")
    print("ratio = build time / encode-only time of the same pixels (PNG for images; H.264 MP4 and contact "
          "sheet for clips); 1.0 is the floor. Target for non-chart images: <= 1.5")


if __name__ == "__main__":
    main()
