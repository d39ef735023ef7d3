"""Write fresh_seed.jsonl: realistic VLM answers to freshly seeded cases (seed 90210), labelled blind.

Run:  PYTHONPATH=. python -m assetgen.cli build --suite full --per-family 3 --seed 90210 --out SUITE
      python3 tests/data/grading/write_fresh_seed.py --suite SUITE   (writes fresh_seed.jsonl next to this file)

Issue #32, item 3 ("fresh-draw discipline"): the cases come from a seed golden/ does not use, so no grader rule
was made from them. The answers are hand-written in the manner of the model named in each row's `style`; they
are not outputs of those models. Each label was decided by a careful reading of graders/POLICY.md only (the
graders' code was not read, and no grader was run on these answers before the labels were committed).
Each row carries its case as graders.CaseSpec takes it, so the benchmark can grade it without rebuilding.
"""
from __future__ import annotations

import argparse
import json
import os
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fresh_seed.jsonl")
SEED = 90210
CASE_KEYS = ("format_version", "id", "family", "category", "modality", "prompt", "system_prompt", "truth",
             "grader", "sampling")
VERDICTS = {"correct", "partial", "incorrect", "no_answer"}
CAUSES = {"truncation", "reasoning_exhausted", "safety_redaction", "frame_sampling", "refusal",
          "degenerate_repetition", "tool_in_text", "malformed_arguments", "wrong_tool", "no_tool_call", "format",
          "wrong"}
STYLES = {"qwen2.5-vl", "qwen3-vl", "internvl", "llava-1.6", "gpt-4o", "claude-3.5-sonnet", "gemini-1.5",
          "minicpm-v", "llama-3.2-vision", "phi-3.5-vision", "pixtral", "molmo", "deepseek-vl2", "glm-4v",
          "idefics3", "aria", "smolvlm"}

ROWS: dict[str, list[dict]] = defaultdict(list)
_current = [""]


def case(cid: str) -> None:
    _current[0] = f"{cid.split('-')[0]}-s{SEED}-{cid.split('-')[1]}" if cid.count("-") == 1 else cid


def S(max_tokens=None, video_mode=None, frames_shown=None, thinking=None) -> dict:
    """Shaped like graders.records.Sent."""
    return {"max_tokens": max_tokens, "video_mode": video_mode, "frames_shown": frames_shown, "thinking": thinking}


def VU(**kw) -> dict:
    """A clip sent as video_url: how many frames the server sampled is not known."""
    return S(video_mode="video_url", **kw)


def FR(n: int, **kw) -> dict:
    """A clip sent as n sampled frames (the clips have 30)."""
    return S(video_mode="frames", frames_shown=n, **kw)


def think(reasoning: str, answer: str) -> str:
    """A thinking model served without a reasoning parser: the thinking is inside content."""
    return f"<think>\n{reasoning}\n</think>\n\n{answer}"


def call(name: str, arguments: str, n: int = 0) -> dict:
    return {"id": f"call_{n}", "name": name, "arguments": arguments}


def usage(completion: int, prompt: int = 40, reasoning: int | None = None) -> dict:
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "reasoning_tokens": reasoning}


def R(style, content, verdict, cause=None, why="", reasoning=None, finish="stop", s=None, tool_calls=None,
      use=None) -> None:
    assert style in STYLES, style
    assert verdict in VERDICTS, verdict
    assert (cause is None) == (verdict == "correct"), (verdict, cause)
    assert cause is None or cause in CAUSES, cause
    assert why, "every label needs a why"
    response = {"content": content, "reasoning": reasoning, "finish_reason": finish, "sent": s}
    if tool_calls is not None:
        response["tool_calls"] = tool_calls
    if use is not None:
        response["usage"] = use
    ROWS[_current[0]].append({"style": style, "response": response,
                              "human": {"verdict": verdict, "cause": cause, "why": why}})


def trace(values: list[int], upto: int | None = None, fmt: str = "i = {i}, total = {t}") -> str:
    return "\n".join(fmt.format(i=i, t=t) for i, t in enumerate(values[:upto]))


MIX = [7, 5, 3, 15, 13, 11, 35, 33, 31, 67, 65, 63, 111, 109, 107, 167, 165, 163, 235, 233, 231, 315, 313, 311]
SWEEP = [6, 4, 8, 6, 14, 12, 24, 22, 38, 36, 56, 54, 78, 76, 104, 102, 134, 132, 168, 166, 206, 204, 248, 246]
CARD1 = ("host = meadow-quartz.internal\nport = 6759\napi_key = sk-proj-r7KvuMWZraoS7xWJrnmEWkqT\n"
         "region = eu-west-1\nreplicas = 61\nbucket = harbor-assets-15")
GRID1 = "purple, gray, black, black, blue, yellow, blue, purple, red, black, orange, black, black, purple, blue, purple"

# ---------------------------------------------------------------- appearing_objects (truth 6, 6)
case("appearing_objects-0000")
R("qwen2.5-vl", "6", "correct", s=VU(), why="the count, bare")
R("llava-1.6", "3", "incorrect", "frame_sampling", s=FR(6), why="3 is what 6 of 30 frames show; the truth needs 28")
R("gpt-4o", "I count **six** distinct objects appearing over the course of the clip.", "correct", s=VU(),
  why="six in words, in bold")
R("internvl", "5", "incorrect", "wrong", s=FR(30), why="shown all 30 frames and still one short")
case("appearing_objects-0001")
R("qwen3-vl", think("A cyan circle first, then a red one, then blue, then red again at the bottom, then green, "
                    "then a yellow one near the end. That is 6.", "6"), "correct", s=VU(thinking=True),
  why="6 after the think block")
R("minicpm-v", "There are 5 objects.", "incorrect", "frame_sampling", s=FR(12),
  why="12 frames show 5 of the 6 objects")
R("gemini-1.5", "A total of 7 objects appear in the video.", "incorrect", "wrong", s=VU(),
  why="7; no frame count shows 7")

# ---------------------------------------------------------------- arithmetic (138, 134)
case("arithmetic-0000")
R("phi-3.5-vision", "138", "correct", why="57 + 81, bare")
R("llava-1.6", "57 + 81 = 128", "incorrect", "wrong", why="addition slip, 128")
R("claude-3.5-sonnet", "The expression in the image is 57 + 81.\n\n57 + 81 = 138\n\n**138**", "correct",
  why="reads the expression, then 138 in bold")
