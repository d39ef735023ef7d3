"""The reference endpoint's OCR engines (#36): at most ENGINES of them, each used by one caller at a time,
and warm-ups beside requests (or each other) never deadlock. Fake engines: no model is loaded."""

from __future__ import annotations

import threading
import time

import pytest

from assetgen.reference import ocr


class FakeEngine:
    def __init__(self, made: list):
        self.busy = False
        self.overlaps = 0
        made.append(self)

    def __call__(self, image, **flags):
        if self.busy:
            self.overlaps += 1
        self.busy = True
        time.sleep(0.002)
        self.busy = False


@pytest.fixture
def engines(monkeypatch):
    made: list[FakeEngine] = []
    monkeypatch.setattr(ocr, "ENGINES", 3)
    monkeypatch.setattr(ocr, "_make_engine", lambda: FakeEngine(made))
    monkeypatch.setattr(ocr, "_ENGINES", ocr._Engines())
    return made


def _use(times: int) -> None:
    for _ in range(times):
        with ocr._ENGINES.one() as engine:
            engine(None)


def test_engines_are_bounded_never_shared_and_warm_ups_do_not_deadlock(engines):
    workers = [threading.Thread(target=_use, args=(40,)) for _ in range(8)]
    workers += [threading.Thread(target=ocr._ENGINES.fill, args=(lambda e: e(None),)) for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    assert not any(worker.is_alive() for worker in workers)
    assert len(engines) == 3 and ocr._ENGINES.made == 3 and len(ocr._ENGINES.free) == 3
    assert sum(engine.overlaps for engine in engines) == 0


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
