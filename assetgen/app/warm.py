"""What `assetgen eval` starts before it imports the rest of itself: with no --endpoint, the built-in reference
endpoint's OCR models loading in a background thread, so that the first text case does not wait for them
behind about 0.7 s of imports (benchmarks/first_run.py shows the effect)."""

from __future__ import annotations


def warm_reference() -> None:
    """Begin loading the reference endpoint's OCR models (once per process; the process waits for it at exit)."""
    from assetgen.reference.ocr import warm_up_in_background

    warm_up_in_background()