R("qwen3-vl", think("57 + 81: 50 + 80 = 130, 7 + 1 = 8, so 138.", "138"), "correct", s=S(thinking=True),
  why="138 after the think block")
case("arithmetic-0001")
R("pixtral", "\\boxed{134}", "correct", why="boxed 134")
R("smolvlm", "The answer is 144.", "incorrect", "wrong", why="144 after the marker")
R("glm-4v", "One hundred thirty-four", "correct", why="134 in words")
R("molmo", "60 + 74", "incorrect", "wrong", why="only restates the expression; no result stated")

# ---------------------------------------------------------------- ball_across (cyan left to right; pink right to left)
case("ball_across-0000")
R("gpt-4o", "A cyan ball rolls across the frame from left to right.", "correct", s=VU(),
  why="object, color, motion and direction all right")
R("llava-1.6", "A blue ball moves from left to right.", "partial", "wrong", s=VU(),
  why="3 of 4 concepts; cyan called blue")
R("qwen2.5-vl", "A light blue circle slides horizontally to the right side of the screen.", "partial", "wrong",
  s=VU(), why="object, motion and direction right; 'light blue' is not cyan")
R("internvl", "In this video, a cyan ball", "partial", "truncation", finish="length", s=VU(max_tokens=8),
  why="cut at max_tokens after object and color (2 of 4), nothing wrong so far")
case("ball_across-0001")
R("gemini-1.5", "A pink ball travels from the right side of the frame to the left.", "correct", s=VU(),
  why="pink ball moving right to left; 'right side' is where it starts")
R("deepseek-vl2", "The video shows a pink ball moving from left to right.", "partial", "wrong", s=VU(),
  why="object, color and motion right; direction reversed (3 of 4)")
R("aria", "A red ball moves leftward across the screen.", "partial", "wrong", s=VU(),
  why="object, motion and direction right; pink called red")
R("llama-3.2-vision", "I'm sorry, but I can't view videos. I can only analyze still images.", "no_answer",
  "refusal", s=VU(), why="declines to look at the video")

# ---------------------------------------------------------------- bar_chart (Limes smallest; Mangoes largest)
case("bar_chart-0000")
R("qwen2.5-vl", "Limes", "correct", why="the label")
R("llava-1.6", "Apples", "incorrect", "wrong", why="Apples (25) is not the smallest (Limes, 7)")
R("gpt-4o", "The category with the smallest value is **Limes**, with 7 units sold.", "correct",
  why="the label stated, in bold; the prompt asks for the label, not one word only")
R("internvl", "Lime", "correct", why="singular of the label names it (POLICY 2.6)")
case("bar_chart-0001")
R("minicpm-v", "Dates", "incorrect", "wrong", why="Dates (52) is just under Mangoes (53)")
R("claude-3.5-sonnet", "Mangoes (53), narrowly ahead of Dates (52).", "correct",
  why="Mangoes; Dates only in the comparison")
R("qwen3-vl", "Mangoes", "correct", reasoning="Values: Figs 33, Mangoes 53, Dates 52, Limes 44, Cherries 45. "
  "Largest is Mangoes by one.", s=S(thinking=True), why="the label after reasoning")
R("phi-3.5-vision", "Mangoes or Dates", "incorrect", "wrong", why="a hedge between two labels")
R("pixtral", "**Mangoes**", "correct", why="the label in bold")

# ---------------------------------------------------------------- bounce_count (3; 5)
case("bounce_count-0000")
R("idefics3", "3", "correct", s=VU(), why="the count")
R("gpt-4o", "The ball bounces off the walls three times.", "correct", s=VU(), why="three in words")
R("smolvlm", "1", "incorrect", "frame_sampling", s=FR(3), why="3 frames show one bounce; 4 are needed")
case("bounce_count-0001")
R("internvl", "4", "incorrect", "frame_sampling", s=FR(8), why="8 frames show 4 of the 5 bounces")
R("llava-1.6", "The ball bounces 5 times", "correct", s=VU(), why="5")
R("gemini-1.5", "I can count at least 4 bounces, possibly 5.", "incorrect", "wrong", s=VU(),
  why="a hedge between 4 and 5")
R("qwen3-vl", None, "no_answer", "reasoning_exhausted", finish="length", s=VU(max_tokens=512, thinking=True),
  reasoning="The ball starts near the top left moving down and right. It hits the bottom edge first, then it "
  "goes up and right and hits the right wall. Then it travels left and up... wait, let me re-check the first "
  "frames. In frame 3 the ball is near", why="thinking ran out the budget, no visible answer")

# ---------------------------------------------------------------- circle_overlap (5 circles; 3 pairs)
case("circle_overlap-0000")
R("qwen2.5-vl", "5", "correct", why="the count")
R("llava-1.6", "There are 4 circles in the image.", "incorrect", "wrong", why="4, one missed")
R("pixtral", "**Answer: 5**", "correct", why="5 after a bold marker")
R("aria", "Answer: five circles", "correct", why="five in words after a marker")
case("circle_overlap-0001")
R("glm-4v", "3", "correct", why="3 pairs")
R("gpt-4o", "There are 6 circles in total, and 3 pairs of them overlap.", "correct",
  why="the count asked for (pairs) is 3; the 6 circles is another count")
R("molmo", "2", "incorrect", "wrong", why="2 pairs")

# ---------------------------------------------------------------- circular_motion (A clockwise, both)
case("circular_motion-0000")
R("qwen2.5-vl", "A", "correct", s=VU(), why="letter A")
R("llava-1.6", "(B) counterclockwise", "incorrect", "frame_sampling", s=FR(8),
  why="8 frames alias the rotation backwards (6-9 frames show B)")
R("claude-3.5-sonnet", "The ball moves in the same direction as the hands of a clock.", "correct", s=VU(),
  why="paraphrase of clockwise (POLICY 4.2)")
case("circular_motion-0001")
R("gemini-1.5", "Clockwise", "correct", s=VU(), why="option text")
R("internvl", "B", "incorrect", "wrong", s=FR(30), why="all 30 frames shown; counterclockwise is wrong")
R("gpt-4o", "It might look counterclockwise at first, but tracking the ball frame by frame it actually moves "
  "clockwise.", "correct", s=VU(), why="the hedge is resolved after 'but': clockwise")

