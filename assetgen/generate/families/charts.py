"""Shared chart layout: the axes box is fixed in the scene so pixels map back to values."""

from __future__ import annotations

from assetgen.media.colors import rgb

CATEGORIES = ("Apples", "Pears", "Plums", "Cherries", "Grapes", "Lemons", "Mangoes", "Kiwis", "Figs",
              "Limes", "Dates", "Melons")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
AXES_BOX = (0.12, 0.16, 0.82, 0.72)  # left, bottom, width, height as fractions of the figure
WIDTH, HEIGHT = 640, 480


def setup_axes(figure, scene):
    axes = figure.add_axes(AXES_BOX)
    axes.set_ylim(0, scene["ymax"])
    axes.set_title(scene["title"], fontsize=14)
    if scene.get("gridlines"):
        axes.grid(axis="y", color=(0.85, 0.85, 0.85), linewidth=0.8)
        axes.set_axisbelow(True)
    return axes


def value_to_pixel_y(value: float, ymax: float, height: int = HEIGHT) -> float:
    """Pixel row of a data value (0 at the top), from the fixed axes box."""
    _, bottom, _, box_height = AXES_BOX
    return height * (1.0 - (bottom + box_height * value / ymax))


def data_to_pixel_x(x: float, xlim: tuple[float, float], width: int = WIDTH) -> float:
    left, _, box_width, _ = AXES_BOX
    return width * (left + box_width * (x - xlim[0]) / (xlim[1] - xlim[0]))


def mpl_color(name: str) -> tuple[float, float, float]:
    return tuple(c / 255 for c in rgb(name))
