"""lmms-eval hooks for an assetgen suite, graded with assetgen's own graders (vendored in ./graders).

Rows come either raw from the parquet (images as {bytes, path}) or decoded by `datasets` (PIL images);
both work. Clips are sent by `lmms_eval_specific_kwargs.video` in the task YAML:
- `frames` (task assetgen_golden): each clip as a labelled group of PNG frames ("Video 1 (...):"), FRAMES of
  them uniformly sampled with the first and the last included — the rule of `assetgen eval --num-frames`;
- `video_url` (task assetgen_golden_video): each clip as its MP4 in a data URL; run the model with
  `pass_video_url=True` so lmms-eval forwards it instead of re-sampling it.
Metrics carry assetgen's verdict, cause and explanation per sample (see --log_samples); `assetgen_accuracy` is
the share of perfect answers (assetgen's accuracy), `assetgen_score` the mean partial credit, both without the
requests that failed (lmms-eval's LMMS_EVAL_REQUEST_FAILED answers are graded `error`, like `assetgen eval`).
"""

import base64
import io
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # the vendored graders: the same code as `assetgen eval`, wherever this folder is
    sys.path.insert(0, str(HERE))
try:
    import av
    import numpy as np
    from PIL import Image

    from graders import grade
except ImportError as exc:
    fix = (f"pip install -r {HERE / 'requirements.txt'}" if (HERE / "graders").is_dir() else
           "its graders/ folder is missing: export the task again with `assetgen export`")
    raise ImportError(f"assetgen task: {exc}; {fix}") from None

FRAMES = None  # frames per clip in `frames` mode: `assetgen export --frames N`; None sends every frame
FAILED = ("[LMMS_EVAL_REQUEST_FAILED", "[LMMS_EVAL_BUDGET_EXCEEDED]")


def sample_indices(frames, n):
    """The frames a uniform sampler keeps of `frames` when it keeps `n`, first and last included."""
    if n >= frames:
        return list(range(frames))
    return [int(i) for i in np.linspace(0, frames - 1, n).round()]


def frame_label(clip, count, shown):
    return (f"Video {clip} ({shown} frames, in time order):" if count > 1
            else f"The video ({shown} frames, in time order):")


def _image(item):
    if isinstance(item, Image.Image):  # a row loaded by `datasets`: the Image feature is decoded
        return item.convert("RGB")
    if isinstance(item, dict) and item.get("bytes"):  # a raw parquet row
        return Image.open(io.BytesIO(item["bytes"])).convert("RGB")
    raise TypeError(f"assetgen task: an image is a PIL image or {{bytes, path}}, not {type(item).__name__}")


def _video_bytes(item):
    data = item.get("bytes") if isinstance(item, dict) else item
    if not isinstance(data, bytes):
        raise TypeError(f"assetgen task: a video is {{bytes, path}}, not {type(item).__name__}")
    return data


def _frames(data, n):
    with av.open(io.BytesIO(data)) as container:
        decoded = [frame.to_image() for frame in container.decode(video=0)]
    return [decoded[i] for i in sample_indices(len(decoded), n or len(decoded))]


def _mode(kwargs):
    video = (kwargs or {}).get("video", "frames")
    if video not in ("frames", "video_url"):
        raise ValueError(f"assetgen task: video={video!r}: use frames or video_url")
    return video


def doc_to_messages(doc, lmms_eval_specific_kwargs=None):
    """The chat request (lmms-eval's chat models): images, then each clip as video or as labelled frames."""
    video = _mode(lmms_eval_specific_kwargs)
    content = [{"type": "image", "url": _image(item)} for item in doc["images"]]
    clips = doc["videos"]
    for k, clip in enumerate(clips, 1):
        data = _video_bytes(clip)
        if video == "video_url":
            content.append({"type": "video", "url": "data:video/mp4;base64," + base64.b64encode(data).decode()})
            continue
        frames = _frames(data, FRAMES)
        content.append({"type": "text", "text": frame_label(k, len(clips), len(frames))})
        content += [{"type": "image", "url": frame} for frame in frames]
    content.append({"type": "text", "text": doc["prompt"]})
    system = json.loads(doc["case"]).get("system_prompt")
    return ([{"role": "system", "content": [{"type": "text", "text": system}]}] if system else []) + [
        {"role": "user", "content": content}]


def doc_to_visual(doc):
    """Images, then every clip's sampled frames (lmms-eval's simple models, `--force_simple`)."""
    visuals = [_image(item) for item in doc["images"]]
    for clip in doc["videos"]:
        visuals += _frames(_video_bytes(clip), FRAMES)
    return visuals


def doc_to_text(doc, lmms_eval_specific_kwargs=None):
    """The prompt; with clips, which images are whose frames (simple models send every visual, then this
    text). lmms-eval drops the `images` column from the rows it gives here, so the note counts from the end."""
    clips = doc["videos"]
    shown = []
    for clip in clips:
        with av.open(io.BytesIO(_video_bytes(clip))) as container:
            total = container.streams.video[0].frames or sum(1 for _ in container.decode(video=0))
        shown.append(len(sample_indices(total, FRAMES or total)))
    if not clips:
        return doc["prompt"]
    if len(clips) == 1:
        return f"The last {shown[0]} images are the video's frames, in time order. {doc['prompt']}"
    groups = ", ".join(f"video {k} the next {n}" for k, n in enumerate(shown[1:], 2))
    return (f"The last {sum(shown)} images are the frames of {len(clips)} videos, each in time order: video 1 "
            f"the first {shown[0]}, {groups}. {doc['prompt']}")


def doc_to_target(doc):
    return doc["target"]


def process_results(doc, results):
    text = results[0] if results else ""
    if isinstance(text, str) and text.startswith(FAILED):
        response = {"status": "error", "error": text[:300]}
    else:
        response = {"content": text, "finish_reason": "stop"}
    result = grade(json.loads(doc["case"]), response)
    detail = {"case_id": result.case_id, "verdict": result.verdict, "cause": result.cause,
              "partial_credit": result.score, "explanation": result.explanation,
              "extracted": result.model_dump(mode="json")["extracted"]}
    return {"assetgen_accuracy": {**detail, "score": 1.0 if result.verdict == "correct" else 0.0},
            "assetgen_score": {**detail, "score": result.score}}


def _answered_mean(items):
    answered = [item["score"] for item in items if item["verdict"] != "error"]
    return sum(answered) / len(answered) if answered else 0.0


def accuracy(items):
    """Share of perfect answers among those that came back (assetgen's accuracy)."""
    return _answered_mean(items)


def mean_score(items):
    """Mean partial credit among answers that came back."""
    return _answered_mean(items)