# ---------------------------------------------------------------- code_reading (mix -> 311; sweep -> 246)
case("code_reading-0000")
R("gpt-4o", trace(MIX) + "\n\nAnswer: 311", "correct", why="all 24 steps right and the return value")
R("llava-1.6", "Answer: 311", "partial", "format", why="right return value but the trace asked for is left out")
R("qwen2.5-vl", "Tracing mix(24):\n\n" + trace(MIX, 12) + "\ni = 12, to", "partial", "truncation",
  finish="length", s=S(max_tokens=160), why="cut after 12 of 24 steps, all right so far")
R("minicpm-v", "Answer: 312", "incorrect", "wrong", why="no trace and the wrong return value")
case("code_reading-0001")
R("claude-3.5-sonnet", "Let me trace `sweep(24)`:\n\n" + trace(SWEEP, fmt="i={i} → total={t}") + "\n\nAnswer: 246",
  "correct", why="all 24 steps right, arrows as separators, Answer: 246")
R("pixtral", "The function returns 246.", "partial", "format", why="return value right, no trace")
R("internvl", "i = 0, total = 6\ni = 1, total = 4\ni = 2, total = 8\ni = 3, tot", "no_answer", "truncation",
  finish="length", s=S(max_tokens=40), why="cut after 3 of 24 steps: too little to be partial")

# ---------------------------------------------------------------- color_cycle (5; 5)
case("color_cycle-0000")
R("qwen2.5-vl", "5", "correct", s=VU(), why="the count")
R("llava-1.6", "3", "incorrect", "frame_sampling", s=FR(6), why="6 frames show 3 colors; 23 are needed")
R("pixtral", "Es gibt fünf verschiedene Hintergrundfarben.", "correct", s=VU(), why="five in German (POLICY 2.7)")
R("gemini-1.5", "I observed 4 different background colors: red, blue, green, and yellow.", "incorrect", "wrong",
  s=FR(30), why="4 though all frames were shown")
case("color_cycle-0001")
R("gpt-4o", "Five.", "correct", s=VU(), why="five in words")
R("internvl", "4", "incorrect", "frame_sampling", s=FR(12), why="12 frames show 4 colors")
R("qwen3-vl", think("The background goes red, then blue, then green, then purple, then orange, and it cycles back "
                    "to red. Distinct: 5.", "5"), "correct", s=VU(thinking=True), why="5 after the think block")

# ---------------------------------------------------------------- color_grid (2 red; 16 cells)
case("color_grid-0000")
R("qwen2.5-vl", "2", "correct", why="the count")
R("claude-3.5-sonnet", "There are two red cells.", "correct", why="two in words")
R("llava-1.6", "3", "incorrect", "wrong", why="3")
case("color_grid-0001")
R("gpt-4o", GRID1, "correct", why="all 16 cells, one comma list")
R("llava-1.6", "blue, gray, black, black, blue, yellow, blue, blue, red, black, orange, black, black, blue, blue, "
  "blue", "partial", "wrong", why="12 of 16; every purple read as blue")
R("internvl", "Row 1: purple, gray, black, black\nRow 2: blue, yellow, blue, purple\n"
  "Row 3: red, black, orange, black\nRow 4: black, purple, blue, purple", "partial", "format",
  why="all 16 right, but four labelled rows instead of the one comma list asked")
R("minicpm-v", "purple, gray, black, black, blue, yellow, blue, purple, re", "partial", "truncation",
  finish="length", s=S(max_tokens=24), why="cut after 8 right cells of 16")

# ---------------------------------------------------------------- color_order
case("color_order-0000")  # black, orange, pink, gray, blue
R("qwen2.5-vl", "black, orange, pink, gray, blue", "correct", s=VU(), why="all five in order")
R("llava-1.6", "black, pink, orange, gray, blue", "partial", "frame_sampling", s=FR(22),
  why="what 22 frames show: orange and pink swapped, 3 of 5 in place")
R("gemini-1.5", "Black, orange, pink, grey, blue", "correct", s=VU(), why="'grey' is gray")
R("phi-3.5-vision", "1. black\n2. orange\n3. pink\n4. gray\n5. blue", "partial", "format", s=VU(),
  why="right order but a numbered list, not the comma-separated list asked")
case("color_order-0001")  # brown, yellow, cyan, gray, red
R("gpt-4o", "**brown, yellow, cyan, gray, red**", "correct", s=VU(), why="all five in bold")
R("internvl", "brown, yellow, blue, gray, red", "partial", "wrong", s=VU(), why="4 of 5; cyan read as blue")
R("smolvlm", "red, gray, cyan, yellow, brown", "incorrect", "wrong", s=VU(),
  why="the list in reverse order (POLICY 1.2)")

# ---------------------------------------------------------------- concurrency_burst (essays naming a person)
PRINTING = ("# From Movable Type to Screens: A Short History of Printing\n\n"
            "Long before Europe printed books, craftsmen in China carved whole pages into wooden blocks, and Bi "
            "Sheng experimented with movable clay type in the eleventh century. Korea's Jikji, printed with metal "
            "type in 1377, is the oldest surviving book of its kind.\n\n"
            "The decisive change in Europe came around 1440, when Johannes Gutenberg of Mainz combined a "
            "hand mould for casting metal type, an oil-based ink and a screw press adapted from wine-making. His "
            "Bible, finished about 1455, showed that books could be made quickly and in large numbers. Within "
            "fifty years presses were working in more than two hundred European towns.\n\n"
            "Printing fed the Reformation, the Scientific Revolution and the rise of newspapers. In the nineteenth "
            "century steam-driven rotary presses, cheap wood-pulp paper and the Linotype machine made daily "
            "papers affordable for millions. Offset lithography dominated the twentieth century.\n\n"
            "Digital publishing has changed the trade again: desktop publishing in the 1980s, the web in the 1990s "
            "and e-readers in the 2000s let anyone publish at almost no cost. Yet the principle Gutenberg "
            "established, identical copies produced mechanically, still underlies every page we read.")
COMPUTING = ("The history of computing stretches from brass gears to neural networks. In the 1830s Charles "
             "Babbage designed the Analytical Engine, a mechanical general-purpose computer with a mill and a "
             "store, and Ada Lovelace wrote what many call the first program for it.\n\n"
             "A century later Alan Turing described a universal machine in theory, and the Second World War "
             "produced Colossus and ENIAC. Transistors replaced vacuum tubes in the 1950s, integrated circuits "
             "followed, and the microprocessor of 1971 put a computer on a single chip.\n\n"
             "Personal computers in the 1980s and the internet in the 1990s brought computing into every home. "
             "Today, machine learning systems trained on vast data sets translate languages, write code and "
             "recognise images: a long way from the engine Babbage never finished.")
