"""`assetgen probe frames`: how many frames of a clip does the server feed the model, and which setting
changes it? Two independent ways:

- answers: six flash clips whose flash counts differ with the number of frames seen (and with how those
  frames are picked), so the counts the model gives pin the frames down;
- tokens: one clip sent at several lengths and container fps tags. Qwen-VL-style encoders cost a fixed
  number of prompt tokens per pair of frames, so prompt tokens step by that cost: the step found from the
  differences turns each request's tokens back into the frames the model got.

With an MP4 `video_url`, separate JPEG `frames` and vLLM's `jpeg-sequence`, and with media_io_kwargs
asked per request (vLLM refuses them without --trust-request-mm-kwargs: the refusal is recorded).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from assetgen._version import __version__
from assetgen.run.probe.analysis import frames_from_answers, overhead_of, pairs, step_size
from assetgen.run.probe.ask import Asker, ProbeOptions, gather_limited, measured, now, run_probe
from assetgen.run.probe.media import CLIP_FPS, CLIP_FRAMES, HEIGHT, WIDTH, flash_clips, long_clip
from assetgen.run.probe.records import Estimate, FramesProbe, KwargsFinding, Measurement, ModeFinding

TAGS = (1, 2, 5, 10, 30)  # container fps tags of the 30-frame clip
LENGTHS = (2, 4, 6, 8, 16, 30, 64)  # clip lengths at 2 fps
IMAGE_COUNTS = (1, 2, 4, 8, 16, 30)  # frames sent as separate images
KWARGS = (("video_url", {"num_frames": 8}), ("video_url", {"fps": 1}), ("jpeg-sequence", {"num_frames": 8}))


def probe_frames(options: ProbeOptions) -> tuple[Path, FramesProbe]:
    """Run the frames probe; returns its folder (probe.json, media/) and record."""
    return run_probe("frames", options, _measure, analyse)


async def _measure(asker: Asker, options: ProbeOptions) -> list[Measurement]:
    frames, prompt = long_clip(options.seed)
    base = measured(await asker.ask(None, prompt), None, method="baseline", mode="text")
    text = base.prompt_tokens
    out = [base]

    async def video(length: int, fps: int, kwargs: dict | None = None, method: str = "tokens") -> Measurement:
        part, file = asker.mp4(f"long-{length}f-{fps}fps", frames[:length], fps)
        extra = {"media_io_kwargs": {"video": kwargs}} if kwargs else None
        return measured(await asker.ask([part], prompt, extra), text, method=method, mode="video_url", media=[file],
                        frames=length, fps=fps, width=WIDTH, height=HEIGHT,
                        media_io_kwargs={"video": kwargs} if kwargs else None)

    async def sequence(length: int, kwargs: dict | None = None, method: str = "tokens") -> Measurement:
        part, files = asker.jpeg_sequence(f"long-{length}f", frames[:length])
        extra = {"media_io_kwargs": {"video": kwargs}} if kwargs else None
        return measured(await asker.ask([part], prompt, extra), text, method=method, mode="jpeg-sequence",
                        media=files, frames=length, width=WIDTH, height=HEIGHT,
                        media_io_kwargs={"video": kwargs} if kwargs else None)

    conditions = [video(CLIP_FRAMES, tag) for tag in TAGS] + [video(n, CLIP_FPS) for n in LENGTHS if n != CLIP_FRAMES]
    out += await gather_limited(conditions, options.concurrency)
    out += await gather_limited([sequence(n) for n in LENGTHS], options.concurrency)
    for count in IMAGE_COUNTS:  # in order: the first refusal ends the series
        parts, files = asker.frame_images(f"long-{count}f", frames[:count])
        m = measured(await asker.ask(parts, prompt), text, method="tokens", mode="frames", media=files, frames=count,
                     images=count, width=WIDTH, height=HEIGHT)
        out.append(m)
        if m.status != "ok":
            break
    for mode, kwargs in KWARGS:
        m = await (video(CLIP_FRAMES, CLIP_FPS, kwargs, "kwargs") if mode == "video_url"
                   else sequence(CLIP_FRAMES, kwargs, "kwargs"))
        out.append(m)
        if m.status != "ok" and m.http_status == 400:
            break  # refused: the others would be refused for the same reason
    frames_ok = any(m.mode == "frames" and m.status == "ok" and m.frames == CLIP_FRAMES for m in out)
    clips = flash_clips(options.seed)

    async def answer(clip, mode: str) -> Measurement:
        if mode == "video_url":
            part, file = asker.mp4(clip.name, clip.frames, CLIP_FPS)
            parts, files = [part], [file]
        elif mode == "jpeg-sequence":
            part, files = asker.jpeg_sequence(clip.name, clip.frames)
            parts = [part]
        else:
            parts, files = asker.frame_images(clip.name, clip.frames)
        return measured(await asker.ask(parts, clip.prompt), text, clip.prompt, method="answers", mode=mode,
                        media=files, clip=clip.name, frames=CLIP_FRAMES, fps=CLIP_FPS if mode == "video_url" else None,
                        width=WIDTH, height=HEIGHT, expected=clip.truth)

    modes = ["video_url", "jpeg-sequence"] + (["frames"] if frames_ok else [])
    out += await gather_limited([answer(c, mode) for mode in modes for c in clips], options.concurrency)
    return out


# --- analysis ------------------------------------------------------------------------------------------------


def _kwargs_label(m: Measurement) -> str:
    return f"{m.mode} {json.dumps(m.media_io_kwargs['video'], sort_keys=True)}" if m.media_io_kwargs else m.mode


def analyse(measurements: list[Measurement], *, endpoint: str, builtin: bool, model: str, started: str,
            seed: int = 0) -> FramesProbe:
    """The record: step cost, frames by tokens per request, estimates per mode, the headline and advice."""
    ok = [m for m in measurements if m.status == "ok"]
    base = next((m for m in measurements if m.method == "baseline"), None)
    text = base.prompt_tokens if base else None
    video_tokens = [m.media_tokens for m in ok if m.mode in ("video_url", "jpeg-sequence")
                    and m.method in ("tokens", "kwargs") and m.media_tokens is not None]
    step = step_size(video_tokens) if video_tokens else None
    overhead = overhead_of(video_tokens, step) if step else None
    for m in ok:
        if step and m.mode in ("video_url", "jpeg-sequence") and m.media_tokens is not None:
            m.frames_by_tokens = min(m.frames or 0, 2 * pairs(m.media_tokens, step, overhead))
    image_cost, images = _images(measurements)
    clips = flash_clips(seed)
    modes = [_mode(mode, measurements, clips, step) for mode in ("video_url", "jpeg-sequence", "frames")]
    if image_cost:
        modes[2] = _frames_mode(modes[2], measurements, image_cost)
    kwargs = _kwargs(measurements, step)
    main = modes[0]
    seen = agreed(main)
    headline = (f"the server samples {seen if seen is not None else '?'} frames of a {CLIP_FRAMES}-frame "
                f"{CLIP_FPS} fps clip sent as video_url (answers: N≈{main.answers.shown()}, "
                f"tokens: N≈{main.tokens.shown()})")
    return FramesProbe(endpoint=endpoint, builtin_endpoint=builtin, model=model, assetgen_version=__version__,
                       started=started, finished=now(), clip_frames=CLIP_FRAMES, clip_fps=CLIP_FPS, width=WIDTH,
                       height=HEIGHT, text_tokens=text, pair_tokens=step, overhead_tokens=overhead,
                       image_tokens=image_cost, modes=modes, kwargs=kwargs, frames_seen=seen, headline=headline,
                       recommendation=_advice(modes, kwargs, images),
                       evidence=_evidence(modes, kwargs, step, overhead, text, image_cost),
                       measurements=measurements)


def _images(measurements: list[Measurement]) -> tuple[int | None, dict]:
    """Tokens per frame sent as an image, and the image-count series ({count: frames by tokens or None})."""
    series = [m for m in measurements if m.mode == "frames" and m.method == "tokens"]
    good = {m.frames: m.media_tokens for m in series if m.status == "ok" and m.media_tokens is not None}
    refused = next((m for m in series if m.status != "ok"), None)
    cost = None
    if len(good) >= 2:
        lo, hi = min(good), max(good)
        cost = round((good[hi] - good[lo]) / (hi - lo)) or None
    return cost, {"accepted": max(good) if good else 0, "refused": refused}


def _frames_mode(finding: ModeFinding, measurements: list[Measurement], cost: int) -> ModeFinding:
    series = {m.frames: m for m in measurements if m.mode == "frames" and m.method == "tokens" and m.status == "ok"}
    one = series.get(1)
    fixed = one.media_tokens - cost if one and one.media_tokens is not None else 0
    for m in series.values():
        if m.media_tokens is not None:
            m.frames_by_tokens = round((m.media_tokens - fixed) / cost)
    finding.by_length = {str(n): m.frames_by_tokens for n, m in sorted(series.items())}
    at_clip = series.get(CLIP_FRAMES)
    if at_clip and at_clip.frames_by_tokens is not None:
        finding.tokens = Estimate(low=at_clip.frames_by_tokens, high=at_clip.frames_by_tokens,
                                  note=f"{cost} prompt tokens per image; {CLIP_FRAMES} images sent cost "
                                       f"{at_clip.media_tokens}")
        finding.pattern = "all" if at_clip.frames_by_tokens >= CLIP_FRAMES else f"cap {at_clip.frames_by_tokens}"
    finding.summary = _summary(finding)
    refused = next((m for m in measurements if m.mode == "frames" and m.method == "tokens" and m.status != "ok"), None)
    if refused is not None and series:
        most = max(series)
        finding.pattern = f"at most {most} images per request"
        finding.summary = (f"frames: the server takes at most {most} images per request ({refused.images} were "
                           f"refused), so a {CLIP_FRAMES}-frame clip cannot go as frames; up to {most}, every frame "
                           f"sent is seen (tokens: {', '.join(f'{k} → {v}' for k, v in finding.by_length.items())})")
    return finding


def _mode(mode: str, measurements: list[Measurement], clips, step: int | None) -> ModeFinding:
    mine = [m for m in measurements if m.mode == mode and m.method in ("tokens", "answers")]
    refusal = next((m for m in mine if m.status != "ok"), None)
    accepted = any(m.status == "ok" for m in mine)
    answers = [m for m in mine if m.method == "answers"]
    if answers:
        by_name = {c.name: c for c in clips}
        apparent = [by_name[m.clip].apparent for m in answers]
        answer_est = frames_from_answers(apparent, [m.value if m.status == "ok" else None for m in answers],
                                         CLIP_FRAMES)
    else:
        answer_est = Estimate(note="not asked" if mode != "frames" else
                              f"not asked: the server did not take {CLIP_FRAMES} images in one request")
    tokens = [m for m in mine if m.method == "tokens" and m.status == "ok"]
    by_length = {str(m.frames): m.frames_by_tokens for m in sorted(tokens, key=lambda m: m.frames or 0)
                 if mode != "video_url" or m.fps == CLIP_FPS}
    by_fps = {f"{m.fps:g}": m.frames_by_tokens for m in sorted(tokens, key=lambda m: m.fps or 0)
              if mode == "video_url" and m.frames == CLIP_FRAMES}
    at_clip = next((m for m in tokens if m.frames == CLIP_FRAMES and (mode != "video_url" or m.fps == CLIP_FPS)),
                   None)
    if mode == "frames":
        token_est = Estimate(note="per-image token cost not found")
    elif step is None:
        token_est = Estimate(note="prompt tokens do not step with the clip's length or fps: no per-pair cost found")
    elif at_clip is None or at_clip.frames_by_tokens is None:
        token_est = Estimate(note="the 30-frame clip got no answer")
    else:
        token_est = Estimate(low=at_clip.frames_by_tokens, high=at_clip.frames_by_tokens,
                             note=f"{at_clip.media_tokens} media tokens = {pairs(at_clip.media_tokens, step, 0)} "
                                  f"x {step} per frame pair (an odd count shows as the even count above it)")
    finding = ModeFinding(mode=mode, accepted=accepted, error=refusal.error if refusal else None, answers=answer_est,
                          tokens=token_est, by_length=by_length, by_fps=by_fps, pattern=_pattern(by_length, by_fps),
                          summary="")
    finding.summary = _summary(finding)
    return finding


def _pattern(by_length: dict[str, int | None], by_fps: dict[str, int | None]) -> str:
    fps_values = {v for v in by_fps.values() if v is not None}
    if len(fps_values) > 1:
        return "fps"
    known = {int(k): v for k, v in by_length.items() if v is not None}
    if not known:
        return "unknown"
    if all(v >= k for k, v in known.items()):
        return "all"
    capped = [v for k, v in known.items() if v < k]
    if len(set(capped)) == 1 and all(v >= min(k, capped[0]) for k, v in known.items()):
        return f"cap {capped[0]}"
    return "unknown"


def agreed(f: ModeFinding) -> int | None:
    """The frames both methods allow: tokens count pairs (N or N - 1 frames, an odd count padded to a pair),
    answers a range; where they meet, else the tokens' count, else the answers'."""
    tokens, answers = f.tokens, f.answers
    if tokens.found and answers.found:
        low, high = max(tokens.high - 1, answers.low), min(tokens.high, answers.high)
        if low <= high:
            return high
    return tokens.high if tokens.found else answers.high


def _disagree(f: ModeFinding) -> bool:
    return f.tokens.found and f.answers.found and not (f.answers.low <= f.tokens.high
                                                       and f.tokens.high - 1 <= f.answers.high)


def _summary(f: ModeFinding) -> str:
    if not f.accepted:
        return f"{f.mode}: refused ({f.error})"
    seen = agreed(f)
    what = f"{seen} of {CLIP_FRAMES} frames" if seen is not None else "an unknown number of frames"
    how = {"all": "every frame it is sent", "fps": "a number set by the container's fps"}.get(
        f.pattern, f"at most {f.pattern[4:]} frames" if f.pattern.startswith("cap ") else "no clear rule")
    clash = "; the two methods disagree" if _disagree(f) else ""
    return (f"{f.mode}: the model gets {what} of the {CLIP_FPS} fps clip (answers: N≈{f.answers.shown()}, "
            f"tokens: N≈{f.tokens.shown()}); it sees {how}{clash}")


def _kwargs(measurements: list[Measurement], step: int | None) -> KwargsFinding:
    asked = [m for m in measurements if m.method == "kwargs"]
    if not asked:
        return KwargsFinding(accepted=None, summary="per-request media_io_kwargs were not asked")
    refused = next((m for m in asked if m.status != "ok"), None)
    if refused and refused.http_status == 400:
        trust = "--trust-request-mm-kwargs" in (refused.error or "") or "media_io_kwargs" in (refused.error or "")
        why = " (vLLM: start it with --trust-request-mm-kwargs)" if trust else ""
        return KwargsFinding(accepted=False, refusal=refused.error,
                             summary=f"per-request media_io_kwargs are refused{why}: `eval --num-frames` with "
                                     f"video_url cannot ask for frames")
    effects = {_kwargs_label(m): m.frames_by_tokens for m in asked if m.status == "ok"}
    plain = {m.mode: m.frames_by_tokens for m in measurements if m.method == "tokens" and m.status == "ok"
             and m.frames == CLIP_FRAMES and m.fps in (None, CLIP_FPS) and m.mode != "frames"}
    changed = [k for k, v in effects.items() if v is not None and v != plain.get(k.split(" ")[0])]
    if step is None:
        text = "per-request media_io_kwargs are accepted; their effect is unknown (tokens do not step)"
    elif changed:
        obeyed = ", ".join(f"{k} → {effects[k]} frames" for k in changed)
        ignored = ", ".join(k for k in effects if k not in changed)
        text = f"per-request media_io_kwargs are accepted and obeyed: {obeyed}" + (
            f"; no change from (ignored, or the server's own setting already): {ignored}" if ignored else "")
    else:
        text = "per-request media_io_kwargs are accepted but change nothing (the server ignores them)"
    return KwargsFinding(accepted=True, effects=effects, summary=text)


def _advice(modes: list[ModeFinding], kwargs: KwargsFinding, images: dict) -> str:
    video, seq, _ = modes
    out = []
    if video.pattern == "fps":
        low = min((v for v in video.by_fps.values() if v is not None), default=None)
        out.append(f"video_url: the server picks frames by the container's fps ({CLIP_FRAMES} frames tagged 30 fps "
                   f"→ {video.by_fps.get('30')} frames): send clips tagged with their true fps, or raise the sampling "
                   "rate with `--media-io-kwargs '{\"video\":{\"fps\":30}}'`" if low is not None else "")
        seen = agreed(video)
        if seen is not None and seen < CLIP_FRAMES:
            out.append(f"at {CLIP_FPS} fps it still sees only {seen}: `--media-io-kwargs "
                       f"'{{\"video\":{{\"fps\":{CLIP_FPS}}}}}'` or higher")
    elif video.pattern.startswith("cap "):
        out.append(f"video_url: the server keeps at most {video.pattern[4:]} frames per clip: start it with "
                   "`--media-io-kwargs '{\"video\":{\"num_frames\":-1}}'` (every frame) or a larger num_frames")
    if seq.pattern.startswith("cap "):
        first = " — the first ones, not spread over the clip" if "first" in seq.answers.rules else ""
        out.append(f"jpeg-sequence: videos are cut to {seq.pattern[4:]} frames{first}: "
                   "`--media-io-kwargs '{\"video\":{\"num_frames\":-1}}'`")
    refused = images.get("refused")
    if refused is not None and refused.status != "ok":
        limit = re.search(r"[Aa]t most (\d+) image", refused.error or "")
        shown = f" (at most {limit.group(1)} per prompt)" if limit else ""
        out.append(f"frames: {refused.images} images in one request were refused{shown}: start vLLM with "
                   f"`--limit-mm-per-prompt '{{\"image\":{CLIP_FRAMES}}}'` or send fewer frames "
                   f"(`eval --video-mode frames --num-frames {images.get('accepted') or 4}`)")
    if kwargs.accepted is False:
        out.append("per-request media_io_kwargs: start the server with `--trust-request-mm-kwargs` to let "
                   "`eval --num-frames` ask for frames with video_url")
    out = [line for line in out if line]
    return "; ".join(out) if out else "no setting needed: every mode gets every frame of the clip"


def _evidence(modes, kwargs, step, overhead, text, image_cost) -> list[str]:
    lines = []
    if step:
        lines.append(f"prompt tokens step by {step} per frame pair ({overhead} more per clip; {text} without media)")
    else:
        lines.append("prompt tokens did not step with clip length or fps: the token method found no per-pair cost")
    if image_cost:
        lines.append(f"{image_cost} prompt tokens per frame sent as an image")
    for f in modes:
        if f.by_fps:
            lines.append(f"{f.mode}, {CLIP_FRAMES} frames by container fps: "
                         + ", ".join(f"{k} fps → {v}" for k, v in f.by_fps.items()))
        if f.by_length:
            lines.append(f"{f.mode}, frames sent → seen: " + ", ".join(f"{k} → {v}" for k, v in f.by_length.items()))
        lines.append(f"{f.mode}, answers: {f.answers.note}")
    return lines  # the media_io_kwargs finding is its own field (kwargs.summary), said once beside the modes
