"""Videos: container, decoding as vLLM does, per-frame truth against pixels, sampling sensitivity."""

from __future__ import annotations

import itertools
import subprocess
import sys

import cv2
import numpy as np
import pytest

from assetgen.generate.build import Job, generate
from assetgen.generate.registry import all_families, get_family
from assetgen.generate.video_family import VideoFamily, reflect
from assetgen.media.colors import rgb
from assetgen.media.video import decode_cv2, sample_indices

VIDEO_FAMILIES = sorted(name for name, f in all_families().items() if isinstance(f, VideoFamily))
MEAN_ERROR_BOUND = 2.5  # gray levels, mean absolute error of an OpenCV-decoded frame vs the rendered frame


def build(family: str, index: int = 0, seed: int = 0, **knobs):
    built = generate(Job(family, index, seed, knobs))
    mp4s = [built.blobs[f.path] for f in built.case.files if f.media_type == "video/mp4"]
    return built, mp4s


def test_there_are_video_families_in_all_six_categories():
    categories = {get_family(name).category for name in VIDEO_FAMILIES}
    assert categories == {"video_description", "motion", "counting", "multi_video", "video_reasoning",
                          "video_instructions"}


@pytest.mark.parametrize("family", VIDEO_FAMILIES)
def test_opencv_decodes_every_frame_at_the_true_fps(family):
    built, mp4s = build(family)
    clips = get_family(family).render_clips(built.case.scene)
    assert len(mp4s) == len(clips) == get_family(family).clips
    for data, rendered in zip(mp4s, clips, strict=True):
        frames, fps = decode_cv2(data)
        assert len(frames) == 30 and fps == 2.0
        for decoded, original in zip(frames, rendered, strict=True):
            assert decoded.shape == (480, 640, 3)
            assert np.abs(decoded.astype(int) - original.astype(int)).mean() <= MEAN_ERROR_BOUND


def test_knobs_reach_the_container():
    _built, [data] = build("ball_across", frames=12, fps=6, width=320, height=240)
    frames, fps = decode_cv2(data)
    assert len(frames) == 12 and fps == 6.0 and frames[0].shape == (240, 320, 3)


def test_odd_sizes_are_refused():
    with pytest.raises(Exception, match="even"):
        build("ball_across", width=321)


def _background(state) -> tuple[int, int, int]:
    return rgb(state["background"])


@pytest.mark.parametrize("family", VIDEO_FAMILIES)
@pytest.mark.parametrize("seed", [0, 1])
def test_per_frame_truth_matches_decoded_pixels(family, seed):
    built, mp4s = build(family, seed=seed)
    timeline = built.case.timeline
    clips = timeline["clips"] if "clips" in timeline else [timeline]
    for data, clip in zip(mp4s, clips, strict=True):
        frames, _ = decode_cv2(data)
        for frame, state in zip(frames, clip["frames"], strict=True):
            pixels = frame.astype(int)
            background = np.abs(pixels - np.array(_background(state))).sum(axis=2) <= 60
            assert background.mean() > 0.5, f"frame {state['index']}: background is not {state['background']}"
            visible = [o for o in state["objects"] if o["visible"]]
            blobs = cv2.connectedComponentsWithStats((~background).astype(np.uint8) * 255, connectivity=8)
            decor = built.case.scene.get("decor", [])
            touching = any(o["x"] + o["r"] >= d["box"][0] - 2 and o["x"] - o["r"] <= d["box"][2] + 2
                           for o in visible for d in decor)
            big = [a for a in blobs[2][1:, cv2.CC_STAT_AREA] if a > 40]
            if not touching:  # a ball on the finish line is one blob with it
                assert len(big) == len(visible) + len(decor), f"frame {state['index']}: {len(big)} blobs"
            for o in visible:
                mask = np.abs(pixels - np.array(o["rgb"])).sum(axis=2) <= 90
                box = (slice(int(max(0, o["y"] - o["r"] - 4)), int(o["y"] + o["r"] + 5)),
                       slice(int(max(0, o["x"] - o["r"] - 4)), int(o["x"] + o["r"] + 5)))
                ys, xs = np.nonzero(mask[box])
                assert len(xs) > 20, f"frame {state['index']}: {o['color']} {o['shape']} not seen"
                cx, cy = xs.mean() + box[1].start, ys.mean() + box[0].start
                assert abs(cx - o["x"]) <= 2 and abs(cy - o["y"]) <= 2, (state["index"], o, cx, cy)


@pytest.mark.parametrize("family", VIDEO_FAMILIES)
def test_same_seed_same_timeline_and_bytes(family):
    a, mp4_a = build(family, index=2, seed=9)
    b, mp4_b = build(family, index=2, seed=9)
    assert a.case.timeline == b.case.timeline and a.case.sampling == b.case.sampling
    assert mp4_a == mp4_b


