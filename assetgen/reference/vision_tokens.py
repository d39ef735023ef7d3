"""What a Qwen-VL-style processor makes of an image or a clip: its resized size and its prompt tokens.

The reference endpoint counts media tokens this way so that `usage.prompt_tokens` carries what a real
Qwen-VL server's does (`assetgen probe` reads the frames and the resolution a model got back from it):
an image is resized to multiples of 28 pixels (at most `max_pixels` when a cap is set) and costs one
token per 28x28 patch; a clip costs one frame's patches per *pair* of frames (Qwen merges two frames
into one temporal patch; an odd last frame is padded). Each image or clip also costs the two tokens
that open and close it (`<|vision_start|>`, `<|vision_end|>`).
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image

PATCH = 28  # a 14-pixel ViT patch, merged 2x2 into one token
MIN_PIXELS = 56 * 56
WRAP_TOKENS = 2  # vision start and end


def smart_resize(height: int, width: int, max_pixels: int | None = None) -> tuple[int, int]:
    """Qwen2-VL's `smart_resize`: the nearest multiples of 28, scaled down to at most `max_pixels`
    (floored, so the cap holds) and up to at least 56x56."""
    h_bar = max(PATCH, round(height / PATCH) * PATCH)
    w_bar = max(PATCH, round(width / PATCH) * PATCH)
    if max_pixels is not None and h_bar * w_bar > max_pixels:
        beta = math.sqrt(height * width / max_pixels)
        h_bar = max(PATCH, math.floor(height / beta / PATCH) * PATCH)
        w_bar = max(PATCH, math.floor(width / beta / PATCH) * PATCH)
    elif h_bar * w_bar < MIN_PIXELS:
        beta = math.sqrt(MIN_PIXELS / (height * width))
        h_bar = math.ceil(height * beta / PATCH) * PATCH
        w_bar = math.ceil(width * beta / PATCH) * PATCH
    return h_bar, w_bar


def patches(height: int, width: int, max_pixels: int | None = None) -> int:
    h_bar, w_bar = smart_resize(height, width, max_pixels)
    return (h_bar // PATCH) * (w_bar // PATCH)


def image_tokens(image: np.ndarray, max_pixels: int | None = None) -> int:
    return patches(image.shape[0], image.shape[1], max_pixels) + WRAP_TOKENS


def clip_tokens(frames: list[np.ndarray]) -> int:
    """The frames the model is shown, two per temporal patch."""
    if not frames:
        return 0
    return math.ceil(len(frames) / 2) * patches(frames[0].shape[0], frames[0].shape[1]) + WRAP_TOKENS


def downscale(image: np.ndarray, max_pixels: int | None) -> np.ndarray:
    """The image as the model sees it under a `max_pixels` cap: resized as Qwen's processor resizes it
    (bicubic) when it holds more pixels than the cap, unchanged otherwise, so fine detail is lost above it."""
    height, width = image.shape[:2]
    if max_pixels is None or height * width <= max_pixels:
        return image
    h_bar, w_bar = smart_resize(height, width, max_pixels)
    return np.asarray(Image.fromarray(image).resize((w_bar, h_bar), Image.BICUBIC))
