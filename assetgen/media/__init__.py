"""Render primitives every stage shares: the colour palette, canvases and fonts, PNG and JPEG
encoding, matplotlib figures as pixels, H.264 encode/decode and the uniform frame-sampling rule.

Knows nothing of cases or truth, so the reference endpoint may use it too.
"""

from assetgen.media.colors import PALETTE, nearest_name, rgb
from assetgen.media.imaging import decode_image, png_bytes
from assetgen.media.video import decode_av, encode_mp4, sample_indices

__all__ = ["PALETTE", "decode_av", "decode_image", "encode_mp4", "nearest_name", "png_bytes", "rgb",
           "sample_indices"]