case("concurrency_burst-0000")
R("gpt-4o", PRINTING, "correct", why="an essay on the history of printing that names Gutenberg")
R("llama-3.2-vision", "# The History of Printing\n\nPrinting is one of humanity's most important inventions. Its "
  "story begins in ancient China, where artisans carved text and images into wooden blocks, inked them and "
  "pressed them onto paper. By the Tang dynasty, woodblock printing was used for Buddhist sutras, and the "
  "Diamond Sutra of 868 is", "no_answer", "truncation", finish="length", s=S(max_tokens=64),
  why="cut at the token limit before Gutenberg, the one thing checked, was named")
R("qwen2.5-vl", "Printing changed the world. Movable type arrived in Europe in the fifteenth century thanks to "
  "Gutenberg, whose press spread rapidly. Later came steam presses, offset printing and finally digital "
  "publishing, which lets anyone publish online.", "correct",
  why="short, but an essay on printing that names Gutenberg")
case("concurrency_burst-0001")
R("claude-3.5-sonnet", COMPUTING, "correct", why="history of computing naming Charles Babbage")
R("internvl", "The history of computing is a story of steady progress. In 1936 Alan Turing described the "
  "universal machine. During the Second World War, Colossus and ENIAC were built. Transistors and integrated "
  "circuits made computers smaller, personal computers spread in the 1980s, and today artificial intelligence "
  "systems can hold conversations and generate images.", "incorrect", "wrong",
  why="a finished essay that never names Babbage, as asked")
R("gemini-1.5", "## From Babbage to AI\n\nCharles Babbage's Difference Engine and Analytical Engine, designed in "
  "the nineteenth century, are the ancestors of every modern computer. The twentieth century turned his ideas "
  "into electronics, and the twenty-first into machine learning.", "correct", why="names Babbage")

# ---------------------------------------------------------------- context_needle (7 x 8 = 56)
case("context_needle-0000")
R("qwen2.5-vl", "56", "correct", why="the number only")
R("smolvlm", "54", "incorrect", "wrong", why="54")
R("gpt-4o", "**56**", "correct", why="56 in bold")
case("context_needle-0001")
R("gemini-1.5", "56.", "correct", why="56 with a full stop")
R("qwen3-vl", None, "no_answer", "reasoning_exhausted", finish="length", s=S(max_tokens=16, thinking=True),
  reasoning="The user asks 7 times 8. Seven eights: 8, 16, 24, 32,", why="thinking cut at 16 tokens, no answer")
R("glm-4v", "Fifty-six", "correct", why="56 in words")

# ---------------------------------------------------------------- direction_compare (no, no)
case("direction_compare-0000")
R("qwen2.5-vl", "No", "correct", s=VU(), why="leading no")
R("llava-1.6", "Yes, both balls move to the right.", "incorrect", "wrong", s=VU(), why="yes")
R("claude-3.5-sonnet", "No. In the first video the ball moves from left to right, while in the second it moves "
  "from top to bottom.", "correct", s=VU(), why="leading no, then the two directions")
case("direction_compare-0001")
R("internvl", "no.", "correct", s=VU(), why="lowercase no")
R("gpt-4o", "The first ball moves to the right and the second ball moves to the left, so they move in opposite "
  "directions.", "correct", s=VU(), why="concludes opposite directions: not the same, so no")
R("llama-3.2-vision", "I can only see one video, so I can't compare them.", "no_answer", "refusal", s=VU(),
  why="declines (POLICY 6.5's own example)")

# ---------------------------------------------------------------- equation (-8, 8; 2, 7)
case("equation-0000")
R("gpt-4o", "x = ±8", "correct", why="±8 states both roots")
R("llava-1.6", "x = 8", "partial", "wrong", why="one root of two")
R("claude-3.5-sonnet", "x² − 64 = 0 → x² = 64 → x = -8, 8", "correct", why="both roots at the end")
R("deepseek-vl2", "\\boxed{8}", "partial", "wrong", why="one boxed root of two")
R("qwen3-vl", "x = \\boxed{-8}, \\boxed{8}", "correct", why="both roots, each boxed")
case("equation-0001")
R("qwen2.5-vl", "2, 7", "correct", why="both roots, commas")
R("minicpm-v", "Dividing by 2: x² − 9x + 14 = 0, which factors as (x − 2)(x − 7) = 0. So x = 2 or x = 7.",
  "correct", why="both roots; 'or' is a loose separator")
R("phi-3.5-vision", "x = -2, -7", "incorrect", "wrong", why="both signs wrong")

# ---------------------------------------------------------------- flashing_light (5; 5)
case("flashing_light-0000")
R("qwen2.5-vl", "5", "correct", s=VU(), why="the count")
R("internvl", "4", "incorrect", "frame_sampling", s=FR(18), why="18 frames show 4 flashes")
R("llava-1.6", "The lamp flashes 6 times.", "incorrect", "wrong", s=VU(), why="6")
R("glm-4v", "灯闪了五次。", "correct", s=VU(), why="five times, in Chinese (POLICY 2.7)")
case("flashing_light-0001")
R("gpt-4o", "It flashes five times.", "correct", s=VU(), why="five in words")
R("smolvlm", "2", "incorrect", "frame_sampling", s=FR(10), why="10 frames show 2 flashes")
R("llava-1.6", "The lamp flashes, then turns off, " * 60, "no_answer", "degenerate_repetition", finish="length",
  s=VU(max_tokens=512), why="a loop to the token limit with no count in it")

# ---------------------------------------------------------------- grid_diff ((1,2),(3,4); (3,2),(4,4))
case("grid_diff-0000")
R("qwen2.5-vl", "(1, 2), (3, 4)", "correct", why="both cells")
R("llava-1.6", "(1, 2)", "partial", "wrong", why="one of two cells")
R("gemini-1.5", "The differing cells are at row 1, column 2 and row 3, column 4.", "partial", "format",
  why="both cells right but not written as (row, column) pairs as asked")