def test_mp4_bytes_identical_across_processes():
    code = ("import hashlib; from assetgen.generate.build import Job, generate; "
            "b = generate(Job('motion_type', 0, 0, {})); "
            "print(hashlib.sha256(b''.join(v for k, v in sorted(b.blobs.items()))).hexdigest())")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
            for _ in range(2)}
    assert len(runs) == 1


def test_truth_events_and_frames_agree():
    built, _ = build("flashing_light", flashes=4)
    frames = built.case.timeline["frames"]
    on = [s["index"] for s in frames if s["objects"][0]["color"] == "yellow"]
    assert [e["frame"] for e in built.case.timeline["events"] if e["type"] == "flash_on"] == on
    assert built.case.truth.value == 4 == len(on)


def test_sample_indices_match_numpy_linspace():
    assert sample_indices(30, 4) == [0, 10, 19, 29]
    assert sample_indices(30, 2) == [0, 29]
    assert sample_indices(30, 40) == list(range(30))


def test_sampling_hand_checked_flashes():
    family = get_family("flashing_light")
    scene = family.sample(np.random.default_rng(0), family.resolve_knobs({"flashes": 3})) | {"on": [5, 10, 19]}
    sampling = family.question(scene).sampling
    # N=2 sees frames 0 and 29: dark, 0 flashes. N=4 sees 0, 10, 19, 29: lit at 10 and 19, which are
    # neighbours among the samples, so they look like one long flash: 1.
    apparent = {n: a.value for a in sampling.apparent for n in range(a.frames_low, a.frames_high + 1)}
    assert apparent[2] == 0 and apparent[4] == 1
    # 5 is caught only when some sample lands on frame 5: linspace(0, 29, N) hits 5 first at N=7
    assert 5 in sample_indices(30, 7) and all(5 not in sample_indices(30, n) for n in range(2, 7))
    assert sampling.min_frames >= 7


def test_sampling_hand_checked_color_order():
    family = get_family("color_order")
    scene = family.sample(np.random.default_rng(0), family.resolve_knobs({"objects": 3}))
    scene["items"] = [i | {"start": t} for i, t in zip(scene["items"], [9, 10, 11], strict=True)]
    truth = [i["color"] for i in scene["items"]]
    question = family.question(scene)
    assert question.truth.value == truth
    # with 2 frames (0, 29) all three appear together: read left to right, not in time order
    left_to_right = [i["color"] for i in sorted(scene["items"], key=lambda i: i["x"])]
    apparent_2 = next((a.value for a in question.sampling.apparent if a.frames_low == 2), truth)
    assert apparent_2 == left_to_right


@pytest.mark.parametrize("family", ["pulsing_circle", "flashing_light", "color_cycle"])
def test_fast_changes_need_many_frames(family):
    for index in range(4):
        built, _ = build(family, index=index)
        assert built.case.sampling.min_frames >= 15, (family, index, built.case.sampling.min_frames)
        four = [a for a in built.case.sampling.apparent if a.frames_low <= 4 <= a.frames_high]
        assert four, "with 4 frames the answer must look different"


@pytest.mark.parametrize("family", ["ball_across", "linear_motion", "speed_compare", "direction_compare"])
def test_plain_moves_need_few_frames(family):
    for index in range(4):
        built, _ = build(family, index=index)
        assert built.case.sampling.min_frames == 2 and built.case.sampling.apparent == []


def test_bounces_are_elastic():
    # unfolded motion is a straight line at constant speed; folding mirrors it at the walls
    assert reflect(110.0, 10.0, 100.0) == (90.0, 1)
    assert reflect(-5.0, 10.0, 100.0) == (25.0, 1)
    built, _ = build("bounce_count")
    points = [(s["objects"][0]["x"], s["objects"][0]["y"]) for s in built.case.timeline["frames"]]
    steps = [abs(b[0] - a[0]) + 0j for a, b in itertools.pairwise(points)]
    scene = built.case.scene
    bounce_frames = {e["frame"] for e in built.case.timeline["events"]}
    for k, step in enumerate(steps, 1):
        if k not in bounce_frames:  # between bounces |dx| per frame equals |vx| (angle in = angle out)
            assert abs(step.real - abs(scene["vx"])) < 0.02
    assert built.case.truth.value == len(bounce_frames)


def test_contact_sheet_is_a_preview_not_an_input():
    built, _ = build("pulsing_circle")
    roles = {f.path.rsplit("/", 1)[1]: f.role for f in built.case.files}
    assert roles == {"pulsing_circle-s0-0000.mp4": "input", "pulsing_circle-s0-0000_sheet.png": "preview"}
