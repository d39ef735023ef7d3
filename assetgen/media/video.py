"""Video I/O: H.264 MP4 with PyAV (byte-stable), OpenCV decoding as vLLM does, contact sheets."""

from __future__ import annotations

import io
from fractions import Fraction

import numpy as np
from PIL import Image, ImageDraw

from assetgen.media.imaging import font


def sample_indices(frames: int, n: int) -> list[int]:
    """The frames a uniform sampler shows when it keeps `n` of `frames` (first and last included)."""
    if not 1 <= n:
        raise ValueError(f"n must be >= 1, got {n}")
    if n >= frames:
        return list(range(frames))
    return [int(i) for i in np.linspace(0, frames - 1, n).round()]


def frame_label(clip: int, count: int, shown: int) -> str:
    """The text sent before a clip's frames when clips go as images, so that each group says which clip it
    is and that it is one (assetgen eval's `frames` mode and the exported Inspect and lmms-eval tasks)."""
    return (f"Video {clip} ({shown} frames, in time order):" if count > 1
            else f"The video ({shown} frames, in time order):")


def encode_mp4(frames: list[np.ndarray], fps: int, *, crf: int = 16) -> bytes:
    """H.264 (libx264, yuv420p) in MP4 whose container fps is the true fps.

    bitexact flags and one encoder thread keep the bytes identical run to run with the same
    library versions. vLLM decides how many frames it shows the model from the container's fps,
    so a clip must carry its real rate.
    """
    import av

    height, width = frames[0].shape[:2]
    if width % 2 or height % 2:
        raise ValueError(f"yuv420p needs even sizes, got {width}x{height}")
    buffer = io.BytesIO()
    with av.open(buffer, mode="w", format="mp4", options={"fflags": "+bitexact"}) as container:
        stream = container.add_stream("libx264", rate=Fraction(fps, 1))
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        stream.time_base = Fraction(1, fps)
        stream.codec_context.options = {"crf": str(crf), "preset": "medium", "threads": "1",
                                        "flags": "+bitexact", "x264-params": "threads=1:sliced-threads=0"}
        for index, array in enumerate(frames):
            frame = av.VideoFrame.from_ndarray(np.ascontiguousarray(array), format="rgb24")
            frame.pts = index
            frame.time_base = Fraction(1, fps)
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
    return buffer.getvalue()


def decode_cv2(data: bytes) -> tuple[list[np.ndarray], float]:
    """Decode MP4 bytes with OpenCV from memory, as vLLM's default loader does: (RGB frames, fps)."""
    import cv2

    stream = io.BytesIO(data)
    capture = cv2.VideoCapture(stream, cv2.CAP_FFMPEG, [])
    if not capture.isOpened():
        raise ValueError("OpenCV could not open the video bytes")
    fps = float(capture.get(cv2.CAP_PROP_FPS))
    frames = []
    while True:
        ok, bgr = capture.read()
        if not ok:
            break
        frames.append(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))
    capture.release()
    return frames, fps


def decode_av(data: bytes) -> tuple[list[np.ndarray], float]:
    """Decode MP4 bytes with PyAV: (RGB frames, fps)."""
    import av

    with av.open(io.BytesIO(data)) as container:
        stream = container.streams.video[0]
        fps = float(stream.average_rate or stream.base_rate or 0)
        frames = [frame.to_ndarray(format="rgb24") for frame in container.decode(stream)]
    return frames, fps


def first_frame(data: bytes) -> np.ndarray:
    """The first decoded frame of MP4 bytes (RGB): a clip's poster in a report. Decodes only that frame."""
    import av

    with av.open(io.BytesIO(data)) as container:
        for frame in container.decode(video=0):
            return frame.to_ndarray(format="rgb24")
    raise ValueError("the video has no frame")


def contact_sheet(frames: list[np.ndarray], *, columns: int = 6, thumb_width: int = 200) -> np.ndarray:
    """All frames in a numbered grid, for people reading a report."""
    height, width = frames[0].shape[:2]
    thumb_height = max(2, round(height * thumb_width / width))
    rows = (len(frames) + columns - 1) // columns
    pad, label = 6, 18
    sheet = Image.new("RGB", (columns * (thumb_width + pad) + pad, rows * (thumb_height + label + pad) + pad),
                      (235, 235, 235))
    draw = ImageDraw.Draw(sheet)
    face = font("sans", 13)
    for index, array in enumerate(frames):
        r, c = divmod(index, columns)
        x, y = pad + c * (thumb_width + pad), pad + r * (thumb_height + label + pad)
        sheet.paste(Image.fromarray(array).resize((thumb_width, thumb_height), Image.BILINEAR), (x, y + label))
        draw.text((x, y + 1), f"frame {index}", font=face, fill=(40, 40, 40))
    return np.asarray(sheet)


def jpeg_bytes(frame: np.ndarray, quality: int = 90) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(frame).save(buffer, format="JPEG", quality=quality)
    return buffer.getvalue()