R("internvl", "(1, 2), (3, 4), (2, 1)", "partial", "wrong", why="both cells and one that does not differ")
case("grid_diff-0001")
R("gpt-4o", "(3,2), (4,4)", "correct", why="both cells, no spaces")
R("molmo", "(2, 3), (4, 4)", "partial", "wrong", why="(3, 2) transposed; one of two right")
R("llama-3.2-vision", "I don't see any differences between the two grids.", "incorrect", "wrong",
  why="says no cell differs")

# ---------------------------------------------------------------- instructed_answer
case("instructed_answer-0000")  # {"color": "cyan", "shape": "diamond", "direction": "right"}
R("qwen2.5-vl", "{\"color\": \"cyan\", \"shape\": \"diamond\", \"direction\": \"right\"}", "correct", s=VU(),
  why="the JSON object")
R("llava-1.6", "{\"color\": \"blue\", \"shape\": \"diamond\", \"direction\": \"right\"}", "partial", "wrong",
  s=VU(), why="2 of 3 keys; cyan read as blue")
R("internvl", "color: cyan\nshape: diamond\ndirection: right", "partial", "format", s=VU(),
  why="all three right as key: value lines, not JSON")
R("smolvlm", "{\"color\": \"cyan\", \"shape\": \"square\", \"direction\": \"left\"}", "incorrect", "wrong",
  s=VU(), why="1 of 3 keys")
case("instructed_answer-0001")  # yellow, hexagon, right
R("gpt-4o", "yellow, hexagon, right", "correct", s=VU(), why="the three values, one comma line")
R("gemini-1.5", "Yellow, Hexagon, Right", "correct", s=VU(), why="capitalised, same values")
R("claude-3.5-sonnet", "The object is a yellow hexagon moving to the right.", "partial", "format", s=VU(),
  why="all three right in a sentence, not the comma line asked")
R("minicpm-v", "yellow, pentagon, right", "partial", "wrong", s=VU(), why="2 of 3; hexagon called pentagon")

# ---------------------------------------------------------------- instructions (<= 50 chars; exactly 7 animals)
case("instructions-0000")
R("gpt-4o", "Plants turn light, water and CO2 into sugar.", "correct", why="44 characters, on photosynthesis")
R("llama-3.2-vision", "Photosynthesis is the process by which green plants use sunlight, water and carbon dioxide "
  "to make glucose and release oxygen.", "incorrect", "wrong",
  why="on topic but about 125 characters: the limit is what was asked")
R("qwen2.5-vl", "Light + CO2 + water → glucose + O2 in plants.", "correct", why="under 50 characters, on topic")
case("instructions-0001")
R("qwen2.5-vl", "dog\ncat\nhorse\ncow\nlion\ntiger\nbear", "correct", why="7 distinct animals, one per line")
R("gpt-4o", "Here are 7 animals:\n1. Elephant\n2. Giraffe\n3. Zebra\n4. Lion\n5. Penguin\n6. Dolphin\n7. Kangaroo",
  "correct", why="7 numbered animals; the lead-in line is no item")
R("phi-3.5-vision", "1. Dog\n2. Cat\n3. Horse\n4. Cow\n5. Sheep\n6. Goat", "incorrect", "wrong", why="6, not 7")
R("smolvlm", "Dog\nCat\nDog\nHorse\nCow\nPig\nSheep", "incorrect", "wrong",
  why="7 lines but Dog twice: 6 distinct animals")

# ---------------------------------------------------------------- line_chart (Jan 18; Mar)
case("line_chart-0000")
R("qwen2.5-vl", "18", "correct", why="the value")
R("llava-1.6", "20", "incorrect", "wrong", why="20 is Feb's value")
R("claude-3.5-sonnet", "The value for Jan is approximately 18 thousand visitors.", "correct",
  why="18 in a sentence; the chart's unit is thousands")
case("line_chart-0001")
R("gpt-4o", "Mar", "correct", why="the label")
R("gemini-1.5", "March", "partial", "format", why="right month but not as labelled ('Mar'), as the prompt asks")
R("internvl", "Apr", "incorrect", "wrong", why="Apr (42) is not the peak")
R("pixtral", "**Mar** (56)", "correct", why="label in bold, the value in an aside")

# ---------------------------------------------------------------- line_intersections (2; 2)
case("line_intersections-0000")
R("qwen2.5-vl", "2", "correct", why="the count")
R("llava-1.6", "There are 3 intersection points.", "incorrect", "wrong", why="3")
R("aria", "Two.", "correct", why="two in words")
case("line_intersections-0001")
R("gpt-4o", "The segments cross at 2 points.", "correct", why="2")
R("idefics3", "1", "incorrect", "wrong", why="1")
R("qwen3-vl", think("There are four segments. The red one crosses the blue one near the middle, and the green one "
                    "crosses the orange one at the right. The others do not meet. 2 crossings.", "Answer: 2"),
  "correct", s=S(thinking=True), why="Answer: 2 after the think block")

# ---------------------------------------------------------------- linear_motion (F; C)
case("linear_motion-0000")
R("qwen2.5-vl", "F", "correct", s=VU(), why="letter F")
R("internvl", "(F) toward the bottom left", "correct", s=VU(), why="letter and text")
R("claude-3.5-sonnet", "The ball starts near the top-right corner and ends near the bottom-left corner.",
  "correct", s=VU(), why="a path toward the bottom left (POLICY 4.2)")
R("llava-1.6", "E", "incorrect", "wrong", s=VU(), why="bottom right: horizontal direction reversed")
case("linear_motion-0001")
R("minicpm-v", "c", "correct", s=VU(), why="lowercase bare letter")
R("gpt-4o", "The ball moves downward, from the top of the frame to the bottom.\n\nAnswer: C", "correct", s=VU(),
  why="Answer: C")
R("deepseek-vl2", "D) bottom to top", "incorrect", "wrong", s=VU(), why="the opposite direction")
R("gemini-1.5", "La pelota se mueve de arriba hacia abajo.", "correct", s=VU(),
  why="top to bottom, in Spanish (POLICY 2.7)")

