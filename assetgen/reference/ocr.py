"""Offline OCR for the reference endpoint (rapidocr with its bundled ONNX models)."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from functools import cache

import numpy as np

_LOCK = threading.Lock()  # one engine, used from server worker threads one at a time


@dataclass
class Line:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2


@cache
def _engine():
    for name in ("RapidOCR", "rapidocr"):
        logging.getLogger(name).setLevel(logging.WARNING)
    from rapidocr import RapidOCR

    engine = RapidOCR()
    for name in ("RapidOCR", "rapidocr"):
        logging.getLogger(name).setLevel(logging.WARNING)
    return engine


def read(image: np.ndarray) -> list[Line]:
    """Text lines with their boxes, top to bottom then left to right."""
    pad = 32  # text near an edge is detected far more reliably with a margin around it
    padded = np.pad(image, ((pad, pad), (pad, pad), (0, 0)), constant_values=255)
    with _LOCK:
        result = _engine()(np.ascontiguousarray(padded[:, :, ::-1]))  # rapidocr takes BGR like OpenCV
    if result is None or result.txts is None:
        return []
    lines = []
    for text, box in zip(result.txts, result.boxes, strict=True):
        xs, ys = [p[0] - pad for p in box], [p[1] - pad for p in box]
        lines.append(Line(str(text), min(xs), min(ys), max(xs), max(ys)))
    return sorted(lines, key=lambda line: (round(line.cy / 8), line.x0))
