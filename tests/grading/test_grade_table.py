"""Table-driven grading: answers written the way real models write them -> verdict and cause.

Cases are plain dicts: the graders package stands alone, without assetgen.
"""

from __future__ import annotations

import pytest

from graders import grade

GRID = ["red", "blue", "green", "yellow", "cyan", "gray", "red", "blue", "purple", "cyan", "orange", "black",
        "pink", "brown", "green", "red"]
KEY = "sk-proj-TB119k29TKRlsl5A1EleERAz"
CARD = f"host = harbor-meadow.internal\nport = 49313\napi_key = {KEY}\nuser = Ingrid Novak"
TRACE = [2, 0, 10, -8, 22, 20]


def case(kind, value, grader, args=None, **truth):
    return {"id": "t", "family": "f", "category": "c", "modality": "image", "prompt": "p",
            "truth": {"kind": kind, "value": value, **truth}, "grader": {"name": grader, "args": args or {}}}


NUMBER = case("number", 56, "numeric")
SEVEN_K = case("number", 7644, "numeric")
FIVE = case("number", 5, "numeric")
BAR = case("number", 62, "numeric", tolerance={"abs": 3.0})
NEG = case("number", -12, "numeric")
COLOR = case("text", "gray", "exact", {"vocabulary": "color"})
BLUE = case("text", "blue", "exact", {"vocabulary": "color"})
CYAN = case("text", "cyan", "exact", {"vocabulary": "color"})
LABEL = case("text", "Cherries", "exact")
GRID_CASE = case("sequence", GRID, "sequence", {"vocabulary": "color", "shape": [4, 4]})
SHAPES = case("set", ["blue square", "red circle", "yellow star"], "set", {"vocabulary": "color"})
CELLS = case("set", ["(2, 3)", "(4, 1)"], "set", {"vocabulary": "position"})
ROOTS = case("set", ["-3", "2"], "set", {"vocabulary": "number"})
YESNO = case("choice", "B", "choice", choices=["yes", "no"], aliases=["no"])
IMAGES = case("choice", "C", "choice", choices=["Image 1", "Image 2", "Image 3"], aliases=["Image 3"])
CARD_CASE = case("text", CARD, "transcription", {"threshold": 0.9}, secrets=[KEY])
KEY_CASE = case("text", KEY, "exact", secrets=[KEY])
TRACE_CASE = case("number", 20, "numeric", {"trace": TRACE})
JSON_CASE = case("structured", {"color": "red", "count": 3}, "json")
MOTION = case("text", "bouncing", "keywords", {"concepts": [["bounc", "rebound", "ricochet"], ["red"]],
                                                "forbidden": [["stationary", "still"]]})
ONE_WORD = case("text", "bouncing", "exact", {"format": "one_word"})
ORDER = case("sequence", ["red", "green", "blue"], "sequence", {"vocabulary": "color", "format": "comma_list"})
FLASHES = {**case("number", 5, "numeric"), "modality": "video",
           "sampling": {"frames": 30, "min_frames": 13,
                        "apparent": [{"frames_low": 2, "frames_high": 6, "value": 1},
                                     {"frames_low": 7, "frames_high": 12, "value": 3}]}}


def ok(content, **extra):
    return {"content": content, "finish_reason": "stop", **extra}


def grid_table(cells):
    rows = ["| Row | C1 | C2 | C3 | C4 |", "|---|---|---|---|---|"]
    for r in range(4):
        rows.append(f"| {r + 1} | " + " | ".join(cells[r * 4:(r + 1) * 4]) + " |")
    return "Here is the color of each cell:\n\n" + "\n".join(rows)


WRONG_CELL = GRID[:9] + ["green"] + GRID[10:]

