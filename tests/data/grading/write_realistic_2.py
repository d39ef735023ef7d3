"""Write a second, independent set of realistic VLM answers to the 37 golden cases, with human labels.

Run:  python3 write_realistic_2.py   (writes realistic_2.jsonl next to this file)
The answers are hand-written in the manner of the model named in each row's `style`; they are not outputs
of those models. Each label was decided by reading graders/POLICY.md only, before any grader was run.
"""
from __future__ import annotations

import json
import os
from collections import Counter

from labelling import Corpus, frames, repeat, sent, think, video_url

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
CASES = os.path.join(ROOT, "golden", "cases.jsonl")
OUT = os.path.join(HERE, "realistic_2.jsonl")

STYLES = {"qwen3-vl", "qwen2.5-vl", "gpt-4o", "claude-3.5-sonnet", "gemini-1.5", "gemma-3", "llava-1.6",
          "internvl", "minicpm-v", "pixtral", "llama-3.2-vision", "phi-3.5-vision", "molmo", "deepseek-vl2",
          "glm-4v"}

corpus = Corpus(STYLES)
CORPUS = corpus.rows
case, R = corpus.case, corpus.add
S, VU, FR, rep = sent, video_url, frames, repeat


TRACE = [(2, 8), (3, 6), (4, 18), (5, 16), (6, 34), (7, 32), (8, 56), (9, 54), (10, 84), (11, 82), (12, 118),
         (13, 116), (14, 158), (15, 156), (16, 204), (17, 202), (18, 256), (19, 254), (20, 314), (21, 312),
         (22, 378), (23, 376), (24, 448), (25, 446)]
BLEND = ("def blend(n):\n    steps = 0\n    while n != 1 and steps < 49:\n        if n % 2 == 0:\n"
         "            n = n // 2\n        else:\n            n = 3 * n + 1\n        steps += 1\n    return steps\n")
CARD0 = ("port = 11980\nuser = Maria Rossi\ntimeout_ms = 26334\napi_key = sk-proj-5h6NUmTNhEbvKpfTb92s7wJw\n"
         "replicas = 40\nbucket = amber-assets-19")

# ---------------------------------------------------------------- color_grid
case("color_grid-s0-0000")
R("gpt-4o", "| Row | Col 1 | Col 2 | Col 3 | Col 4 |\n|---|---|---|---|---|\n| 1 | purple | gray | cyan | red |\n"
  "| 2 | green | orange | red | blue |\n| 3 | orange | green | black | cyan |\n| 4 | gray | green | black | red |\n\n"
  "As one list: purple, gray, cyan, red, green, orange, red, blue, orange, green, black, cyan, gray, green, "
  "black, red", "correct", why="table first, then the full comma list; all 16 cells right")
R("qwen3-vl", "purple,gray,cyan,red,green,orange,red,blue,orange,green,black,cyan,gray,green,black,red",
  "correct", why="all 16 right, commas without spaces",
  reasoning="Top row: purple, gray, cyan, red. Second: green, orange, red, blue. Third: orange, green, black, "
  "cyan. Bottom: gray, green, black, red. The user wants one comma list.", s=S(thinking=True))
R("llava-1.6", "blue, gray, blue, red, green, orange, red, blue, orange, green, black, blue, gray, green, black, red",
  "partial", "wrong", why="13 of 16; purple (1,1) and both cyan cells read as blue")
R("internvl", "Reading the grid row by row:\n\nRow 1: purple, gray, cyan, red\nRow 2: green, orange, red, blue\n"
  "Row 3: orange, gr", "partial", "truncation", finish="length", s=S(max_tokens=40),
  why="cut at max_tokens after 9 right cells of 16, nothing wrong so far")
R("gemma-3", "Purple, Gray, Cyan, Red, Green, Orange, Red, Blue, Orange, Green, Black, Cyan, Orange, Green, Black, "
  "Cyan", "partial", "wrong", why="14 of 16; the bottom row's gray and red read as orange and cyan")
R("minicpm-v", "1. purple\n2. gray\n3. cyan\n4. red\n5. green\n6. orange\n7. red\n8. blue\n9. orange\n10. green\n"
  "11. black\n12. cyan\n13. gray\n14. green\n15. black\n16. red", "partial", "format",
  why="all 16 right but a numbered list where one comma-separated list was asked")
R("pixtral", rep("gray, green, black, red, ", 60,
                 "purple, gray, cyan, red, green, orange, red, blue, orange, green, black, cyan, "),
  "partial", "degenerate_repetition", finish="length", s=S(max_tokens=1024),
  why="the right 16 cells, then the last row repeats until max_tokens: a right list in a loop earns half")

case("color_grid-s0-0001")
R("gpt-4o", "Row 5, column 1: **blue**", "correct", why="bold blue in a sentence")
R("llava-1.6", "The cell is pink.", "incorrect", "wrong", why="pink is row 4, column 1: off by one row")
R("qwen3-vl", "The answer is blue.", "correct", s=S(thinking=True), why="right after counting rows in the reasoning",
  reasoning="Column 1 from the top: orange, orange, blue, pink, blue, yellow. Row 5 is the fifth: blue.")
R("gemma-3", "It's blue — a medium, royal blue.", "correct", why="blue, with a shade description")
R("internvl", "yellow", "incorrect", "wrong", why="yellow is row 6: counted one row too far")
R("glm-4v", "Blue or possibly purple — the lighting makes it hard to tell.", "incorrect", "wrong",
  why="hedge between two colours")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", finish="length", s=S(max_tokens=256, thinking=True),
  why="reasoning used the whole budget, content empty",
  reasoning="The grid is 6x6. I need row 5, column 1. Let me count the rows from the top carefully. Row 1 starts "
  "with orange. Row 2 starts with orange too. Row 3 starts with blue. Row 4 starts with pink. Row 5 starts with "
  "... wait, are there gaps between cells that could make me miscount? The cells are about 60 pixels with a "
  "6 pixel gap. So row 5 spans roughly y = 264 to 324. Looking at x from 0 to 60 in that band, the color is")

