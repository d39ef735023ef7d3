"""`assetgen probe resolution`: the image resolution the model really gets, and how many images it may get.

- tokens: one picture sent at a series of sizes. Qwen-VL-style encoders cost a prompt token per 28x28
  patch, so tokens grow with pixels until the server's cap (`max_pixels`) and then stop: the knee gives
  the cap, and the growth rate the pixels per token;
- answers: a text card in small type, the same pixels on ever larger white canvases. Below the cap the
  text is read; above it the server shrinks the whole canvas and the text with it;
- images: requests with 1, 2, 4, ... images until the server refuses (vLLM's --limit-mm-per-prompt).
"""

from __future__ import annotations

import re
from pathlib import Path

from assetgen._version import __version__
from assetgen.run.probe.analysis import knee
from assetgen.run.probe.ask import Asker, ProbeOptions, gather_limited, measured, now, run_probe
from assetgen.run.probe.media import detail_card, grid_image, padded, scaled
from assetgen.run.probe.records import Estimate, Measurement, ResolutionProbe
from graders import grade

SIDES = (112, 168, 224, 336, 448, 672, 896, 1344, 1792, 2688, 3584)  # square images for the token series
DETAIL_SIDES = (320, 448, 640, 896, 1280, 1792)  # canvases around the small-type card
IMAGE_COUNTS = (1, 2, 4, 8, 16, 32)
COUNT_SIDE = 224


def probe_resolution(options: ProbeOptions) -> tuple[Path, ResolutionProbe]:
    """Run the resolution probe; returns its folder (probe.json, media/) and record."""
    return run_probe("resolution", options, _measure, analyse)


PROMPT = "How many cells does this grid have? Answer with a number."


async def _measure(asker: Asker, options: ProbeOptions) -> list[Measurement]:
    base = measured(await asker.ask(None, PROMPT), None, method="baseline", mode="text")
    text = base.prompt_tokens
    grid = grid_image(options.seed)

    async def sized(side: int) -> Measurement:
        part, file = asker.image(f"grid-{side}", scaled(grid, side, side))
        return measured(await asker.ask([part], PROMPT), text, method="tokens", mode="image", media=[file],
                        width=side, height=side, images=1)

    card = detail_card(options.seed)

    async def detail(side: int) -> Measurement:
        part, file = asker.image(f"card-{side}", padded(card.card, side, side))
        m = measured(await asker.ask([part], card.prompt), text, method="detail", mode="image", media=[file],
                     clip="card", width=side, height=side, images=1, expected=card.truth)
        if m.status == "ok":
            m.value = grade(card.case, {"case_id": card.case["id"], "content": m.answer}).score
        return m

    out = [base]
    out += await gather_limited([sized(s) for s in SIDES], options.concurrency)
    out += await gather_limited([detail(s) for s in DETAIL_SIDES], options.concurrency)
    small = scaled(grid, COUNT_SIDE, COUNT_SIDE)
    for count in IMAGE_COUNTS:  # in order: the first refusal ends the series
        parts, files = zip(*(asker.image(f"grid-{COUNT_SIDE}", small) for _ in range(count)), strict=True)
        m = measured(await asker.ask(list(parts), PROMPT), text, method="limit", mode="image", media=sorted(set(files)),
                     width=COUNT_SIDE, height=COUNT_SIDE, images=count)
        out.append(m)
        if m.status != "ok":
            break
    return out


def _pixels(n: int) -> str:
    return f"{n / 1e6:.2f} M" if n >= 1_000_000 else f"{n:,}"


def _between(low: int, high: int) -> str:
    return f"is {_pixels(low)} pixels" if low == high else f"lies between {_pixels(low)} and {_pixels(high)} pixels"


