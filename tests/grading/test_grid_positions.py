"""POLICY.md 3.6: a grid position said in words names the cell its numbers would, on any grid whose size the question
gives, and names none where it needs a size the question does not give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from graders import grade
from graders.normalize import grid_size, positions

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def row_words(r: int, rows: int) -> list[str]:
    words = [ORDINALS[r - 1], f"{r}{'st' if r == 1 else 'nd' if r == 2 else 'rd' if r == 3 else 'th'}"]
    words += ["top"] if r == 1 else []
    words += ["bottom", "last"] if r == rows else []
    words += ["middle"] if rows % 2 and r == (rows + 1) // 2 else []
    return words


def col_words(c: int, cols: int) -> list[str]:
    words = [ORDINALS[c - 1]]
    words += ["left", "leftmost"] if c == 1 else []
    words += ["right", "rightmost", "last"] if c == cols else []
    words += ["middle"] if cols % 2 and c == (cols + 1) // 2 else []
    return words


@st.composite
def said_cells(draw):
    rows, cols = draw(st.integers(2, 7)), draw(st.integers(2, 7))
    r, c = draw(st.integers(1, rows)), draw(st.integers(1, cols))
    row, col = draw(st.sampled_from(row_words(r, rows))), draw(st.sampled_from(col_words(c, cols)))
    forms = [f"the {col} cell of the {row} row", f"the {row} row, {col} column", f"column {c}, row {r}",
             f"the {col} square in row {r}", f"the {row} cell of the {col} column"]
    if row in ("top", "bottom", "middle") and col in ("left", "right", "middle") and (row, col) != ("middle", "middle"):
        forms += [f"the {row}-{col} corner", f"{row} {col}", f"the {row} {col}-hand cell"]
    if row == col == "middle":
        forms += ["the center cell", "the middle square"]
    return rows, cols, (r, c), draw(st.sampled_from(forms))


@settings(max_examples=300, deadline=None)
@given(said=said_cells())
def test_a_cell_in_words_is_the_cell_in_numbers(said):
    rows, cols, (r, c), text = said
    assert positions(f"It is {text}.", (rows, cols)) == [f"({r}, {c})"], text


@settings(max_examples=100, deadline=None)
@given(said=said_cells())
def test_a_cell_in_words_grades_as_the_cell_in_numbers(said):
    rows, cols, (r, c), text = said
    case = {"id": "t", "family": "f", "category": "c", "modality": "image",
            "prompt": f"This image shows a {rows}x{cols} grid of shapes. One differs from the others. Give its "
                      "position as (row, column), counting from the top-left cell (1, 1).",
            "truth": {"kind": "text", "value": f"({r}, {c})"},
            "grader": {"name": "exact", "args": {"vocabulary": "position"}}}
    words = grade(case, {"content": f"The odd one is {text}.", "finish_reason": "stop"})
    numbers = grade(case, {"content": f"The odd one is ({r}, {c}).", "finish_reason": "stop"})
    assert (words.verdict, words.extracted) == (numbers.verdict, numbers.extracted) == ("correct", f"({r}, {c})")


def test_the_last_row_needs_the_size():
    assert positions("the bottom-right corner") == []
    assert positions("the top-left corner") == ["(1, 1)"]
    assert positions("the middle of the second row", (4, 4)) == []  # an even row has no middle cell


def test_the_grid_size_from_the_question():
    assert grid_size("The two images show 4x4 grids of colored squares") == (4, 4)
    assert grid_size("a grid of colored squares with 6 rows and 5 columns") == (6, 5)
    assert grid_size("One shape in this grid differs") is None