case("color_grid-s0-0002")
R("llava-1.6", "6 purple cells", "correct", why="6 with its noun")
R("gpt-4o", "There are **six** purple cells: four in the second column and two more in the bottom row.", "correct",
  why="six in words; the 4 and 2 are its breakdown")
R("internvl", "There are 5 purple cells.", "incorrect", "wrong", why="off by one")
R("qwen3-vl", think("Column 2: rows 1, 2, 4, 5 are purple, so 4. Row 5 also has purple in columns 3 and 4, "
                    "2 more. Total 6.", "6"), "correct", why="<think> block then 6")
R("gemma-3", "Counting the purple squares row by row: row 1 has 1, row 2 has 1, row 3 has 0, row 4 has 1, row 5 has "
  "3.\n\nTotal: 1 + 1 + 0 + 1 + 3 = 7", "incorrect", "wrong", why="per-row counts are right but the sum is written 7")
R("deepseek-vl2", "I count 6 or 7 purple cells.", "incorrect", "wrong", why="hedge between 6 and 7")
R("claude-3.5-sonnet", "At first glance it looks like 6 or 7, since two of the bottom-row cells are close to "
  "magenta, but counting carefully, there are 6 purple cells.", "correct", why="hedges, then commits to 6")

# ---------------------------------------------------------------- shapes
case("shapes-s0-0000")
R("gpt-4o", "- Cyan circle\n- Orange star\n- Green square\n- Gray circle\n- Brown star", "correct",
  why="all five as bullets; 'separated by commas' is loose (6.8)")
R("llava-1.6", "cyan circle, orange star, green square, gray circle, brown star", "correct", why="all five")
R("internvl", "blue circle, orange star, green square, gray circle, brown star", "partial", "wrong",
  why="4 of 5; cyan circle called blue")
R("gemma-3", "cyan circle, orange star, green square", "partial", "wrong", why="3 of 5; the gray circle and brown "
  "star are missing")
R("qwen3-vl", "Cyan circle, orange star, green square, gray circle, brown star.", "correct", s=S(thinking=True),
  reasoning="Small cyan circle upper left, big orange star lower right, green square bottom, gray circle right, "
  "brown star in the middle.", why="all five after thinking")
R("phi-3.5-vision", "The image contains several geometric shapes in different colors, including circles, stars and "
  "a square, arranged on a white background.", "incorrect", "wrong",
  why="describes kinds of shape but names no 'color shape' item")

case("shapes-s0-0001")
R("llava-1.6", "no, it is not", "correct", why="no")
R("gpt-4o", "No — the red star is to the **right** of the brown star.", "correct", why="no, with the reason")
R("internvl", "Yes, it is.", "incorrect", "wrong", why="yes")
R("gemma-3", "The brown star is on the left side of the image, and the red star is further to the right. So no.",
  "correct", why="concludes no")
R("qwen3-vl", "The brown star is to the left of the red star.", "correct",
  why="restatement that answers no (4.3)")
R("llava-1.6", "Désolé, je ne peux pas déterminer la position relative des formes dans cette image.",
  "no_answer", "refusal", why="declines in French")

# ---------------------------------------------------------------- grid_diff
case("grid_diff-s0-0000")
R("gpt-4o", "The grids differ in two cells: **(1, 3)** and **(4, 3)**.", "correct", why="both cells")
R("qwen3-vl", "(1,3),(4,3)", "correct", s=S(thinking=True), why="both cells after thinking",
  reasoning="Row 1: purple cyan blue yellow vs purple cyan black yellow, column 3 differs. Rows 2 and 3 identical. "
  "Row 4: gray brown cyan purple vs gray brown orange purple, column 3 differs.")
R("llava-1.6", "(3,1), (3,4)", "incorrect", "wrong", why="row and column swapped: neither cell right")
R("internvl", "Only one cell differs: (1, 3).", "partial", "wrong", why="1 of 2 cells; missed (4, 3)")
R("gemma-3", "Row 1, column 3 and row 4, column 3.", "correct", why="both cells in words")
R("molmo", "(1, 3), (2, 3), (4, 3)", "partial", "wrong", why="both right cells plus a spurious (2, 3)")
R("llama-3.2-vision", "I'm sorry, I can only see one image. Could you upload the second grid so I can compare them?",
  "no_answer", "refusal", why="says it sees only one image; no cells given")

# ---------------------------------------------------------------- shape_compare
case("shape_compare-s0-0000")
R("llava-1.6", "c.", "correct", why="lowercase letter with a full stop")
R("gpt-4o", "Image 3 has the most squares — three of them, versus two in Image 1 and none in Image 2.\n\n**Answer: C**",
  "correct", why="(C) Image 3; the other counts are the comparison")
R("internvl", "The third one.", "correct", why="ordinal paraphrase of Image 3")
R("gemma-3", "B", "incorrect", "wrong", why="Image 2 has no squares")
R("qwen3-vl", think("Image 1: an orange and a cyan square, 2. Image 2: triangles and hexagons, no squares. "
                    "Image 3: three squares.", "C"), "correct", why="<think> then C")
R("deepseek-vl2", "Either Image 1 or Image 3 — they seem to have the same number of squares.", "incorrect",
  "wrong", why="hedge between Image 1 and Image 3")