def analyse(measurements: list[Measurement], *, endpoint: str, builtin: bool, model: str, started: str,
            seed: int = 0) -> ResolutionProbe:
    base = next((m for m in measurements if m.method == "baseline"), None)
    series = sorted((m for m in measurements if m.method == "tokens" and m.status == "ok" and m.media_tokens),
                    key=lambda m: m.width * m.height)
    points = [(m.width * m.height, m.media_tokens) for m in series]
    rate, cap, cap_tokens = knee(points)
    largest = max((m.width * m.height for m in measurements if m.method == "tokens"), default=0)
    if cap is not None:
        capped = [p for p, t in points if abs(t - cap_tokens) <= max(2, 0.02 * cap_tokens)]
        under = [p for p, t in points if p < min(capped)]
        low = max([cap, *under])  # the cap is at least what the model got, and above every image left whole
        side = int(cap ** 0.5)
        tokens = Estimate(low=low, high=min(capped),
                          note=f"prompt tokens grow by one per {rate:.0f} pixels, then stop at {cap_tokens} from "
                               f"{_pixels(min(capped))} pixels: the model gets at most ~{_pixels(cap)} pixels "
                               f"(about {side}x{side}); the cap (max_pixels) {_between(low, min(capped))}")
    elif rate is not None:
        tokens = Estimate(note=f"prompt tokens grow with pixels (one per {rate:.0f}) up to the largest image sent, "
                               f"{_pixels(largest)} pixels: no cap below that")
    else:
        tokens = Estimate(note="prompt tokens do not grow with the image's size: no per-pixel cost found")
    answers = _detail(measurements)
    limit, tested, refusal = _limit(measurements)
    if cap is not None:
        headline = (f"the model gets images of at most ~{_pixels(cap)} pixels (about {int(cap ** 0.5)}x"
                    f"{int(cap ** 0.5)}): larger ones are downscaled (the cap {_between(tokens.low, tokens.high)}; "
                    f"tokens stop at {cap_tokens})")
    elif rate is not None:
        headline = f"no image cap up to {_pixels(largest)} pixels (tokens keep growing)"
    else:
        headline = "the image resolution the model gets could not be read from prompt tokens"
    headline += f"; fine detail: {answers.note}"
    headline += (f"; at most {limit} images per request" if limit is not None
                 else f"; {tested} images in one request were accepted")
    return ResolutionProbe(endpoint=endpoint, builtin_endpoint=builtin, model=model, assetgen_version=__version__,
                           started=started, finished=now(), text_tokens=base.prompt_tokens if base else None,
                           pixels_per_token=round(rate, 1) if rate else None, cap_pixels=cap, cap_tokens=cap_tokens,
                           largest_tested=largest, tokens=tokens, answers=answers, images_limit=limit,
                           images_tested=tested, images_refusal=refusal, headline=headline,
                           recommendation=_advice(cap, limit, answers),
                           evidence=_evidence(series, measurements, tokens), measurements=measurements)


def _detail(measurements: list[Measurement]) -> Estimate:
    asked = sorted((m for m in measurements if m.method == "detail" and m.status == "ok"),
                   key=lambda m: m.width * m.height)
    if not asked:
        return Estimate(note="no answer to the small-type card")
    right = [m.width * m.height for m in asked if m.value == 1.0]
    if not right:
        return Estimate(note="the small-type card was never read, at any size (the model cannot read it, so the "
                             "answers say nothing about the resolution)")
    wrong_above = [m.width * m.height for m in asked if m.value != 1.0 and m.width * m.height > max(right)]
    if not wrong_above:
        return Estimate(low=max(right), note=f"16 px type read at every size up to {_pixels(max(right))} pixels")
    return Estimate(low=max(right), high=min(wrong_above),
                    note=f"16 px type read up to {_pixels(max(right))} pixels and lost from "
                         f"{_pixels(min(wrong_above))}")


def _limit(measurements: list[Measurement]) -> tuple[int | None, int, str | None]:
    asked = [m for m in measurements if m.method == "limit"]
    ok = [m.images for m in asked if m.status == "ok"]
    refused = next((m for m in asked if m.status != "ok"), None)
    tested = max((m.images for m in asked), default=0)
    if refused is None or refused.http_status not in (400, 413):
        return None, tested, None
    said = re.search(r"[Aa]t most (\d+) image", refused.error or "")
    return (int(said.group(1)) if said else max(ok, default=0)), tested, refused.error


def _advice(cap: int | None, limit: int | None, answers: Estimate) -> str:
    out = []
    if cap is not None:
        out.append(f"images are cut to ~{_pixels(cap)} pixels: on vLLM with a Qwen-VL model raise the cap with "
                   "`--mm-processor-kwargs '{\"max_pixels\": 12845056}'` (the default comes from the model's "
                   "preprocessor_config.json), or crop fine detail rather than sending whole large images")
    if limit is not None:
        out.append(f"at most {limit} images per request: `--limit-mm-per-prompt '{{\"image\": 32}}'` on vLLM, or "
                   f"send clips as video rather than frames")
    return "; ".join(out) if out else "no setting needed: no resolution cap or image limit was found"


def _evidence(series: list[Measurement], measurements: list[Measurement], tokens: Estimate) -> list[str]:
    lines = ["media tokens by image size: " + ", ".join(f"{m.width}x{m.height} → {m.media_tokens}" for m in series),
             tokens.note]
    detail = sorted((m for m in measurements if m.method == "detail"), key=lambda m: m.width * m.height)
    if detail:
        lines.append("small-type card by canvas: " + ", ".join(
            f"{m.width}x{m.height} → {'read' if m.value == 1.0 else 'not read' if m.status == 'ok' else 'error'}"
            for m in detail))
    counts = [m for m in measurements if m.method == "limit"]
    if counts:
        lines.append("images per request: " + ", ".join(
            f"{m.images} → {'ok' if m.status == 'ok' else f'HTTP {m.http_status}'}" for m in counts))
    return lines