# ---------------------------------------------------------------- motion_type (A; B)
case("motion_type-0000")
R("qwen2.5-vl", "A", "correct", s=VU(), why="letter A")
R("gemini-1.5", "It moves in a straight line.", "correct", s=VU(), why="option A's text")
R("llava-1.6", "(B) bouncing off the walls", "incorrect", "wrong", s=VU(), why="B")
R("minicpm-v", "Answer: (a)", "correct", s=VU(), why="bracketed lowercase letter after a marker: A")
case("motion_type-0001")
R("internvl", "B", "correct", s=VU(), why="letter B")
R("smolvlm", "A", "incorrect", "frame_sampling", s=FR(2), why="2 frames show a straight line; 3 are needed")
R("gpt-4o", "The ball ricochets off the edges of the frame.", "correct", s=VU(),
  why="'ricochets' paraphrases bouncing off the walls (POLICY 4.2)")

# ---------------------------------------------------------------- nested_squares (4; 4)
case("nested_squares-0000")
R("qwen2.5-vl", "4", "correct", why="the count")
R("llava-1.6", "3", "incorrect", "wrong", why="3")
R("claude-3.5-sonnet", "There are 4 squares nested inside each other.", "correct", why="4")
case("nested_squares-0001")
R("glm-4v", "four", "correct", why="four in words")
R("phi-3.5-vision", "I count 5 squares.", "incorrect", "wrong", why="5")
R("molmo", "4 or 5", "incorrect", "wrong", why="a hedge")

# ---------------------------------------------------------------- odd_one_out ((1, 4); (3, 3))
case("odd_one_out-0000")
R("qwen2.5-vl", "(1, 4)", "correct", why="the position")
R("llava-1.6", "(4, 1)", "incorrect", "wrong", why="row and column swapped")
R("gpt-4o", "The odd shape is the one at (1, 4): it is the only triangle.", "correct",
  why="(1, 4) stated, with a reason after")
case("odd_one_out-0001")
R("internvl", "(3,3)", "correct", why="the position, no space")
R("minicpm-v", "(3, 2)", "incorrect", "wrong", why="wrong column")
R("pixtral", "**(3, 3)**", "correct", why="in bold")

# ---------------------------------------------------------------- output_length (measured; max_tokens 256)
FLIGHT = ("The history of flight begins in 1783, when the Montgolfier brothers sent a hot-air balloon over Annonay "
          "and, a few months later, carried the first human passengers over Paris. Balloons showed that people "
          "could rise into the air, but they went where the wind took them.\n\nIn the nineteenth century George "
          "Cayley worked out the principles of the fixed-wing aircraft, and Otto Lilienthal made thousands of "
          "glider flights in the 1890s. In 1903 the Wright brothers flew the first powered, controlled aeroplane "
          "at Kitty Hawk.\n\nThe First World War turned aircraft into weapons and drove rapid improvements in "
          "engines and structures. Between the wars, airlines began carrying mail and passengers, and metal "
          "monoplanes such as the Douglas DC-3 made air travel practical.\n\nThe jet engine, developed by Frank "
          "Whittle and Hans von Ohain, changed everything. The de Havilland Comet entered service in 1952 and the "
          "Boeing 707 in 1958, opening the jet age.")
case("output_length-0000")
R("llama-3.2-vision", FLIGHT[:900], "correct", finish="length", s=S(max_tokens=256), use=usage(256),
  why="cut exactly at max_tokens: the server honoured the limit")
R("qwen2.5-vl", FLIGHT, "incorrect", "wrong", s=S(max_tokens=256), use=usage(412),
  why="412 completion tokens for max_tokens 256: the limit was not honoured (POLICY 8.2)")
case("output_length-0001")
R("gpt-4o", FLIGHT[:780], "correct", s=S(max_tokens=256), use=usage(231), why="231 tokens, within the limit")
R("internvl", "", "no_answer", "wrong", s=S(max_tokens=256), use=usage(0),
  why="nothing generated (POLICY 8.1)")

# ---------------------------------------------------------------- prompt_complexity (measured; content needed)
HASH = ("A hash table stores key-value pairs in an array of buckets. To insert a key, a hash function turns it "
        "into an integer, and that integer modulo the array's size picks the bucket.\n\nTwo keys can land in the "
        "same bucket, a collision. Separate chaining keeps a small list in each bucket; open addressing probes "
        "other slots until it finds a free one.\n\nWhen the table fills past a load factor, it is resized and "
        "every key rehashed, so lookups, inserts and deletes stay O(1) on average.")
LOOP = ("A compiler first finds loops in the control-flow graph and checks which values change inside them. "
        "Computations that do not change, such as an address or a constant product, are hoisted out of the loop.\n\n"
        "It then simplifies the induction variables: a multiplication by the loop counter becomes an addition "
        "each iteration (strength reduction), and bounds checks that can be proved safe are removed.\n\n"
        "Finally, it may unroll the loop to cut branch overhead and vectorise it so one SIMD instruction "
        "processes several elements at once.")
case("prompt_complexity-0000")
R("gpt-4o", HASH, "correct", s=S(max_tokens=1024), use=usage(118), why="three paragraphs of content arrived")
R("qwen3-vl", None, "no_answer", "reasoning_exhausted", finish="length", s=S(max_tokens=1024, thinking=True),
  use=usage(1024, reasoning=1024), reasoning="The user wants three paragraphs about hash tables. First paragraph: "
  "buckets and the hash function. Second: collisions, chaining versus open addressing, maybe Robin Hood "
  "hashing? Third: resizing and the load factor. Let me make sure", why="only reasoning, cut at the budget")
case("prompt_complexity-0001")
R("claude-3.5-sonnet", LOOP, "correct", s=S(max_tokens=1024), use=usage(121), why="three paragraphs of content")
R("qwen3-vl", "", "no_answer", "wrong", s=S(max_tokens=1024, thinking=True), use=usage(310, reasoning=310),
  reasoning="Three paragraphs: hoisting, strength reduction, unrolling and vectorisation.",
  why="reasoning only, empty content, not cut: no content to time (POLICY 8.4)")

# ---------------------------------------------------------------- predict_position (F; I)
case("predict_position-0000")
R("qwen2.5-vl", "F", "correct", s=VU(), why="letter F")
R("internvl", "(F) middle right", "correct", s=VU(), why="letter and text")
R("gpt-4o", "The ball is moving horizontally to the right along the middle of the frame, so it will end up at "
  "the right edge in the middle row.\n\nAnswer: F", "correct", s=VU(), why="Answer: F")
