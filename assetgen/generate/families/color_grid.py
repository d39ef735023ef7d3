"""A grid of colored cells: read every cell, one cell by position, or count one color."""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.colors import ON_WHITE, rgb
from assetgen.media.imaging import canvas


@register
class ColorGrid(Family):
    name = "color_grid"
    category = "single_image"
    summary = "Grid of named colors; ask all cells row by row, one cell, or a color count."
    knobs = (
        Knob("rows", 4, "grid rows", low=2, high=8),
        Knob("cols", 4, "grid columns", low=2, high=8),
        Knob("cell", 90, "cell size in pixels", low=24, high=160),
        Knob("gap", 6, "white gap between cells in pixels", low=0, high=16),
        Knob("colors", 8, "how many palette colors the grid draws from", low=3, high=len(ON_WHITE)),
        Knob("question", "any", "what to ask", kind="choice", choices=("any", "grid", "cell", "count")),
    )

    def sample(self, rng, knobs):
        palette = [ON_WHITE[i] for i in sorted(rng.choice(len(ON_WHITE), knobs["colors"], replace=False))]
        rows, cols = knobs["rows"], knobs["cols"]
        grid = [[palette[int(rng.integers(len(palette)))] for _ in range(cols)] for _ in range(rows)]
        question = {"type": _ask.pick(rng, knobs["question"], ("grid", "cell", "count"))}
        if question["type"] == "cell":
            question |= {"row": int(rng.integers(rows)) + 1, "col": int(rng.integers(cols)) + 1}
        elif question["type"] == "count":
            used = sorted({c for row in grid for c in row})
            question["color"] = used[int(rng.integers(len(used)))]
        return {"rows": rows, "cols": cols, "cell": knobs["cell"], "gap": knobs["gap"], "grid": grid,
                "question": question}

    def question(self, scene):
        q, rows, cols = scene["question"], scene["rows"], scene["cols"]
        if q["type"] == "grid":
            return _ask.items(
                f"This image shows a grid of colored squares with {rows} rows and {cols} columns. "
                "List the color of every cell, row by row from the top, left to right within each row, "
                "as one comma-separated list of color names.",
                [c for row in scene["grid"] for c in row], ordered=True, vocabulary="color", shape=[rows, cols])
        if q["type"] == "cell":
            return _ask.text(
                f"This image shows a grid of colored squares with {rows} rows and {cols} columns. "
                f"What color is the cell in row {q['row']}, column {q['col']} (counting rows from the top "
                "and columns from the left, starting at 1)? Answer with one color name.",
                scene["grid"][q["row"] - 1][q["col"] - 1], vocabulary="color")
        count = sum(c == q["color"] for row in scene["grid"] for c in row)
        return _ask.number(f"How many cells in this grid are {q['color']}? Answer with a number.", count)

    def render(self, scene):
        cell, gap = scene["cell"], scene["gap"]
        width = scene["cols"] * cell + (scene["cols"] + 1) * gap
        height = scene["rows"] * cell + (scene["rows"] + 1) * gap
        image, draw = canvas(width, height)
        for r, row in enumerate(scene["grid"]):
            for c, color in enumerate(row):
                x0, y0 = gap + c * (cell + gap), gap + r * (cell + gap)
                draw.rectangle((x0, y0, x0 + cell - 1, y0 + cell - 1), fill=rgb(color))
        return [image]


def cell_centre(scene: dict, row: int, col: int) -> tuple[int, int]:
    """Pixel centre of a cell (0-based), for tests and solvers that know the layout."""
    cell, gap = scene["cell"], scene["gap"]
    return gap + col * (cell + gap) + cell // 2, gap + row * (cell + gap) + cell // 2