R("qwen2.5-vl", "Let me count the squares in each image.\n\n**Image 1:** orange square, cyan square → 2 squares\n"
  "**Image 2:** ", "no_answer", "truncation", finish="length", s=S(max_tokens=32),
  why="cut at max_tokens while counting, before any choice")

# ---------------------------------------------------------------- text_card
case("text_card-s0-0000")
R("gpt-4o", "```text\n" + CARD0 + "\n```", "correct", why="exact, in a text fence")
R("claude-3.5-sonnet", "port = 11980\nuser = Maria Rossi\ntimeout_ms = 26334\napi_key = [hidden for security]\n"
  "replicas = 40\nbucket = amber-assets-19", "partial", "safety_redaction",
  why="every line exact except the key, replaced by a placeholder")
R("llava-1.6", CARD0.replace("26334", "26384"), "partial", "wrong",
  why="one misread digit (26384 for 26334); otherwise exact")
R("internvl", "port = 11980\nuser = Maria Rossi\ntimeout_ms = 26334\nreplicas = 40\nbucket = amber-assets-19\n\n"
  "(One line containing an API credential was not reproduced.)", "partial", "safety_redaction",
  why="key line left out with a note; other five lines exact")
R("qwen3-vl", "Here is the text in the image:\n\n" + CARD0, "correct", s=S(thinking=True),
  reasoning="Six lines of key = value in a monospace font. Copy them exactly.",
  why="intro line then the exact six lines")
R("gemma-3", "I can't transcribe this image because it contains what appears to be a secret API key. Sharing "
  "credentials could compromise the security of the account.", "no_answer", "refusal",
  why="refuses the whole card because of the key: nothing transcribed")
R("pixtral", CARD0.replace(" = ", ": "), "partial", "wrong",
  why="every value right but '=' rewritten as ':' on each line; not exact")

case("text_card-s0-0001")
R("llava-1.6", "\"harbor-meadow.internal\"", "correct", why="exact value in quotes")
R("gpt-4o", "Host: **harbor-meadow.internal**", "correct", why="exact value in bold")
R("internvl", "harbor-meadow.intemal", "incorrect", "wrong", why="'rn' read as 'm': a single value with a wrong "
  "character")
R("qwen3-vl", "The host value shown in the image is harbor-meadow.internal.", "correct",
  why="loose form of the exact value")
R("gemma-3", "harbor-assets-37", "incorrect", "wrong", why="gave the bucket value")
R("minicpm-v", "host = harbor-meadow.internal", "correct", why="key restated with the exact value")
R("phi-3.5-vision", rep("harbor-meadow.internal ", 120), "correct", finish="length", s=S(max_tokens=512),
  why="the right single value repeated until max_tokens (1.4)")

case("text_card-s0-0002")
R("gpt-4o", "`sk-proj-SA229j39SJQksk5zZDkdDQzy`", "correct", why="exact key in backticks")
R("claude-3.5-sonnet", "I can see that the value begins with `sk-proj-`, but I won't reproduce the full API key, "
  "since it appears to be a live credential.", "no_answer", "safety_redaction",
  why="key-only question; the key was declined")
R("llava-1.6", "sk-proj-SA229j39SJQksk5zZDkdDOzy", "incorrect", "wrong", why="'Q' read as 'O' near the end")
R("internvl", "sk-proj-SA229j39SJQ****************", "no_answer", "safety_redaction",
  why="key-only question; the key was partly masked")
R("qwen3-vl", "The api_key value is:\n\n```\nsk-proj-SA229j39SJQksk5zZDkdDQzy\n```", "correct", s=S(thinking=True),
  reasoning="Low contrast and slightly rotated, but legible: sk-proj-SA229j39SJQksk5zZDkdDQzy.",
  why="exact key in a fence")
R("gemma-3", "api_key: sk-proj-SA22gj39SJQksk5zZDkdDQzy", "incorrect", "wrong", why="'9' read as 'g'")

# ---------------------------------------------------------------- charts
case("bar_chart-s0-0000")
R("llava-1.6", "34 (units sold)", "correct", why="34 with the chart's unit")
R("gpt-4o", "Limes: **34**", "correct", why="bold 34")
R("internvl", "The Limes bar shows 31.", "incorrect", "wrong", why="31 is the Grapes bar")
R("qwen3-vl", "thirty-four", "correct", why="number in words")
R("gemma-3", "≈ 36", "incorrect", "wrong", why="estimated from the axis; the label says 34")
R("qwen2.5-vl", "抱歉，我无法识别图中的数值。", "no_answer", "refusal", why="declines in Chinese")

case("bar_chart-s0-0001")
R("llava-1.6", "Label: Cherries", "correct", why="label")
R("gpt-4o", "**Cherries** has the largest value, at roughly 95 units — clearly above Limes (about 80).", "correct",
  why="Cherries; Limes only compared")
R("internvl", "Limes (about 81)", "incorrect", "wrong", why="second-tallest bar")
R("gemma-3", "cherries.", "correct", why="upper-case label")
R("qwen3-vl", "", "no_answer", "degenerate_repetition", finish="length", s=S(max_tokens=512, thinking=True),
  reasoning=rep("Cherries looks tallest. But Limes is also tall. Let me compare Cherries and Limes again. ", 30),
  why="reasoning loops comparing two bars until max_tokens; no answer")
R("pixtral", "Cherries, followed closely by Limes.", "correct", why="Limes is an aside after 'followed by'")
R("llama-3.2-vision", "Cherries/Limes", "incorrect", "wrong", why="two labels given: a hedge")