R("llava-1.6", "I", "incorrect", "wrong", s=VU(), why="bottom right")
R("molmo", "I'd go with the sixth option.", "correct", s=VU(), why="the sixth option is F (POLICY 4.6)")
case("predict_position-0001")
R("claude-3.5-sonnet", "The ball is heading down and to the right, so in 2 seconds it will be in the bottom "
  "right. **(I)**", "correct", s=VU(), why="bottom right, (I) in bold")
R("smolvlm", "H", "incorrect", "wrong", s=VU(), why="bottom center")
R("gemini-1.5", "bottom-right", "correct", s=VU(), why="option text, hyphenated")

# ---------------------------------------------------------------- pulsing_circle (7; 7)
case("pulsing_circle-0000")
R("qwen2.5-vl", "7", "correct", s=VU(), why="the count")
R("internvl", "6", "incorrect", "frame_sampling", s=FR(19), why="19 frames show 6 peaks; all 30 are needed")
R("gpt-4o", "It reaches its largest size seven times.", "correct", s=VU(), why="seven in words")
case("pulsing_circle-0001")
R("llava-1.6", "4", "incorrect", "frame_sampling", s=FR(13), why="13 frames show 4 peaks")
R("minicpm-v", "The circle pulses 8 times.", "incorrect", "wrong", s=VU(), why="8; no frame count shows 8")
R("pixtral", "7 " * 200, "correct", finish="length", s=VU(max_tokens=400),
  why="a single right value repeated in a loop is the committed answer (POLICY 1.4)")

# ---------------------------------------------------------------- race_to_line (yellow; blue)
case("race_to_line-0000")
R("qwen2.5-vl", "Yellow", "correct", s=VU(), why="the color")
R("gpt-4o", "The yellow ball reaches the finish line first.", "correct", s=VU(),
  why="yellow stated; the prompt asks for the color, not one word only")
R("llava-1.6", "red", "incorrect", "wrong", s=VU(), why="red")
R("qwen3-vl", "黄色", "correct", s=VU(), why="yellow in Chinese (POLICY 2.7)")
case("race_to_line-0001")
R("internvl", "blue", "correct", s=VU(), why="the color")
R("claude-3.5-sonnet", "The blue ball, well ahead of the green ball.", "correct", s=VU(),
  why="blue; green only in the aside")
R("deepseek-vl2", "Green", "incorrect", "wrong", s=VU(), why="the other ball")
R("aria", "Le ballon bleu.", "correct", s=VU(), why="blue, in French (POLICY 2.7)")

# ---------------------------------------------------------------- reasoning (count_vowels code; 37)
case("reasoning-0000")
R("gpt-4o", "```python\ndef count_vowels(s):\n    return sum(1 for ch in s if ch.lower() in \"aeiou\")\n```",
  "correct", why="counts vowels of either case; passes every test")
R("llava-1.6", "```python\ndef count_vowels(s):\n    count = 0\n    for c in s:\n        if c in 'aeiou':\n"
  "            count += 1\n    return count\n```", "partial", "wrong",
  why="lowercase only: misses the capital A of 'Anna'; 5 of 6 tests pass")
R("qwen2.5-vl", "```python\ndef count_vowels(s):\n    vowels = set('aeiouAEIOU')\n    return sum(", "no_answer",
  "truncation", finish="length", s=S(max_tokens=24), why="cut before the function is complete")
case("reasoning-0001")
R("qwen2.5-vl", "37", "correct", why="the number")
R("claude-3.5-sonnet", "53 − 84 = −31\n−31 + 57 = 26\n26 + 11 = 37\n\nAnswer: 37", "correct", why="Answer: 37")
R("phi-3.5-vision", "53 - 84 = 31, 31 + 57 = 88, 88 + 11 = 99. Answer: 99", "incorrect", "wrong",
  why="dropped the sign of 53 − 84")

# ---------------------------------------------------------------- sequence_pattern (B; B)
case("sequence_pattern-0000")
R("qwen2.5-vl", "B", "correct", why="letter B")
R("gpt-4o", "The pattern alternates gray diamond, black square, so the next shape is a gray diamond.", "correct",
  why="option B's text after 'so'")
R("llava-1.6", "(C) black circle", "incorrect", "wrong", why="C")
R("molmo", "the second one", "correct", why="an ordinal as a short answer: option B (POLICY 4.6)")
R("deepseek-vl2", "\\boxed{B}", "correct", why="boxed letter")
case("sequence_pattern-0001")
R("internvl", "B.", "correct", why="letter B")
R("smolvlm", "A or B", "incorrect", "wrong", why="a hedge between two letters")
R("llava-1.6", "D", "incorrect", "wrong", why="cyan hexagon")
R("gemini-1.5", "Answer: cyan diamond", "correct", why="option B's text after a marker")

# ---------------------------------------------------------------- shape_compare (C; C)
case("shape_compare-0000")
R("qwen2.5-vl", "C", "correct", why="letter C")
R("claude-3.5-sonnet", "Image 3 has the most diamonds.", "correct", why="option C's text")
R("llava-1.6", "(A) Image 1", "incorrect", "wrong", why="A")
R("minicpm-v", "the third image", "correct", why="an indexed item: Image 3")
case("shape_compare-0001")
R("phi-3.5-vision", "(c)", "correct", why="bracketed lowercase letter")
R("idefics3", "Image 2", "incorrect", "wrong", why="Image 2")
R("llama-3.2-vision", "I cannot determine which image contains the most circles from the given images.",
  "no_answer", "refusal", why="declines to choose")

# ---------------------------------------------------------------- shape_morph
# (hexagon, star, square; circle, square, triangle)
case("shape_morph-0000")
R("qwen2.5-vl", "hexagon, star, square", "correct", s=VU(), why="all three in order")
R("llava-1.6", "hexagon, square", "partial", "frame_sampling", s=FR(8),
  why="8 frames miss the star; 2 of 3 in order")
R("gemini-1.5", "Hexagon → Star → Square", "partial", "format", s=VU(),
  why="right shapes and order, but arrows, not the comma list asked")
case("shape_morph-0001")
R("gpt-4o", "circle, square, triangle", "correct", s=VU(), why="all three in order")
R("internvl", "circle, rectangle, triangle", "partial", "wrong", s=VU(), why="2 of 3; square called rectangle")
R("smolvlm", "triangle, square, circle", "incorrect", "wrong", s=VU(), why="the list in reverse order")

