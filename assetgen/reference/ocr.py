"""Offline OCR for the reference endpoint (rapidocr with its bundled ONNX models)."""

from __future__ import annotations

import atexit
import copy
import logging
import os
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

import numpy as np

from assetgen.reference import phases


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


ENGINES = max(1, os.cpu_count() or 1)
"""OCR engines of this process, each used by one request at a time: requests on different cores read text at
once (onnxruntime runs without the GIL), where one engine behind a lock made them queue. The engines share one
detector and one recogniser (their models loaded once): an engine is a rapidocr object of its own only because
rapidocr keeps each call's flags on it, and an onnxruntime session runs calls from several threads at once. A
process of its own per worker would cost about 215 MB (numpy, OpenCV, onnxruntime and the models again)."""


def threads() -> int:
    """onnxruntime intra-op threads of a session: a caller's share of the cores, at least one. Callers side by
    side then do not oversubscribe the CPU: onnxruntime's idle threads spin, and on a busy machine a second thread
    per engine cost about as much CPU as it saved (measured with benchmarks/first_run.py)."""
    return max(1, (os.cpu_count() or 1) // ENGINES)


DETECT_SIDE = 512
"""Text detection runs on the image shrunk to at most this many pixels on its long side. Rendered text is large
and clean: a 640 px chart is detected at 512 px for about 30% less work and memory. A value printed against a
chart's line may then go unread, and the chart readers take the axis reading at its marker instead."""

RECOGNISE_MIN_WIDTH = 160
"""The narrowest input, in pixels at the model's 48 px height, that recognition pads a crop to."""


def _make_engine():
    for name in ("RapidOCR", "rapidocr"):
        logging.getLogger(name).setLevel(logging.WARNING)
    from rapidocr import RapidOCR

    engine = RapidOCR(params={
        "EngineConfig.onnxruntime.intra_op_num_threads": threads(),
        # detection at the image's own size, shrunk only past DETECT_SIDE: rapidocr's default scales the short
        # side up to 736 px, so a 465x140 card became 2433x736 (28x the pixels, seconds and hundreds of MB
        # per read) for text already rendered large enough to read
        "Det.limit_type": "max", "Det.limit_side_len": DETECT_SIDE,
        # recognition pads each crop (and each batch) to this width at least: rapidocr's 320 px made a
        # two-digit label cost as much as a sentence; 160 px read the golden set and the verify suites alike
        "Rec.rec_img_shape": [3, 48, RECOGNISE_MIN_WIDTH],
        # crops recognised two at a time, not six: a batch is padded to its widest crop, so six lines of code
        # held about 90 MB more at once for no less CPU
        "Rec.rec_batch_num": 2,
    })
    for name in ("RapidOCR", "rapidocr"):
        logging.getLogger(name).setLevel(logging.WARNING)
    return engine


@cache
def _card() -> np.ndarray:
    """A small white card with a word on it, for loading the models."""
    import cv2

    card = np.full((48, 160, 3), 255, np.uint8)
    cv2.putText(card, "warm", (10, 34), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (0, 0, 0), 2)
    return card


def _load_models(engine) -> None:
    """Load an engine's detection and recognition models now (rapidocr loads each on its first use)."""
    engine(np.ascontiguousarray(_card()), use_det=True, use_cls=False, use_rec=True)
    engine(np.ascontiguousarray(_card()), use_det=False, use_cls=False, use_rec=True)


class _Engines:
    """Up to ENGINES engines, made when first needed; a caller holds one for a call, then gives it back.
    An engine is never shared during a call: rapidocr keeps each call's flags on the engine. The first engine
    made loads the models; the others are views of it (`copy.copy`: flags of their own, the same detector and
    recogniser, which keep nothing between calls)."""

    def __init__(self):
        self.lock = threading.Condition()
        self.loading = threading.Lock()  # the models are loaded once, by whoever makes the first engine
        self.first = None
        self.free: list = []
        self.made = 0

    @contextmanager
    def one(self):
        with self.lock:
            while not self.free and self.made >= ENGINES:
                self.lock.wait()
            engine = self.free.pop() if self.free else None
            if engine is None:
                self.made += 1
        if engine is None:
            engine = self._make()
        try:
            yield engine
        finally:
            self._give(engine)

    def fill(self) -> None:
        """Make the engines not made yet (the models loaded with the first). Nothing is held while waiting (two
        warm-ups at once, or one beside requests, cannot deadlock)."""
        with self.lock:
            missing = max(0, ENGINES - self.made)
            self.made += missing
        for _ in range(missing):
            self._give(self._make())

    def _make(self):
        try:
            with self.loading:
                if self.first is None:
                    engine = _make_engine()
                    _load_models(engine)
                    self.first = engine
                    return engine
            return copy.copy(self.first)
        except BaseException:
            with self.lock:
                self.made -= 1
                self.lock.notify()
            raise

    def _give(self, engine) -> None:
        with self.lock:
            self.free.append(engine)
            self.lock.notify()


_ENGINES = _Engines()


def read(image: np.ndarray) -> list[Line]:
    """Text lines with their boxes, top to bottom then left to right."""
    pad = 32  # text near an edge is detected far more reliably with a margin around it
    padded = np.pad(image, ((pad, pad), (pad, pad), (0, 0)), constant_values=255)
    with _ENGINES.one() as engine:
        start = time.perf_counter()
        # flags passed every time: rapidocr keeps the last call's flags otherwise (recognise() turns det off);
        # no angle classifier: rendered text is never upside down, and it ran once per text box
        result = engine(np.ascontiguousarray(padded[:, :, ::-1]), use_det=True, use_cls=False, use_rec=True)
    _split_phases(result, time.perf_counter() - start)
    if result is None or result.txts is None:
        return []
    lines = []
    for text, box in zip(result.txts, result.boxes, strict=True):
        xs, ys = [p[0] - pad for p in box], [p[1] - pad for p in box]
        lines.append(Line(str(text), min(xs), min(ys), max(xs), max(ys)))
    return sorted(lines, key=lambda line: (round(line.cy / 8), line.x0))


def _split_phases(result, seconds: float) -> None:
    """A whole-page read's time, split into detection and the rest (rapidocr times its own steps)."""
    elapsed = getattr(result, "elapse_list", None) or []
    detect = min(seconds, float(elapsed[0] or 0)) if elapsed else seconds
    phases.add("ocr_detect", detect)
    phases.add("ocr_recognise", seconds - detect)


def recognise(crop: np.ndarray) -> str:
    """Recognition only, for a crop already known to hold one piece of text."""
    pad = 8
    padded = np.pad(crop, ((pad, pad), (pad, pad), (0, 0)), constant_values=255)
    with _ENGINES.one() as engine, phases.timed("ocr_recognise"):
        result = engine(np.ascontiguousarray(padded[:, :, ::-1]), use_det=False, use_cls=False, use_rec=True)
    texts = getattr(result, "txts", None)
    return str(texts[0]) if texts else ""


def _runs(flags: np.ndarray, min_gap: int) -> list[tuple[int, int]]:
    """[start, end) runs of True, joining gaps shorter than `min_gap`."""
    runs: list[list[int]] = []
    for i in np.nonzero(flags)[0]:
        if runs and i - runs[-1][1] < min_gap:
            runs[-1][1] = i + 1
        else:
            runs.append([int(i), int(i) + 1])
    return [(a, b) for a, b in runs]


def read_lines(image: np.ndarray) -> list[str]:
    """Dark text on a light background, line by line: bands of ink, split only at gaps wider than one and a half
    line heights, each piece recognised on its own. Long lines of random characters (keys) survive this far
    better than whole-page detection. The spaces round a `key = value`'s '=' do not split it: read as three
    pieces, a '=' alone was recognised on 160 px of padding, and 33 of 40 cards of a seed-5 suite read right
    against 38 of 40 as whole lines, for 40% less recognition."""
    gray = image.min(axis=2).astype(int)
    ink = gray < (gray.max() + gray.min()) // 2
    lines = []
    for top, bottom in _runs(ink.any(axis=1), 4):
        band = ink[top:bottom]
        height = bottom - top
        pieces = _runs(band.any(axis=0), max(3, int(1.5 * height)))
        words = [recognise(image[max(0, top - 3):bottom + 3, max(0, a - 3):b + 3]) for a, b in pieces]
        lines.append(" ".join(w.strip() for w in words if w.strip()))
    return [line for line in lines if line]


def warm_up() -> None:
    """Make every engine and load the models now, not on a request."""
    _ENGINES.fill()


_WARMING: list[threading.Thread] = []
_WARMING_LOCK = threading.Lock()


def warm_up_in_background() -> threading.Thread:
    """`warm_up` in a daemon thread, started once per process (by the first reference server; `eval` waits for it
    before preloading matplotlib); the process waits for it at exit, since a thread still loading models in
    onnxruntime while the interpreter exits aborts the process (SIGABRT) instead of a clean exit."""
    with _WARMING_LOCK:
        if not _WARMING:
            thread = threading.Thread(target=warm_up, daemon=True, name="ocr-warm-up")
            thread.start()
            atexit.register(thread.join, 60)
            _WARMING.append(thread)
        return _WARMING[0]
