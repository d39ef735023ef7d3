"""The reference endpoint's per-pixel measures (reference/shapes.py `distance`, `near`) give exactly the numbers of
the plain numpy formulas they replaced (OpenCV planes instead of a reduction over the colour axis): every
answer that thresholds them is unchanged."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from assetgen.reference.shapes import distance, near

colors = st.tuples(*[st.integers(0, 255)] * 3)
images = st.integers(1, 9).flatmap(lambda h: st.integers(1, 9).flatmap(
    lambda w: arrays(np.uint8, (h, w, 3), elements=st.integers(0, 255))))


def _distance(image, background):
    return np.abs(image.astype(np.int64) - np.asarray(background)).sum(axis=2)


def _near(image, color, tolerance):
    return np.all(np.abs(image.astype(int) - np.array(color)) < tolerance, axis=2)


@settings(max_examples=300, deadline=None)
@given(images, colors, st.integers(0, 300), st.sampled_from(["as is", "strided", "flipped", "fortran"]))
def test_the_same_numbers_as_the_numpy_formulas(image, color, tolerance, layout):
    view = {"as is": image, "strided": image[::2], "flipped": image[:, ::-1],
            "fortran": np.asfortranarray(image)}[layout]
    got = distance(view, color)
    assert got.dtype == np.int16 and np.array_equal(got, _distance(view, color))
    assert np.array_equal(near(view, color, tolerance), _near(view, color, tolerance))


def test_a_whole_frame_and_other_inputs():
    rng = np.random.default_rng(7)
    frame = rng.integers(0, 256, (360, 640, 3), dtype=np.uint8)
    for color in [(255, 255, 255), (0, 0, 0), (220, 30, 30)]:
        assert np.array_equal(distance(frame, color), _distance(frame, color))
        assert np.array_equal(near(frame, color, 60), _near(frame, color, 60))
    wide = frame.astype(np.int32)  # not bytes: the numpy formula itself
    assert np.array_equal(distance(wide, (1, 2, 3)), _distance(wide, (1, 2, 3)))
    assert np.array_equal(near(wide, (1, 2, 3), 40), _near(wide, (1, 2, 3), 40))