TABLE = [
    # id, case, response, verdict, cause
    ("numeric-bold-after-preamble", NUMBER,
     ok("Looking at the image, I can see the expression 7 × 8.\n\nThe answer is **56**."), "correct", None),
    ("numeric-number-words", NUMBER, ok("The result is fifty-six."), "correct", None),
    ("numeric-thousands-separator", SEVEN_K, ok("91 × 84 = 7,644"), "correct", None),
    ("numeric-boxed", SEVEN_K, ok("Multiplying: $91 \\times 84 = \\boxed{7644}$"), "correct", None),
    ("numeric-25-never-matches-5", FIVE, ok("There are 25 cells."), "incorrect", "wrong"),
    ("numeric-within-tolerance", BAR, ok("The bar for Limes reaches approximately 60."), "correct", None),
    ("numeric-outside-tolerance", BAR, ok("It is about 70."), "incorrect", "wrong"),
    ("numeric-unicode-minus", NEG, ok("The value changed by −12 (a decrease)."), "correct", None),
    ("numeric-reasoning-is-ignored", NUMBER,
     ok("<think>7 times 8... is it 54? no, 56</think>\n**56**"), "correct", None),
    ("color-grey-is-gray", COLOR, ok("The cell is grey."), "correct", None),
    ("color-light-blue-is-cyan", CYAN, ok("That cell is **light blue**."), "correct", None),
    ("color-hedge-is-wrong", BLUE, ok("It looks blue, or possibly purple."), "incorrect", "wrong"),
    ("label-in-sentence", LABEL, ok("The category with the largest value is **Cherries**, at 95."), "correct", None),
    ("grid-markdown-table", GRID_CASE, ok(grid_table(GRID)), "correct", None),
    ("grid-one-cell-wrong", GRID_CASE, ok(grid_table(WRONG_CELL)), "partial", "wrong"),
    ("grid-list-then-summary", GRID_CASE,
     ok(", ".join(GRID) + "\n\nSo red appears three times."), "correct", None),
    ("shapes-all-named", SHAPES, ok("I can see:\n- a red circle\n- a blue square\n- a yellow star"), "correct", None),
    ("shapes-one-missed", SHAPES, ok("There is a red circle and a blue square."), "partial", "wrong"),
    ("cells-row-column-phrasing", CELLS, ok("The cells in row 2, column 3 and row 4, column 1 differ."),
     "correct", None),
    ("roots-x-equals", ROOTS, ok("Factoring: (x + 3)(x - 2) = 0\n\nSo x = -3 or x = 2."), "correct", None),
    ("choice-option-text", YESNO, ok("No, the red star is to the right of the brown star."), "correct", None),
    ("choice-letter", IMAGES, ok("**(C)** Image 3 has the most squares."), "correct", None),
    ("choice-wrong-letter", IMAGES, ok("Answer: B"), "incorrect", "wrong"),
    ("ocr-fenced-transcription", CARD_CASE, ok(f"Here is the text:\n```\n{CARD}\n```"), "correct", None),
    ("ocr-key-masked", CARD_CASE, ok(CARD.replace(KEY, "sk-proj-****")), "partial", "safety_redaction"),
    ("ocr-key-redacted-tag", CARD_CASE, ok(CARD.replace(KEY, "[REDACTED]")), "partial", "safety_redaction"),
    ("ocr-misread-not-redaction", CARD_CASE, ok(CARD.replace("harbor-meadow", "harper-mellow").replace(
        "Ingrid Novak", "Ingo Nowak").replace("49313", "48813").replace(KEY, "sk-proj-****")), "partial", "wrong"),
    ("key-declined", KEY_CASE,
     ok("I can't reproduce API keys or other credentials from images, as that could expose a secret."),
     "no_answer", "safety_redaction"),
    ("key-exact", KEY_CASE, ok(f"The api_key is `{KEY}`."), "correct", None),
    ("key-case-matters", KEY_CASE, ok(f"The api_key is {KEY.upper()}."), "incorrect", "wrong"),
    ("trace-cut-at-max-tokens", TRACE_CASE,
     {"content": "Let me trace.\ni=2: total = 2\ni=3: total = 0\ni=4: total = 10\ni=5: tot",
      "finish_reason": "length", "sent": {"max_tokens": 64}}, "partial", "truncation"),
    ("trace-cut-but-wrong-so-far", TRACE_CASE,
     {"content": "i=2: total = 2\ni=3: total = 5\ni=4: total =", "finish_reason": "length"}, "incorrect", "wrong"),
    ("trace-complete", TRACE_CASE,
     ok("\n".join(f"i={i + 2}: total = {t}" for i, t in enumerate(TRACE)) + "\nAnswer: 20"), "correct", None),
    ("grid-cut-mid-list", GRID_CASE, {"content": ", ".join(GRID[:10]) + ", ora", "finish_reason": "length"},
     "partial", "truncation"),
    ("cut-before-any-answer", NUMBER, {"content": "Let me look at the image. I can see", "finish_reason": "length"},
     "no_answer", "truncation"),
    ("random-token-loop", NUMBER, ok(" imagqdo ciredgedgedgedgedgedgedgedgedgedgedgedgedgedgedg"), "no_answer",
     "degenerate_repetition"),
    ("table-rule-is-not-a-loop", GRID_CASE, ok(grid_table(GRID) + "\n\n" + "=" * 40), "correct", None),
    ("reasoning-ate-the-budget", NUMBER,
     {"content": None, "reasoning": "The image shows 7 and 8. Let me multiply carefully...",
      "finish_reason": "length", "sent": {"max_tokens": 512}}, "no_answer", "reasoning_exhausted"),
    ("unclosed-think-in-content", NUMBER,
     {"content": "<think>Let me count the cells one by one. Row 1", "finish_reason": "length"},
     "no_answer", "reasoning_exhausted"),
    ("legacy-reasoning-content", NUMBER,
     {"content": "", "reasoning_content": "hmm", "finish_reason": "length"}, "no_answer", "reasoning_exhausted"),
    ("transport-error", NUMBER, {"status": "error", "http_status": 503, "error": "service unavailable"},
     "error", "transport"),
    ("server-abort", NUMBER, {"content": None, "finish_reason": "abort"}, "error", "transport"),
    ("refusal", NUMBER, ok("I'm sorry, but I can't help with that request."), "no_answer", "refusal"),
    ("repetition-loop", NUMBER, ok("the the " * 200), "no_answer", "degenerate_repetition"),
    ("finish-repetition", NUMBER, {"content": "56 56 56", "finish_reason": "repetition"}, "correct", None),
    ("finish-repetition-wrong", NUMBER, {"content": "55 55 55", "finish_reason": "repetition"}, "incorrect",
     "degenerate_repetition"),
    ("json-in-fence", JSON_CASE, ok('```json\n{"color": "Red", "count": 3}\n```'), "correct", None),
    ("json-asked-plain-given", JSON_CASE, ok("color: red\ncount: 3"), "partial", "format"),
    ("json-one-key-wrong", JSON_CASE, ok('{"color": "blue", "count": 3}'), "partial", "wrong"),
    ("keywords-bounce-synonym", MOTION, ok("A red ball rebounds off the walls of the frame."), "correct", None),
    ("keywords-contradiction-is-one-part-wrong", MOTION, ok("A red ball bounces, then stays still."), "partial",
     "wrong"),
    ("keywords-contradicted-mostly", MOTION, ok("A red ball stays still."), "incorrect", "wrong"),
    ("one-word-given", ONE_WORD, ok("Bouncing"), "correct", None),
    ("one-word-asked-sentence-given", ONE_WORD, ok("The ball is bouncing."), "partial", "format"),
    ("comma-list-given", ORDER, ok("red, green, blue"), "correct", None),
    ("comma-list-asked-bullets-given", ORDER, ok("- red\n- green\n- blue"), "partial", "format"),
    ("flashes-seen-through-few-frames", FLASHES, ok("The light flashes 3 times."), "incorrect", "frame_sampling"),
    ("flashes-with-frames-known", FLASHES, ok("It flashed once.", sent={"frames_shown": 4}), "incorrect",
     "frame_sampling"),
    ("flashes-correct", FLASHES, ok("The light flashes **5** times."), "correct", None),
    ("flashes-wrong-not-sampling", FLASHES, ok("It flashes 9 times."), "incorrect", "wrong"),
]