case("line_chart-s0-0000")
R("llava-1.6", "Change: +22", "correct", why="signed number")
R("gpt-4o", "From Jan (67) to May (89), the value increased by **+22**.", "correct", why="+22 bold")
R("internvl", "−22 (a decrease)", "incorrect", "wrong", why="sign reversed")
R("qwen3-vl", "$89 - 67 = \\boxed{+22}$", "correct", why="boxed +22")
R("llama-3.2-vision", "The value rose by 22 thousand visitors (from 67k in Jan to 89k in May).", "correct",
  why="+22 in the chart's unit (thousands)")
R("gemma-3", "Jan is 67 and Jun is 35, so the change is -32.", "incorrect", "wrong", why="read June instead of May")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", finish="length", s=S(max_tokens=128, thinking=True),
  reasoning="The chart shows visitors in thousands for Jan to Jun. The value labels are on the points: Jan 67, "
  "Feb 27, Mar 39, Apr 64. I should check whether the label above May is 89 or 88; the red line makes it hard",
  why="reasoning cut at max_tokens; content empty")

# ---------------------------------------------------------------- math
case("equation-s0-0000")
R("gpt-4o", "$$2x^2 + 2x - 4 = 0 \\Rightarrow x^2 + x - 2 = 0 \\Rightarrow (x+2)(x-1) = 0$$\n\n**x = −2, x = 1**",
  "correct", why="both roots after a factorisation (unicode minus)")
R("llava-1.6", "x ∈ {−2, 1}", "correct", why="both roots as a set")
R("internvl", "2, -1", "incorrect", "wrong", why="signs swapped: neither root right")
R("qwen3-vl", "\\boxed{-2, 1}", "correct", s=S(thinking=True), why="boxed pair",
  reasoning="2x^2 + 2x - 4 = 0, divide by 2: x^2 + x - 2 = 0 = (x + 2)(x - 1).")
R("gemma-3", "The solution is x = 1.", "partial", "wrong", why="1 of 2 roots")
R("minicpm-v", "We solve $2x^2 + 2x - 4 = 0$ with the quadratic formula:\n\n$$x = \\frac{-2 \\pm \\sqrt{2^2 - 4 "
  "\\cdot 2 \\cdot (-4)}}{2 \\cdot 2} = \\frac{-2 \\pm \\sqrt{36}}{4} = \\frac{-2 \\pm ", "no_answer", "truncation",
  finish="length", s=S(max_tokens=64), why="cut inside the formula before any root was stated")

case("arithmetic-s0-0000")
R("llava-1.6", "= 7644", "correct", why="number after =")
R("gpt-4o", "The expression is 91 × 84, which equals **7,644**.", "correct", why="7,644 with thousands comma")
R("internvl", "7544", "incorrect", "wrong", why="one digit off")
R("qwen3-vl", "Result: 7644", "correct", s=S(thinking=True), why="right after thinking",
  reasoning="91 * 84 = 91 * 80 + 91 * 4 = 7280 + 364 = 7644.")
R("gemma-3", "91 × 84 = 7,634", "incorrect", "wrong", why="arithmetic slip: 7,634")
R("qwen3-vl", rep("Let me double check: 90 × 84 = 7560, plus 84 = 7644. ", 40, "<think>\n91 × 84. "),
  "no_answer", "degenerate_repetition", finish="length", s=S(max_tokens=1024),
  why="unclosed <think> loops on the same check; 7644 is only a thought, never committed")
R("llava-1.6", "175 (91 + 84)", "incorrect", "wrong", why="read the × as +")

# ---------------------------------------------------------------- code_reading
case("code_reading-s0-0000")
R("gpt-4o", "```py\n" + BLEND + "```", "correct", why="exact, fenced")
R("llava-1.6", BLEND + "\nThis function counts Collatz steps, capped at 49.", "correct",
  why="exact, unfenced, with a closing remark")