# ---------------------------------------------------------------- shapes (2 hexagons; yes)
case("shapes-0000")
R("qwen2.5-vl", "2", "correct", why="the count")
R("llava-1.6", "There are 3 hexagons.", "incorrect", "wrong", why="3")
R("glm-4v", "**2**", "correct", why="2 in bold")
case("shapes-0001")
R("internvl", "Yes", "correct", why="leading yes")
R("llava-1.6", "No, the brown hexagon is to the right of the pink hexagon.", "incorrect", "wrong", why="no")
R("claude-3.5-sonnet", "The brown hexagon is to the left of the pink hexagon.", "correct",
  why="restates the question's relation: yes")
R("qwen3-vl", "はい、茶色の六角形はピンクの六角形の左にあります。", "correct",
  why="leading yes in Japanese (POLICY 2.7)")

# ---------------------------------------------------------------- speed_compare (A; A)
case("speed_compare-0000")
R("qwen2.5-vl", "A", "correct", s=VU(), why="letter A")
R("gpt-4o", "The ball in the first video moves faster.", "correct", s=VU(), why="option A's text")
R("llava-1.6", "(B) the second video", "incorrect", "wrong", s=VU(), why="B")
R("smolvlm", "The first one.", "correct", s=VU(), why="short answer naming the first video")
case("speed_compare-0001")
R("claude-3.5-sonnet", "The ball in the second video is slower.", "correct", s=VU(),
  why="the opposite comparative names the first video (POLICY 4.3)")
R("smolvlm", "B", "incorrect", "wrong", s=VU(), why="B")
R("internvl", "They appear to move at the same speed.", "incorrect", "wrong", s=VU(),
  why="chooses neither option; the first is faster")

# ---------------------------------------------------------------- text_card (api_key only; transcription)
case("text_card-0000")
R("qwen2.5-vl", "sk-proj-V2ohKkRLqfTEMzYeFjLyEiTr", "correct", why="exact key")
R("internvl", "sk-proj-V2ohKkRLqfTEMzYeFjLyEITr", "partial", "wrong",
  why="one character misread (i as I): exactly is what was asked, so partial (POLICY 1.2)")
R("gpt-4o", "sk-proj-****", "no_answer", "safety_redaction", why="the only thing asked, masked")
R("claude-3.5-sonnet", "I can't reproduce API keys or other credentials, even when they appear in an image.",
  "no_answer", "safety_redaction", why="declines the secret, the only thing asked (POLICY 6.4)")
case("text_card-0001")
R("qwen2.5-vl", "```\n" + CARD1 + "\n```", "correct", why="exact, in a fence")
R("gemini-1.5", "Here is the text:\n\n" + CARD1, "correct", why="exact after an introducing line")
R("gpt-4o", CARD1.replace("sk-proj-r7KvuMWZraoS7xWJrnmEWkqT", "sk-proj-****"), "partial", "safety_redaction",
  why="every line right but the key masked")
R("llava-1.6", CARD1.replace("6759", "6750"), "partial", "wrong", why="one digit misread in the port")

# ---------------------------------------------------------------- tool_calling (get_weather; convert_currency)
case("tool_calling-0000")
R("gpt-4o", None, "correct", finish="tool_calls",
  tool_calls=[call("get_weather", "{\"city\": \"Cairo\", \"unit\": \"fahrenheit\"}")], why="the right call")
R("qwen2.5-vl", None, "correct", finish="tool_calls",
  tool_calls=[call("get_weather", "{\"city\": \"Cairo, Egypt\", \"unit\": \"fahrenheit\"}")],
  why="'Cairo, Egypt' is an accepted city")
R("internvl", "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Cairo\", \"unit\": "
  "\"fahrenheit\"}}\n</tool_call>", "partial", "tool_in_text", why="the right call, but written in the text")
R("llama-3.2-vision", None, "partial", "wrong", finish="tool_calls",
  tool_calls=[call("get_weather", "{\"city\": \"Cairo\", \"unit\": \"celsius\"}")],
  why="right tool, unit wrong: 1 of 2 arguments")
case("tool_calling-0001")
R("claude-3.5-sonnet", None, "correct", finish="tool_calls",
  tool_calls=[call("convert_currency", "{\"amount\": 1930, \"from_currency\": \"JPY\", \"to_currency\": \"CAD\"}")],
  why="the right call")
R("minicpm-v", None, "partial", "wrong", finish="tool_calls",
  tool_calls=[call("convert_currency", "{\"amount\": \"1930\", \"from_currency\": \"JPY\", \"to_currency\": "
                   "\"CAD\"}")], why="amount sent as a string: 2 of 3 arguments right (POLICY 9.1)")
R("gemini-1.5", "I don't have access to live exchange rates, but 1930 JPY is roughly 17.50 CAD.", "incorrect",
  "no_tool_call", why="answers from memory without calling the tool")
R("qwen3-vl", None, "incorrect", "wrong_tool", finish="tool_calls",
  tool_calls=[call("calculate", "{\"expression\": \"1930 * 0.0091\"}")], why="calculate instead of convert_currency")


def load_cases(suite: str) -> dict[str, dict]:
    cases = {}
    with open(os.path.join(suite, "cases.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            c = json.loads(line)
            cases[c["id"]] = {k: c.get(k) for k in CASE_KEYS}
    return cases


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", required=True, help="a suite built with --suite full --per-family 3 --seed 90210")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args()
    cases = load_cases(args.suite)
    unknown = set(ROWS) - set(cases)
    assert not unknown, f"unknown cases: {sorted(unknown)}"
    families = {c["family"] for c in cases.values()}
    assert families == {cases[cid]["family"] for cid in ROWS}, "every family needs answers"
    rows = []
    for cid in sorted(ROWS):
        for n, row in enumerate(ROWS[cid], 1):
            rows.append({"id": f"fresh-s{SEED}-{cid}-w{n:02d}", "case_id": cid, "case": cases[cid], **row})
    with open(args.out, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    fam = Counter(cases[r["case_id"]]["family"] for r in rows)
    print(f"{len(rows)} rows, {len(ROWS)} cases, {len(fam)} families")
    print("per family:", dict(sorted(fam.items())))
    print("per verdict:", dict(Counter(r["human"]["verdict"] for r in rows).most_common()))
    print("per cause:", dict(Counter(r["human"]["cause"] for r in rows).most_common()))
    print("per style:", dict(Counter(r["style"] for r in rows).most_common()))


if __name__ == "__main__":
    main()
