"""Two color grids that differ in known cells: name the cells that changed."""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.families.color_grid import ColorGrid
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.colors import ON_WHITE


@register
class GridDiff(Family):
    name = "grid_diff"
    category = "multi_image"
    modality = "multi_image"
    summary = "Two color grids; list the cells where the second differs from the first."
    knobs = (
        Knob("rows", 4, "grid rows", low=2, high=8),
        Knob("cols", 4, "grid columns", low=2, high=8),
        Knob("cell", 70, "cell size in pixels", low=24, high=160),
        Knob("changes", 2, "how many cells differ", low=1, high=6),
    )

    def sample(self, rng, knobs):
        rows, cols = knobs["rows"], knobs["cols"]
        if knobs["changes"] > rows * cols:
            raise ValueError(f"grid_diff: changes {knobs['changes']} > {rows * cols} cells")
        before = [[ON_WHITE[int(rng.integers(len(ON_WHITE)))] for _ in range(cols)] for _ in range(rows)]
        after = [row[:] for row in before]
        changed = sorted(int(i) for i in rng.choice(rows * cols, knobs["changes"], replace=False))
        for i in changed:
            r, c = divmod(i, cols)
            others = [name for name in ON_WHITE if name != before[r][c]]
            after[r][c] = others[int(rng.integers(len(others)))]
        return {"rows": rows, "cols": cols, "cell": knobs["cell"], "gap": 6, "before": before, "after": after,
                "changed": [[i // cols + 1, i % cols + 1] for i in changed]}

    def question(self, scene):
        return _ask.items(
            f"The two images show {scene['rows']}x{scene['cols']} grids of colored squares that differ in "
            "some cells. List every cell that differs as (row, column), counting from the top-left cell "
            "(1, 1), separated by commas.",
            [f"({r}, {c})" for r, c in scene["changed"]], ordered=False, vocabulary="position")

    def render(self, scene):
        grid = ColorGrid()
        base = {k: scene[k] for k in ("rows", "cols", "cell", "gap")}
        return [grid.render(base | {"grid": scene["before"]})[0], grid.render(base | {"grid": scene["after"]})[0]]
