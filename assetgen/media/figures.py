"""matplotlib without pyplot: one reused Agg figure per process, pixels out as an RGB array.

Reusing the figure avoids paying matplotlib's figure set-up per image; pixels are read from the
canvas and encoded by `imaging.png_bytes`, so no matplotlib metadata reaches the PNG.
"""

from __future__ import annotations

from functools import cache

import numpy as np


@cache
def _figure():
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(dpi=100)
    FigureCanvasAgg(figure)
    return figure


def preload() -> None:
    """Import matplotlib's figure and Agg canvas now (about 0.3 s), e.g. in a thread while a run is asked, so the
    report does not wait for it."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: F401
    from matplotlib.figure import Figure  # noqa: F401


def new_figure(width_px: int, height_px: int):
    """The process's figure, cleared and sized to `width_px` x `height_px` pixels."""
    import matplotlib

    matplotlib.rcParams["svg.hashsalt"] = "assetgen"  # no random ids anywhere
    figure = _figure()
    figure.clear()
    figure.set_size_inches(width_px / 100, height_px / 100)
    figure.set_facecolor("white")
    return figure


def figure_pixels(figure) -> np.ndarray:
    figure.canvas.draw()
    rgba = np.asarray(figure.canvas.buffer_rgba())
    return np.ascontiguousarray(rgba[:, :, :3])