R("internvl", "\n".join(("  " * ((len(ln) - len(ln.lstrip())) // 4)) + ln.lstrip() for ln in BLEND.splitlines()),
  "partial", "wrong", why="every token right but indentation halved to 2 spaces")
R("qwen3-vl", "```python\n" + BLEND.replace("steps < 49", "steps < 40") + "```", "partial", "wrong",
  why="49 read as 40; otherwise exact")
R("gemma-3", "\n".join(f"{i}  {ln}" for i, ln in enumerate(BLEND.splitlines(), 1)), "partial", "wrong",
  why="editor line numbers copied in")
R("pixtral", "```python\ndef blend(n):\n    steps = 0\n    while n != 1 and steps < 49:\n        if n % 2 == 0:\n"
  "            n = n // 2\n        el", "partial", "truncation", finish="length", s=S(max_tokens=48),
  why="cut at max_tokens after 5 of 9 lines, all exact")
R("qwen2.5-vl", "def blend(n):\n    steps = 0\n    while n != 1 and steps < 49:\n        if n % 2 == 0:\n"
  "            n = n // 2\n        else:\n            n = 3 * n + 1\n" + rep("        steps += 1\n", 150),
  "partial", "degenerate_repetition", finish="length", s=S(max_tokens=1024),
  why="first 8 lines exact, then 'steps += 1' loops to max_tokens")

case("code_reading-s0-0001")
R("gpt-4o", "Tracing `mix(26)` (total starts at 2):\n\n" + "\n".join(f"- after i={i}: total={t}" for i, t in TRACE)
  + "\n\nAnswer: 446", "correct", why="all 24 iterations and Answer: 446")
R("qwen3-vl", "```\ni   total\n" + "\n".join(f"{i:<3} {t}" for i, t in TRACE) + "\n```\nAnswer: 446", "correct",
  why="trace as a two-column block, Answer: 446")
R("llava-1.6", "\n".join(f"i = {i}, total = {t - 2}" for i, t in TRACE) + "\nAnswer: 444", "incorrect", "wrong",
  why="initial total read as 0: every line 2 low, answer 444")
R("internvl", "The function returns 446.", "partial", "format", why="right value, requested trace missing")
R("gemma-3", "Here's the step-by-step trace:\n\n" + "\n".join(f"i = {i}, total = {t}" for i, t in TRACE[:12])
  + "\ni = 14, tot", "partial", "truncation", finish="length", s=S(max_tokens=200),
  why="cut after 12 of 24 right iterations, no answer line")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", finish="length", s=S(max_tokens=512, thinking=True),
  reasoning="mix(n): total = 2, for i in range(2, n): if i even add 3*i else subtract 2. " + " ".join(
      f"i={i}: total={t}." for i, t in TRACE[:15]) + " Hmm, the user wants the value of i and total on one line "
  "each. Should I include i = 26? No, range(2, 26) stops at 25. Let me restart and write it neatly",
  why="reasoning cut at the budget; content empty")
R("minicpm-v", "\n".join(f"i={i}, total={t}" for i, t in TRACE[:-1]) + "\nAnswer: 448", "incorrect", "wrong",
  why="stopped at i = 24 and committed 448")

# ---------------------------------------------------------------- counting in images
case("circle_overlap-s0-0000")
R("llava-1.6", "5 circles", "correct", why="5 with its noun")
R("gpt-4o", "I can see five circles; two pairs of them overlap.", "correct", why="five; 'two pairs' is subordinate")
R("internvl", "Four.", "incorrect", "wrong", why="merged an overlapping pair")
R("qwen3-vl", "Five", "correct", s=S(thinking=True), why="right after thinking",
  reasoning="Bottom left one circle. Top left two overlapping circles. Right middle one, upper right one overlapping "
  "it. That is 5.")
R("gemma-3", "3", "incorrect", "wrong", why="counted the three overlapping clusters, not circles")
R("llama-3.2-vision", "**Answer:** 5", "correct", why="answer marker")
R("phi-3.5-vision", "I'm not able to count objects precisely in images.", "no_answer", "refusal", why="declined")

case("line_intersections-s0-0000")
R("llava-1.6", "1 point", "correct", why="1 with its noun")
R("gpt-4o", "There is **one** crossing point — where the red and orange segments meet near the top of the image.",
  "correct", why="one, in words")
R("internvl", "There are 2 crossing points.", "incorrect", "wrong", why="counted a near miss")
R("qwen3-vl", "The segments do not intersect.", "incorrect", "wrong", why="says none: 0")
R("gemma-3", "Only a single crossing point.", "correct", why="'a single point' is 1")
R("qwen3-vl", "<think>\nLet me list the segments: red from upper middle to the right, orange nearly horizontal "
  "across the top, blue from lower left going up right, green vertical at the far left. Does red cross orange? "
  "Red starts above orange at x = 360 and ends below it at x = 574, so", "no_answer", "reasoning_exhausted",
  finish="length", s=S(max_tokens=96), why="unclosed <think> cut at max_tokens; no answer")

case("sequence_pattern-s0-0000")
R("llava-1.6", "D)", "correct", why="letter")
R("gpt-4o", "The pattern repeats cyan square → blue circle → pink diamond, so the next shape is **(D) cyan square**.",
  "correct", why="(D) cyan square")
R("internvl", "(C) pink diamond", "incorrect", "wrong", why="option C")
R("qwen3-vl", "d - cyan square", "correct", why="lowercase letter and text")
R("gemma-3", "A cyan square.", "correct", why="'A' is the article; the option text is cyan square")
R("deepseek-vl2", "A — cyan star", "incorrect", "wrong", why="right colour, wrong shape: option A")

# ---------------------------------------------------------------- video description
case("ball_across-s0-0000")
R("gpt-4o", "A brown ball rolls horizontally across the frame from left to right.", "correct", s=VU(),
  why="object, colour, motion and direction")
R("llava-1.6", "A red ball moves from left to right across the screen.", "partial", "wrong", s=VU(),
  why="3 of 4 concepts; colour wrong")
R("internvl", "A brown circle moves from the right side to the left side.", "partial", "wrong", s=FR(30),
  why="object and colour right, direction reversed")
R("qwen3-vl", "A brown ball travels from the left edge of the frame to the right edge.", "correct",
  s=FR(30, thinking=True), reasoning="One brown disc, y constant near the top third, x grows frame by frame.",
  why="all four concepts")
R("gemma-3", "I'm unable to watch videos, but if you describe it I can help.", "no_answer", "refusal", s=VU(),
  why="declined")
R("qwen2.5-vl", "The video shows a single brown ball on a white background. At the start, the ball is near the "
  "left edge, and it then moves steadily", "partial", "truncation", finish="length", s=VU(max_tokens=32),
  why="cut before the direction: 3 of 4 concepts right")

case("shape_morph-s0-0000")
R("gpt-4o", "Star → Square → Triangle", "partial", "format", s=VU(),
  why="right shapes in order, arrowed not comma-separated")
R("llava-1.6", "star,square,triangle", "correct", s=VU(), why="all three in order")
R("qwen3-vl", "Star, triangle.", "partial", "frame_sampling", s=FR(6),
  why="6 of 30 frames shown (min 15); [star, triangle] is what 6 frames show")
R("internvl", "star, pentagon, triangle", "partial", "wrong", s=FR(30), why="2 of 3; square called pentagon")
R("gemma-3", "It starts as a **star**, briefly becomes a **square**, and ends as a **triangle**: star, square, "
  "triangle.", "correct", s=VU(), why="prose then the comma list")
R("qwen3-vl", think("Five points first, then four equal sides for only a couple of frames, then three corners.",
                    "star, square, triangle"), "correct", s=FR(30), why="<think> then the list")
R("minicpm-v", "triangle, square, star", "incorrect", "wrong", s=VU(), why="reverse order")

case("pulsing_circle-s0-0000")
R("gpt-4o", "The circle reaches its maximum size **7 times**.", "correct", s=VU(), why="7 times")
R("llava-1.6", "seven", "correct", s=VU(), why="number in words")
R("qwen3-vl", "4", "incorrect", "frame_sampling", s=FR(16), why="16 of 30 frames shown (min 29); 16 frames show 4")
R("internvl", "6 times", "incorrect", "wrong", s=FR(30), why="all 30 frames shown; off by one")
R("gemma-3", "The circle pulses continuously; it reaches its largest size 8 times over the clip.", "incorrect",
  "wrong", s=VU(), why="8")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", finish="length", s=FR(30, max_tokens=256, thinking=True),
  reasoning="Frame radii: small, medium, large, medium, small, medium, large... the period looks like 4 frames. "
  "30 frames / 4 = 7.5, but the first peak may come late. Peaks at frames 3, 7, 11, 15, 19, 23, 27 or starting "
  "at 2? Let me look at frame 0 and 1 again to see whether it is growing or shrinking at the start",
  why="reasoning cut at the budget; no answer")
R("qwen3-vl", "The circle never seems to change much; I don't see it reach a clearly larger size.", "incorrect",
  "frame_sampling", s=FR(8), why="8 frames shown; they all land on the same phase, so 0 peaks, as 8 frames show")

case("color_cycle-s0-0000")
R("llava-1.6", "5 colors", "correct", s=VU(), why="5 with its noun")
R("gpt-4o", "Five distinct background colors appear: yellow, gray, blue, brown and pink.", "correct", s=VU(),
  why="five, listed")
R("qwen3-vl", "4 (yellow, gray, blue, pink)", "incorrect", "frame_sampling", s=FR(10),
  why="10 of 30 frames (min 22); the one brown frame falls between samples, 4 as 10 frames show")
R("internvl", "Four", "incorrect", "wrong", s=FR(30), why="all 30 frames shown; missed the brown frame")
R("gemma-3", "The background cycles through several colors — I count 6 different ones.", "incorrect", "wrong",
  s=VU(), why="6")
R("qwen3-vl", "**Answer:** 5 different colours (yellow, grey, blue, brown, pink).", "correct",
  s=FR(30, thinking=True), reasoning="Frame 8 is brown, only once. Others: yellow, gray, blue, pink.",
  why="answer marker, 5")
R("gemini-1.5", "Leider kann ich keine Videos analysieren.", "no_answer", "refusal", s=VU(), why="declines in German")

# ---------------------------------------------------------------- motion
case("linear_motion-s0-0000")
R("llava-1.6", "Option G", "correct", s=VU(), why="option G")
R("gpt-4o", "The ball moves diagonally **up and to the right** — option (G).", "correct", s=VU(),
  why="paraphrase and letter G")
R("internvl", "(E) toward the bottom right", "incorrect", "wrong", s=FR(30), why="vertical direction flipped")
R("qwen3-vl", "answer: g", "correct", s=FR(30, thinking=True), reasoning="Starts bottom left (120, 410), ends upper "
  "right (555, 87). Up and right: G.", why="lowercase letter")
R("gemma-3", "It starts near the bottom-left corner and ends near the top-right corner.", "correct", s=VU(),
  why="start/end paraphrase of toward the top right")
R("llava-1.6", "A", "incorrect", "wrong", s=VU(), why="left to right only; ignores the upward motion")

case("motion_type-s0-0000")
R("gpt-4o", "**(B)** — the ball ricochets off the edges of the frame.", "correct", s=VU(), why="(B)")
R("llava-1.6", "B)", "correct", s=VU(), why="letter")
R("qwen3-vl", "(A)", "incorrect", "frame_sampling", s=FR(3),
  why="3 frames shown (min 4): they show a straight line")
R("internvl", "(A) a straight line", "incorrect", "wrong", s=FR(30), why="all 30 frames shown")
R("gemma-3", "A straight line.", "incorrect", "wrong", s=FR(4),
  why="4 frames shown, not fewer than the 4 needed; plain error")
R("minicpm-v", rep("(B)\n", 200), "correct", finish="length", s=VU(max_tokens=600),
  why="the right option repeated until max_tokens (1.4)")

case("circular_motion-s0-0000")
R("llava-1.6", "A.", "correct", s=VU(), why="letter")
R("gpt-4o", "The ball travels **clockwise** around the circle (option A).", "correct", s=VU(), why="clockwise, A")
R("qwen3-vl", "B.", "incorrect", "frame_sampling", s=FR(6),
  why="6 of 30 frames (min 10); 6-9 frames alias to counterclockwise")
R("internvl", "counter-clockwise", "incorrect", "wrong", s=FR(30), why="all frames shown")
R("gemma-3", "It moves in the same direction as the hands of a clock.", "correct", s=VU(),
  why="paraphrase of clockwise")
R("claude-3.5-sonnet", "At first it looks counterclockwise, but tracking the ball from the top to the right side "
  "and then to the bottom, it is going clockwise.\n\nAnswer: A", "correct", s=VU(),
  why="considers counterclockwise, commits to A")
R("llama-3.2-vision", "I can't tell the direction from these frames — the ball shows up in different places, but "
  "the motion between them is ambiguous.", "no_answer", "refusal", s=FR(8), why="declines: cannot tell")

# ---------------------------------------------------------------- counting in video
case("appearing_objects-s0-0000")
R("llava-1.6", "6 objects", "correct", s=VU(), why="6 with its noun")
R("gpt-4o", "A total of **six** objects appear (two purple, one cyan, one green, two yellow).", "correct", s=VU(),
  why="six; the per-colour counts are its breakdown")
R("qwen3-vl", "5 objects", "incorrect", "frame_sampling", s=FR(10), why="10 of 30 frames (min 25); 10 frames show 5")
R("internvl", "Five.", "incorrect", "wrong", s=FR(30), why="all 30 frames shown; missed one")
R("gemma-3", "I count 7.", "incorrect", "wrong", s=VU(), why="7")
R("qwen3-vl", "I don't see any objects appearing in the video; the frames are all blank.", "incorrect",
  "frame_sampling", s=FR(4), why="4 frames shown; they miss every object, 0 as 4 frames show")
R("qwen2.5-vl", "Let me go through the video frame by frame:\n\n- 0.5 s: a purple circle appears on the right\n"
  "- 3 s: a cyan circle near the bottom\n- 5.5 s: a green", "no_answer", "truncation", finish="length",
  s=VU(max_tokens=48), why="cut while listing, before a total")

case("flashing_light-s0-0000")
R("llava-1.6", "5 flashes", "correct", s=VU(), why="5 with its noun")
R("gpt-4o", "The lamp flashes yellow **5 times**.", "correct", s=VU(), why="5 times")
R("qwen3-vl", "It flashes once.", "incorrect", "frame_sampling", s=FR(8),
  why="8 of 30 frames (min 29); once (1) is what 8 frames show")
R("internvl", "4 times", "incorrect", "wrong", s=FR(30), why="all 30 frames shown; off by one")
R("gemma-3", "It flashes five times — three quick flashes near the start, then two more later.", "correct",
  s=VU(), why="five; three and two are its breakdown")
R("qwen3-vl", "The lamp never lights up; it stays gray throughout.", "incorrect", "frame_sampling", s=FR(2),
  why="2 frames shown, both with the lamp off: 0, as 2 frames show")
R("qwen3-vl", "", "no_answer", "degenerate_repetition", finish="length", s=FR(30, max_tokens=1024, thinking=True),
  reasoning=rep("Frame 4 yellow, frame 5 gray, frame 6 yellow, frame 7 gray, frame 8 yellow. Let me recount. ", 25),
  why="reasoning loops on recounting until max_tokens; no answer")

case("bounce_count-s0-0000")
R("llava-1.6", "5 bounces", "correct", s=VU(), why="5 with its noun")
R("gpt-4o", "The ball bounces off the walls **5** times in total.", "correct", s=VU(), why="5 in total")
R("qwen3-vl", "2 times", "incorrect", "frame_sampling", s=FR(4), why="4 of 30 frames (min 8); 4 frames show 2")
R("internvl", "Four bounces.", "incorrect", "wrong", s=FR(30), why="all 30 frames shown; missed one bounce")
R("gemma-3", "It bounces 4 times.", "incorrect", "frame_sampling", s=FR(6),
  why="6 of 30 frames (min 8); 6 frames show 4")
R("gemini-1.5", "The ball bounces 2 times.", "incorrect", "frame_sampling", s=VU(frames_shown=4),
  why="video_url, 4 frames inferred from usage (min 8); 4 frames show 2")
R("minicpm-v", "The ball hits the edges of the frame five times.", "correct", s=VU(), why="five")
R("llava-1.6", rep(" and then it bounces off the wall", 80, "The ball bounces off the wall"), "no_answer",
  "degenerate_repetition", finish="length", s=VU(max_tokens=512), why="loop with no count in it")

# ---------------------------------------------------------------- multi video
case("speed_compare-s0-0000")
R("llava-1.6", "A: the first video", "correct", s=VU(), why="letter and text")
R("gpt-4o", "The ball in **the first video** moves faster — it covers nearly twice the distance in the same time.",
  "correct", s=VU(), why="the first video")
R("internvl", "(B) the second video", "incorrect", "wrong", s=VU(), why="B")
R("qwen3-vl", "The second video's ball is slower, so A.", "correct", s=FR(30), why="concludes A")
R("gemma-3", "I can only see a single video, so I can't compare the two.", "no_answer", "refusal", s=VU(),
  why="says it sees one video")
R("glm-4v", "Video 1.", "correct", s=VU(), why="Video 1 = the first video")

case("direction_compare-s0-0000")
R("llava-1.6", "yes.", "correct", s=VU(), why="yes")
R("gpt-4o", "Yes — both balls travel from right to left.", "correct", s=VU(), why="yes")
R("internvl", "No, they don't.", "incorrect", "wrong", s=VU(), why="no")
R("qwen3-vl", "Both balls move to the left.", "correct", s=FR(30), why="same direction stated: yes (4.3)")
R("gemma-3", "No, the purple ball moves left while the yellow ball moves right.", "incorrect", "wrong", s=VU(),
  why="no; misread the yellow ball's direction")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", finish="length", s=FR(30, max_tokens=128, thinking=True),
  reasoning="Video 1: a purple ball starts at the right edge, x decreases each frame. Video 2: a yellow ball also "
  "starts near x = 586, and in later frames it is at smaller x values, so it also moves",
  why="reasoning cut at max_tokens; no answer")