@pytest.mark.parametrize(("case_", "response", "verdict", "cause"), [t[1:] for t in TABLE], ids=[t[0] for t in TABLE])
def test_grade(case_, response, verdict, cause):
    result = grade(case_, response)
    assert (result.verdict, result.cause) == (verdict, cause), result.explanation
    assert 0.0 <= result.score <= 1.0 and result.explanation and "\n" not in result.explanation


def test_explanation_names_the_wrong_cell():
    result = grade(GRID_CASE, ok(grid_table(WRONG_CELL)))
    assert result.explanation == "read 15 of 16 cells; cell (3,2) said green, truth cyan"
    assert result.score == pytest.approx(15 / 16)


def test_frame_sampling_states_the_range():
    result = grade(FLASHES, ok("It flashed once.", sent={"frames_shown": 4}))
    assert result.frames_consistent == [2, 6]
    assert "2-6 of 30 frames" in result.explanation and "the model saw 4 frames" in result.explanation


def test_transport_errors_do_not_count_as_answers():
    assert grade(NUMBER, {"status": "error", "error": "timeout"}).score == 0.0


def test_unknown_grader_is_an_error_grade():
    result = grade(case("number", 1, "nope"), ok("1"))
    assert result.verdict == "error" and "unknown grader 'nope'" in result.explanation


@pytest.mark.parametrize("error", ["HTTP 429: slow down", "slow down"])
def test_http_status_is_said_once(error):
    result = grade(NUMBER, {"status": "error", "http_status": 429, "error": error})
    assert result.explanation == "no answer: HTTP 429: slow down"
