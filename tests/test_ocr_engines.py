"""The reference endpoint's OCR engines (#36): at most ENGINES of them, each used by one caller at a time,
the models loaded once (the other engines are views of the first), and warm-ups beside requests (or each
other) never deadlock. Fake engines: no model is loaded."""

from __future__ import annotations

import threading
import time

import pytest

from assetgen.reference import ocr


class FakeEngine:
    """A rapidocr stand-in: `busy` is per engine (its flags), `models` shared by its views as the real ones."""

    def __init__(self, made: list):
        self.busy = False
        self.overlaps = 0
        self.models = {"loads": 0}
        made.append(self)

    def __call__(self, image, **flags):
        if self.busy:
            self.overlaps += 1
        self.busy = True
        self.models["loads"] = self.models["loads"] or 1
        time.sleep(0.002)
        self.busy = False

    def __copy__(self):
        view = FakeEngine(self.made_list)
        view.models = self.models
        return view


@pytest.fixture
def engines(monkeypatch):
    made: list[FakeEngine] = []
    monkeypatch.setattr(ocr, "ENGINES", 3)
    def make():
        engine = FakeEngine(made)
        engine.made_list = made
        return engine

    monkeypatch.setattr(ocr, "_make_engine", make)
    monkeypatch.setattr(ocr, "_load_models", lambda engine: engine(None))
    monkeypatch.setattr(ocr, "_ENGINES", ocr._Engines())
    return made


def _use(times: int) -> None:
    for _ in range(times):
        with ocr._ENGINES.one() as engine:
            engine(None)


def test_engines_are_bounded_never_shared_and_warm_ups_do_not_deadlock(engines):
    workers = [threading.Thread(target=_use, args=(40,)) for _ in range(8)]
    workers += [threading.Thread(target=ocr._ENGINES.fill) for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    assert not any(worker.is_alive() for worker in workers)
    assert len(engines) == 3 and ocr._ENGINES.made == 3 and len(ocr._ENGINES.free) == 3
    assert sum(engine.overlaps for engine in engines) == 0
    assert len({id(engine.models) for engine in engines}) == 1  # the models of the first, shared


def test_an_engine_that_fails_to_load_frees_its_place(engines, monkeypatch):
    monkeypatch.setattr(ocr, "_make_engine", lambda: (_ for _ in ()).throw(RuntimeError("no model")))
    with pytest.raises(RuntimeError), ocr._ENGINES.one():
        pass
    assert ocr._ENGINES.made == 0


def test_threads_share_the_cores_among_engines(monkeypatch):
    monkeypatch.setattr(ocr.os, "cpu_count", lambda: 8)
    monkeypatch.setattr(ocr, "ENGINES", 8)
    assert ocr.threads() == 1
    monkeypatch.setattr(ocr, "ENGINES", 2)
    assert ocr.threads() == 4


def test_real_engines_share_their_models_and_read_alike_at_once(monkeypatch):
    """rapidocr itself: the second engine is a view of the first (same detector and recogniser objects), and
    two threads reading one chart at once, each on its own engine, read what one reader alone reads."""
    import numpy as np
    from PIL import Image

    from assetgen.dataset.golden import default_golden

    monkeypatch.setattr(ocr, "ENGINES", 2)
    monkeypatch.setattr(ocr, "_ENGINES", ocr._Engines())
    chart = next((default_golden() / "assets" / "bar_chart").glob("*.png"))
    image = np.asarray(Image.open(chart).convert("RGB"))
    alone = [line.text for line in ocr.read(image)]
    assert len(alone) >= 10  # title, axis numbers, labels and values
    ocr.warm_up()
    first, second = ocr._ENGINES.free
    assert first is not second and first.text_det is second.text_det and first.text_rec is second.text_rec
    read: list[list[str]] = []
    workers = [threading.Thread(target=lambda: read.append([line.text for line in ocr.read(image)]))
               for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert read == [alone] * 4