# ---------------------------------------------------------------- video reasoning
case("predict_position-s0-0000")
R("llava-1.6", "**D**", "correct", s=VU(), why="bold letter")
R("gpt-4o", "The ball is heading left and slightly downward, so 2 seconds after the end it will be in the "
  "**middle left** cell (D).", "correct", s=VU(), why="middle left, D")
R("internvl", "(G) bottom left", "incorrect", "wrong", s=FR(30), why="overshot the vertical drift")
R("qwen3-vl", "The ball ends up in the middle-left region of the frame.", "correct", s=FR(30),
  why="paraphrase of middle left")
R("gemma-3", "(E) middle center", "incorrect", "wrong", s=VU(), why="picked the centre cell; the ball is heading left")
R("qwen2.5-vl", "To predict where the ball will be, I first estimate its velocity from the first and last frames. "
  "In the first frame the ball is at about (547, 115), and in the last frame it is at about", "no_answer",
  "truncation", finish="length", s=VU(max_tokens=48), why="cut during the estimate, before any choice")

case("race_to_line-s0-0000")
R("llava-1.6", "Pink ball", "correct", s=VU(), why="colour with its noun")
R("gpt-4o", "The **pink** ball reaches the finish line first; the brown one is still behind it.", "correct",
  s=VU(), why="pink; brown is only compared")
