"""Every family module; importing this package registers them all."""

from assetgen.families import (  # noqa: F401
    arithmetic,
    bar_chart,
    circle_overlap,
    code_reading,
    color_grid,
    equation,
    grid_diff,
    line_chart,
    line_intersections,
    nested_squares,
    odd_one_out,
    sequence_pattern,
    shape_compare,
    shapes,
    text_card,
)
