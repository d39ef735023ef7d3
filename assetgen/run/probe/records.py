"""probe.json: what `assetgen probe frames|resolution` asked an endpoint, what came back, and what it means.

Typed and versioned like run.json; every field is documented. Measurements keep the raw numbers (prompt
tokens, the number read from an answer, the server's refusal) so a reader can redo the arithmetic.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assetgen.errors import AssetgenError

PROBE_VERSION = 1
MAX_PROBE_BYTES = 16 * 1024 * 1024  # a probe.json is tens of kilobytes; a file an eval finds is read only this far
Mode = Literal["video_url", "frames", "jpeg-sequence", "image", "text"]


class Measurement(BaseModel):
    """One request of a probe and what came back."""

    model_config = ConfigDict(extra="forbid")

    method: Literal["baseline", "tokens", "answers", "kwargs", "limit", "detail"] = Field(
        description="What the request measures: the text-only baseline, prompt tokens against clip length / fps "
                    "or image size, the answer to a question whose answer depends on the frames seen or the "
                    "detail kept, per-request media_io_kwargs, or how many images one request may carry.")
    mode: Mode = Field(description="How the media went: an MP4 video_url, separate JPEG frames, vLLM's "
                                   "jpeg-sequence video_url, image_url images, or text only.")
    media: list[str] = Field(default_factory=list, description="The media files sent, relative to the probe folder.")
    clip: str | None = Field(None, description="The probe clip or image asked about (answers: its flash counts "
                             "per frame count are known).")
    frames: int | None = Field(None, description="Frames in the clip sent (images for mode 'frames').")
    fps: float | None = Field(None, description="The fps the MP4 container is tagged with.")
    width: int | None = Field(None, description="Width in pixels of the image (or frame) sent.")
    height: int | None = Field(None, description="Height in pixels of the image (or frame) sent.")
    images: int | None = Field(None, description="Images in the request (limit and resolution probes).")
    media_io_kwargs: dict[str, Any] | None = Field(None, description="media_io_kwargs asked for in the request.")
    status: Literal["ok", "error"] = Field(description="Whether an answer came back.")
    http_status: int | None = Field(None, description="The final HTTP status, when there was one.")
    error: str | None = Field(None, description="One scrubbed line naming the failure.")
    prompt_tokens: int | None = Field(None, description="usage.prompt_tokens as the server reported it.")
    media_tokens: int | None = Field(None, description="prompt_tokens minus the text-only baseline's.")
    answer: str | None = Field(None, description="The answer, scrubbed and cut to 300 characters.")
    value: float | None = Field(None, description="The number read from the answer (answers method); for the "
                                "small-type card (detail), the grade's score: 1 when read right.")
    expected: Any = Field(None, description="What the answer would be with every frame (or every pixel) seen.")
    frames_by_tokens: int | None = Field(None, description="Frames the tokens say the model got: 2 per frame pair "
                                         "(an odd count looks like the even count above it).")


class Estimate(BaseModel):
    """Frames (or pixels) the model got, by one method."""

    model_config = ConfigDict(extra="forbid")

    low: int | None = Field(None, description="Smallest value consistent with the evidence; None when not found.")
    high: int | None = Field(None, description="Largest value consistent with the evidence.")
    note: str = Field(description="How the estimate was reached, or why there is none.")
    rules: list[str] = Field(default_factory=list, description="Frame-sampling rules that fit the answers "
                             "(uniform, uniform-floor, qwen2-vl, first).")

    @property
    def found(self) -> bool:
        return self.low is not None

    def shown(self) -> str:
        if self.low is None:
            return "?"
        return f"{self.low}" if self.low == self.high else f"{self.low}-{self.high}"


class ModeFinding(BaseModel):
    """What one way of sending a clip gets the model."""

    model_config = ConfigDict(extra="forbid")

    mode: Mode = Field(description="How the clip went (video_url, jpeg-sequence or frames).")
    accepted: bool = Field(description="Whether the server answered the mode's requests.")
    error: str | None = Field(None, description="The refusal, when it did not.")
    answers: Estimate = Field(description="Frames seen of the 30-frame 2 fps clip, from the answers.")
    tokens: Estimate = Field(description="Frames seen of the 30-frame 2 fps clip, from usage.prompt_tokens.")
    by_length: dict[str, int | None] = Field(default_factory=dict, description="Frames by tokens per clip length "
                                             "(tagged 2 fps): {'64': 32, ...}.")
    by_fps: dict[str, int | None] = Field(default_factory=dict, description="Frames by tokens of the 30-frame clip "
                                          "per container fps tag (video_url only).")
    pattern: str = Field(description="What decides the frame count: 'all', 'fps', 'cap N', 'unknown'.")
    summary: str = Field(description="One line: the frames the server feeds the model in this mode.")


class KwargsFinding(BaseModel):
    """Per-request media_io_kwargs: refused, ignored, or obeyed."""

    model_config = ConfigDict(extra="forbid")

    accepted: bool | None = Field(description="Whether the server took per-request media_io_kwargs (None: not asked).")
    refusal: str | None = Field(None, description="The server's refusal, when it refused.")
    effects: dict[str, int | None] = Field(default_factory=dict, description="Frames by tokens per kwargs asked "
                                           "('video_url {\"num_frames\": 8}': 30, ...).")
    summary: str = Field(description="One line: refused, ignored or obeyed, with the frames each kwargs gave.")


class FramesProbe(BaseModel):
    """probe.json of `assetgen probe frames`."""

    model_config = ConfigDict(extra="forbid")

    probe_version: int = Field(PROBE_VERSION, description="Format version of probe.json.")
    kind: Literal["frames"] = Field("frames", description="Which probe wrote the file.")
    endpoint: str = Field(description="Base URL without credentials.")
    builtin_endpoint: bool = Field(description="Whether the probe asked the built-in reference endpoint.")
    model: str = Field(description="The model asked (scrubbed as every server string is).")
    assetgen_version: str = Field(description="assetgen that ran the probe.")
    started: str = Field(description="UTC ISO time the probe started.")
    finished: str = Field(description="UTC ISO time it finished (the newest probe of an endpoint is cited).")
    clip_frames: int = Field(description="Frames of the headline clip.")
    clip_fps: float = Field(description="Its container fps.")
    width: int = Field(description="Frame width in pixels of every probe clip.")
    height: int = Field(description="Frame height in pixels.")
    text_tokens: int | None = Field(None, description="Prompt tokens of the prompt without media.")
    pair_tokens: int | None = Field(None, description="Prompt tokens per pair of frames, found from how tokens "
                                    "step between clips; None when tokens do not step.")
    overhead_tokens: int | None = Field(None, description="Tokens per clip beside its frame pairs (assumed smaller "
                                        "than one pair's).")
    image_tokens: int | None = Field(None, description="Prompt tokens per frame sent as a separate image.")
    modes: list[ModeFinding] = Field(description="video_url, jpeg-sequence and frames, in that order.")
    kwargs: KwargsFinding = Field(description="What per-request media_io_kwargs did.")
    frames_seen: int | None = Field(None, description="The headline: frames the model gets of the 30-frame 2 fps "
                                    "clip sent as video_url (tokens first, else answers).")
    headline: str = Field(description="The finding in one sentence.")
    recommendation: str = Field(description="The server setting that changes it, concretely.")
    evidence: list[str] = Field(description="The measurements behind the finding, one line each.")
    measurements: list[Measurement] = Field(description="Every request sent, in order, with what came back.")


class ResolutionProbe(BaseModel):
    """probe.json of `assetgen probe resolution`."""

    model_config = ConfigDict(extra="forbid")

    probe_version: int = Field(PROBE_VERSION, description="Format version of probe.json.")
    kind: Literal["resolution"] = Field("resolution", description="Which probe wrote the file.")
    endpoint: str = Field(description="Base URL without credentials.")
    builtin_endpoint: bool = Field(description="Whether the probe asked the built-in reference endpoint.")
    model: str = Field(description="The model asked (scrubbed as every server string is).")
    assetgen_version: str = Field(description="assetgen that ran the probe.")
    started: str = Field(description="UTC ISO time the probe started.")
    finished: str = Field(description="UTC ISO time it finished.")
    text_tokens: int | None = Field(None, description="Prompt tokens of the prompt without media.")
    pixels_per_token: float | None = Field(None, description="Image pixels per prompt token while tokens grow "
                                           "with size (784 for Qwen-VL's 28x28 patches).")
    cap_pixels: int | None = Field(None, description="Pixels the model gets at most (tokens stop growing there); "
                                   "None when no cap was found.")
    cap_tokens: int | None = Field(None, description="Media tokens of one image at the cap.")
    largest_tested: int = Field(description="Pixels of the largest image sent.")
    tokens: Estimate = Field(description="The cap in pixels, from prompt tokens.")
    answers: Estimate = Field(description="The largest image (pixels) whose fine detail was still read, and the "
                              "smallest where it was lost.")
    images_limit: int | None = Field(None, description="Most images one request may carry (None: no limit found).")
    images_tested: int = Field(description="Most images asked for in one request.")
    images_refusal: str | None = Field(None, description="The server's refusal past the limit.")
    headline: str = Field(description="The finding in one sentence.")
    recommendation: str = Field(description="The server setting that changes it, concretely.")
    evidence: list[str] = Field(description="The measurements behind the finding, one line each.")
    measurements: list[Measurement] = Field(description="Every request sent, in order, with what came back.")


Probe = FramesProbe | ResolutionProbe


def read_probe(path: Path) -> Probe:
    """A probe.json; a missing or damaged one is a one-line error."""
    try:
        if path.stat().st_size > MAX_PROBE_BYTES:
            raise AssetgenError(f"{path}: over {MAX_PROBE_BYTES} bytes: not a probe.json")
        data = path.read_bytes()
    except OSError as exc:
        raise AssetgenError(f"{path}: cannot read the probe ({exc.strerror or exc})") from None
    for kind in (FramesProbe, ResolutionProbe):
        try:
            return kind.model_validate_json(data)
        except ValidationError:
            continue
    raise AssetgenError(f"{path}: not a probe.json of this assetgen (probe_version {PROBE_VERSION})")