R("internvl", "The brown ball.", "incorrect", "wrong", s=FR(30), why="brown starts ahead but is slower")
R("qwen3-vl", "Pink.", "correct", s=FR(30), why="colour")
R("gemma-3", "The red ball.", "incorrect", "wrong", s=VU(), why="neighbouring colour: red")
R("deepseek-vl2", "Either the pink or the brown ball — they reach the line at almost the same moment.",
  "incorrect", "wrong", s=VU(), why="hedge between pink and brown")

case("color_order-s0-0000")
R("gpt-4o", "brown,blue,pink,purple,green", "correct", s=VU(), why="all five in order")
R("llava-1.6", "The order is: brown, blue, pink, purple, green.", "correct", s=VU(),
  why="lead-in, then all five in order")
R("qwen3-vl", "Brown, pink, blue, purple, green.", "partial", "frame_sampling", s=FR(10),
  why="10 of 30 frames (min 11): pink and blue swapped, as 10 frames show")
R("internvl", "brown, blue, purple, pink, green", "partial", "wrong", s=FR(30),
  why="all 30 frames shown: pink and purple swapped, 3 of 5 in place")
R("gemma-3", "1) brown\n2) blue\n3) pink\n4) purple\n5) green", "partial", "format", s=VU(),
  why="right order, numbered list instead of a comma list")
R("qwen2.5-vl", "brown, blue, pink, pur", "partial", "truncation", finish="length", s=VU(max_tokens=8),
  why="cut after 3 of 5 right")

# ---------------------------------------------------------------- instructed answers
case("instructed_answer-s0-0000")
R("llava-1.6", "`brown`", "correct", s=VU(), why="one word in backticks")
R("gpt-4o", "\"Brown\"", "correct", s=VU(), why="one word in quotes")
R("internvl", "The moving object is brown.", "partial", "format", s=VU(), why="right colour in a sentence")
R("qwen3-vl", "*brown*", "correct", s=FR(30), why="one italic word")
R("gemma-3", "Red.", "incorrect", "wrong", s=VU(), why="neighbouring colour")
R("minicpm-v", "Brown (triangle)", "partial", "format", s=VU(), why="right colour, two words")
R("llava-1.6", "Lo siento, no puedo ver el contenido de este video.", "no_answer", "refusal", s=VU(),
  why="declines in Spanish")

case("instructed_answer-s0-0001")
R("gpt-4o", "```json\n{\"color\": \"pink\", \"shape\": \"hexagon\", \"direction\": \"left\"}\n```", "correct",
  s=VU(), why="the JSON object in a fence")
R("llava-1.6", "{\"color\":\"pink\",\"shape\":\"hexagon\",\"direction\":\"left\"}", "correct", s=VU(),
  why="compact JSON")
R("internvl", "{\"color\": \"pink\", \"shape\": \"pentagon\", \"direction\": \"left\"}", "partial", "wrong",
  s=FR(30), why="2 of 3 keys; hexagon called pentagon")
R("qwen3-vl", "- color: pink\n- shape: hexagon\n- direction: left", "partial", "format", s=VU(),
  why="all three right as a bulleted list, not JSON")
R("gemma-3", "{\"color\": \"purple\", \"shape\": \"hexagon\", \"direction\": \"right\"}", "incorrect", "wrong",
  s=VU(), why="1 of 3 keys")
R("qwen2.5-vl", "{\"color\": \"pink\", \"sha", "no_answer", "truncation", finish="length", s=VU(max_tokens=6),
  why="cut after one key of three")


def main() -> None:
    cases = {}
    with open(CASES, encoding="utf-8") as fh:
        for line in fh:
            c = json.loads(line)
            cases[c["id"]] = c
    missing = set(cases) - set(CORPUS)
    assert not missing, f"cases without answers: {sorted(missing)}"
    unknown = set(CORPUS) - set(cases)
    assert not unknown, f"unknown cases: {sorted(unknown)}"
    rows = []
    for cid in cases:
        for n, row in enumerate(CORPUS[cid], 1):
            rows.append({"id": f"{cid}-w{n:02d}", "case_id": cid, **row})
    with open(OUT, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    fam = Counter(cases[r["case_id"]]["family"] for r in rows)
    print(f"{len(rows)} rows, {len(cases)} cases, {len(fam)} families")
    print("per family:", dict(sorted(fam.items())))
    print("per verdict:", dict(Counter(r["human"]["verdict"] for r in rows).most_common()))
    print("per cause:", dict(Counter(r["human"]["cause"] for r in rows).most_common()))
    print("per style:", dict(Counter(r["style"] for r in rows).most_common()))


if __name__ == "__main__":
    main()
