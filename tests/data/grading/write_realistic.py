"""Write a corpus of realistic VLM answers to assetgen's 37 golden cases, with human labels.

Run:  python3 write_realistic.py   (writes realistic.jsonl next to this file)
Cases are defined in this file, one block per golden case; the loops and long reasoning are generated.
"""
from __future__ import annotations

import json
import os
from collections import Counter, defaultdict

from labelling import Corpus, frames, repeat, sent, think, video_url

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.environ.get("ASSETGEN_GOLDEN", "/work/main/golden/cases.jsonl")

STYLES = {"qwen3-vl", "gpt-4o", "gemma-3", "llava-1.6", "internvl"}

corpus = Corpus(STYLES)
CORPUS = corpus.rows
case, R = corpus.case, corpus.add
VU, FR, loop = video_url, frames, repeat


REFUSE_IMG = [
    "I'm sorry, but I can't help with that.",
    "As an AI, I cannot view images. If you describe the image to me, I'd be happy to help.",
    "I'm sorry, I can't assist with this request.",
]
REFUSE_VID = [
    "I'm unable to analyze video content.",
    "I'm sorry, but I can't process videos. I can only work with text and still images.",
    "As an AI language model, I cannot watch videos. Could you describe what happens in it?",
    "Sorry, I can't help with that video.",
]


# ----------------------------------------------------------------------------------------------
# color_grid-s0-0000 : 4x4 grid, row by row
# truth: purple gray cyan red / green orange red blue / orange green black cyan / gray green black red
case("color_grid-s0-0000")
GRID = "purple, gray, cyan, red, green, orange, red, blue, orange, green, black, cyan, gray, green, black, red"
R("llava-1.6", GRID, "correct", why="all 16 cells right, in order")
R("gpt-4o", "Reading the grid row by row (top to bottom, left to right):\n\n"
  "- **Row 1:** Purple, Gray, Cyan, Red\n- **Row 2:** Green, Orange, Red, Blue\n"
  "- **Row 3:** Orange, Green, Black, Cyan\n- **Row 4:** Gray, Green, Black, Red\n\n"
  "**Answer:** Purple, Gray, Cyan, Red, Green, Orange, Red, Blue, Orange, Green, Black, Cyan, Gray, Green, Black, Red",
  "correct", why="rows shown per line, then the full comma list; all 16 right")
R("qwen3-vl", "Purple, grey, cyan, red, green, orange, red, blue, orange, green, black, cyan, grey, green, black, red",
  "correct", why="all 16 right; 'grey' is a spelling of gray",
  reasoning="The grid has 4 rows and 4 columns. Top row: first cell is purple, then a gray one, then a light "
  "blue/cyan one, then red. Second row: green, orange, red, blue. Third row: orange, green, black, cyan. "
  "Fourth row: gray, green, black, red. So 16 colors total. Let me list them in order.", s=sent(thinking=True))
R("internvl", "purple, gray, cyan, red, green, orange, red, blue, yellow, green, black, cyan, gray, green, black, red",
  "partial", "wrong", why="15 of 16; cell (3,1) is orange, said yellow")
R("gemma-3", "Purple, Gray, Cyan, Red, Green, Orange, Red, Purple, Orange, Green, Black, Cyan, Gray, Yellow, Black, Red",
  "partial", "wrong", why="14 of 16; (2,4) blue read as purple and (4,2) green read as yellow")
R("llava-1.6", "purple, green, blue, red, green, red, orange, blue, yellow, blue, black, green, yellow, blue, gray, orange",
  "incorrect", "wrong", why="only 5 of 16 cells right")
R("qwen3-vl", "purple, gray, cyan, red, green, orange, red, blue, orange, gre", "partial", "truncation",
  why="cut at max_tokens after 9 correct cells (of 16); nothing wrong so far",
  reasoning="Let me carefully go through each cell. Row 1, column 1: this square is a purple/violet color. "
  "Row 1, column 2: gray. Row 1, column 3: cyan, a bright light blue. Row 1, column 4: red. Row 2: column 1 is "
  "green, column 2 orange, column 3 red, column 4 blue. Row 3: orange, green, black, cyan. Row 4: gray, green, "
  "black, red. Let me double check row 3 column 3 — it's very dark, black. Yes. Now I write the list.",
  finish="length", s=sent(max_tokens=256, thinking=True))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="thinking used the whole budget; content empty",
  reasoning="Okay, I need to list the 16 cells. Row 1: the first square looks purple. The second is gray. "
  "The third is cyan — or is it light blue? It's a bright turquoise, I'll call it cyan. The fourth is red. "
  "Row 2: green, orange, red, blue. Hmm, wait, is the second one orange or is it more yellow-orange? "
  "It looks orange. Row 3: orange, green, black, cyan. Row 4: gray, green, black, red. "
  "Let me verify row 2 again. The first cell of row 2 is green. The second cell... ",
  finish="length", s=sent(max_tokens=1024, thinking=True))
R("qwen3-vl", "<think>\n" + loop("Row 2: green, orange, red, blue. Wait, let me recount row 2.\n", 120,
  "Row 1: purple, gray, cyan, red.\n"), "no_answer", "degenerate_repetition",
  why="thinking loops on 're-count row 2' until max_tokens; no list given", finish="length",
  s=sent(max_tokens=2048))
R("gpt-4o", "Here's the list of colors, row by row:\n\n" + GRID.title().replace(", ", ", ") + "\n\n"
  "Final answer: " + GRID, "correct", why="full list correct, repeated as final line")
R("gemma-3", "Here are the colors of the grid cells, row by row:\n\nPurple, gray, cyan, red, green, orange, red, "
  "blue, orange, green, black, cyan, gray, green, black, red.", "correct", why="all 16 right")
R("internvl", REFUSE_IMG[2], "no_answer", "refusal", why="declined a harmless task")

# ----------------------------------------------------------------------------------------------
# color_grid-s0-0001 : cell row 5 col 1 = blue (row 4 col 1 pink, row 6 col 1 yellow)
case("color_grid-s0-0001")
R("llava-1.6", "blue", "correct", why="right color")
R("gemma-3", "Blue", "correct", why="right color")
R("gpt-4o", "The cell in row 5, column 1 is **blue**.", "correct", why="right color in a sentence")
R("qwen3-vl", think("Counting rows from the top: row 1 starts with orange, row 2 orange, row 3 blue, row 4 pink, "
  "row 5 blue, row 6 yellow. So row 5, column 1 is blue.", "blue"), "correct",
  why="thinking in content, then 'blue'", s=sent(thinking=True))
R("internvl", "Pink", "incorrect", "wrong", why="off by one row (row 4 is pink)")
R("gpt-4o", "**Answer:** Yellow", "incorrect", "wrong", why="yellow is row 6")
R("qwen3-vl", "It's not pink — that's the cell above it. Row 5, column 1 is blue.", "correct",
  why="rejects pink, commits to blue")
R("gemma-3", "Blue (the cell directly above it, in row 4, is pink).", "correct",
  why="answers blue; pink only mentioned for the neighbour")
R("llava-1.6", "Blue or pink — the rows are hard to separate.", "incorrect", "wrong",
  why="hedges between the right and a wrong color")
R("internvl", "Dark blue.", "correct", why="a shade of blue; the cell is blue")
R("qwen3-vl", "<think>\nLet me count the rows. Row 1: orange, yellow, black, blue, gray, red. Row 2: orange, gray, "
  "yellow, brown, yellow, gray. Row 3: blue, black, red, orange, yellow, blue. Row 4: pink, yellow, yellow, "
  "orange, gray, blue. Hmm, wait — I should double check whether the top row is row 1 or whether there's a header. "
  "There's no header. So row 5 is the fifth from the top: blue, bl", "no_answer", "reasoning_exhausted",
  why="unclosed <think> cut at max_tokens; the answer was never given outside the thinking",
  finish="length", s=sent(max_tokens=160))
R("gpt-4o", "Row 5, column 1 is blue. (The next cell in that row, column 2, is also blue.)", "correct",
  why="blue; extra remark about column 2 is also true")

# ----------------------------------------------------------------------------------------------
# color_grid-s0-0002 : number of purple cells = 6 (col 2 rows 1,2,4,5; row 5 cols 3,4)
case("color_grid-s0-0002")
R("llava-1.6", "6", "correct", why="right count")
R("gemma-3", "Six.", "correct", why="six in words")
R("gpt-4o", "There are **6** purple cells in the grid.", "correct", why="right count")
R("qwen3-vl", "6", "correct", why="right count after row-by-row thinking",
  reasoning="Row 1: red, purple, orange, orange, red → 1 purple. Row 2: orange, purple, gray, orange, orange → 1. "
  "Row 3: red, gray, orange, orange, orange → 0. Row 4: red, purple, orange, red, orange → 1. "
  "Row 5: orange, purple, purple, purple, red → 3. Total 1+1+0+1+3 = 6.", s=sent(thinking=True))
R("qwen3-vl", "Counting purple cells row by row: 1 + 1 + 0 + 1 + 3 = 6.\n\n$\\boxed{6}$", "correct",
  why="sum of per-row counts, boxed 6")
R("internvl", "5", "incorrect", "wrong", why="missed one purple cell")
R("gpt-4o", "There are 6 purple cells: 4 of them in the second column and the other 2 in the bottom row.",
  "correct", why="6, with subordinate counts 4 and 2")
R("gemma-3", "I count 7 purple cells, 4 of which are in column 2.", "incorrect", "wrong",
  why="commits to 7; 4 is a subordinate count")
R("llava-1.6", "6 or 7", "incorrect", "wrong", why="hedges between 6 and 7")
R("gemma-3", "Six purple squares (the rest are mostly orange, with some red and gray).", "correct",
  why="six; other colors mentioned in passing")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only, finish_reason length, no content",
  reasoning="I need to count purple cells. The grid is 5x5. Row 1: red, purple, orange, orange, red. "
  "Is the second one purple or is it a dark magenta? Let me look more carefully. It's purple. "
  "Row 2: orange, purple, gray... actually is that gray or light purple? Hmm. ",
  finish="length", s=sent(max_tokens=1024, thinking=True))
R("internvl", loop("6\n", 400), "correct",
  why="answers 6 and then repeats it until max_tokens; the committed answer is right", finish="length")

# ----------------------------------------------------------------------------------------------
# shapes-s0-0000 : set {brown star, cyan circle, gray circle, green square, orange star}
case("shapes-s0-0000")
R("llava-1.6", "cyan circle, brown star, gray circle, orange star, green square", "correct",
  why="all five, order free")
R("gpt-4o", "Cyan circle, brown star, gray circle, orange star, green square", "correct", why="all five")
R("internvl", "brown star, cyan circle, grey circle, green square, orange star", "correct",
  why="all five; grey = gray")
R("qwen3-vl", "cyan circle, brown star, gray circle, orange star, green square", "correct", why="all five",
  reasoning="Top left there is a small light blue (cyan) circle. In the middle top a brown star. Top right a "
  "gray circle. Lower right a big orange star and below it, left of the star, a small green square. "
  "Five shapes.", s=sent(thinking=True))
R("gemma-3", "cyan circle, dark red star, gray circle, orange star, green square", "partial", "wrong",
  why="4 of 5; the brown star called dark red")
R("llava-1.6", "blue circle, brown star, gray circle, orange star", "partial", "wrong",
  why="3 of 5 right: cyan called blue, green square missed")
R("internvl", "cyan circle, brown star, gray circle, orange star, green square, yellow triangle", "partial",
  "wrong", why="all five plus a hallucinated yellow triangle")
R("llava-1.6", "red star, blue circle, gray circle, green square, yellow star", "incorrect", "wrong",
  why="only 2 of 5 right")
R("gpt-4o", "Here are the shapes I can see:\n\n1. **Cyan circle** – upper left\n2. **Brown star** – center\n"
  "3. **Gray circle** – upper right\n4. **Orange", "partial", "truncation",
  why="cut at max_tokens after 3 correct shapes (of 5)", finish="length", s=sent(max_tokens=48))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning ate the budget; no content",
  reasoning="Let me identify each shape. There's a circle at top left, it's cyan. A star in the middle, "
  "brown. Another circle at the right, gray. A star bottom right — orange. A square at the bottom — green. "
  "Wait, are there any other shapes hidden? Let me scan the image again from left to right. ",
  finish="length", s=sent(max_tokens=1024, thinking=True))
R("gemma-3", "cyan circle, brown star, gray circle, orange star, green square (the orange star is the largest shape)",
  "correct", why="all five; size remark is harmless")

# ----------------------------------------------------------------------------------------------
# shapes-s0-0001 : is the red star left of the brown star? no (brown star far left)
case("shapes-s0-0001")
R("llava-1.6", "no", "correct", why="right")
R("gemma-3", "No.", "correct", why="right")
R("gpt-4o", "**No.** The red star is to the right of the brown star.", "correct", why="no, with reason")
R("qwen3-vl", "The red star is not to the left of the brown star; it is to its right. So: no.", "correct",
  why="negated relation, answers no")
R("internvl", "yes", "incorrect", "wrong", why="wrong side")
R("gpt-4o", "Yes, the red star is to the left of the brown star.", "incorrect", "wrong", why="commits to yes")
R("qwen3-vl", "No", "correct", why="right after thinking",
  reasoning="The brown star is on the far left, around x=75. The red star is in the upper middle-right, "
  "around x=440. So the red star is to the right of the brown star, not to the left. Answer: no.",
  s=sent(thinking=True))
R("gemma-3", "Yes — well, actually the brown star is further left, so no.", "correct",
  why="self-corrects and ends on no")
R("llava-1.6", "The red star is not to the right of the brown star, so yes.", "incorrect", "wrong",
  why="negated wrong relation, commits to yes")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="no content, reasoning hit max_tokens",
  reasoning="I need to find the red star and the brown star. There is a red circle at the bottom right and a red "
  "star near the top. The brown star is at the left. But wait, is that star brown or dark orange? Let me check "
  "the colors again. ", finish="length", s=sent(max_tokens=512, thinking=True))
R("gemma-3", "No. The brown star is on the far left, while the red star is near the top right.", "correct",
  why="no, correct layout")
R("internvl", "No, it's on the right.", "correct", why="no")

# ----------------------------------------------------------------------------------------------
# grid_diff-s0-0000 : differing cells {(1, 3), (4, 3)}
case("grid_diff-s0-0000")
R("llava-1.6", "(1, 3), (4, 3)", "correct", why="both cells")
R("internvl", "(1,3), (4,3)", "correct", why="both cells, no spaces")
R("gpt-4o", "Comparing the two grids cell by cell:\n\n- **(1, 3):** blue → black\n- **(4, 3):** cyan → orange\n\n"
  "**Differences:** (1, 3), (4, 3)", "correct", why="both cells with the color changes")
R("gemma-3", "The cells that differ are row 1, column 3 and row 4, column 3.", "correct",
  why="both cells in words")
R("llava-1.6", "(3, 1), (3, 4)", "incorrect", "wrong", why="row/column swapped; neither pair is right")
R("internvl", "(1, 3)", "partial", "wrong", why="1 of 2 cells")
R("gemma-3", "(1, 3), (4, 3), (2, 2)", "partial", "wrong", why="both right plus a spurious (2, 2)")
R("llava-1.6", "(2, 3), (4, 2)", "incorrect", "wrong", why="neither cell right")
R("gpt-4o", "Only one cell differs: **(4, 3)**, which changes from cyan to orange.", "partial", "wrong",
  why="1 of 2 cells; missed (1, 3)")
R("qwen3-vl", "(1, 3), (4, 3)", "correct", why="both cells",
  reasoning="Image 1 row 1: purple, cyan, blue, yellow. Image 2 row 1: purple, cyan, black, yellow → (1,3) differs. "
  "Rows 2 and 3 are identical. Row 4: gray, brown, cyan, purple vs gray, brown, orange, purple → (4,3).",
  s=sent(thinking=True))
R("gpt-4o", "Comparing the two grids cell by cell:\n\n- Row 1: purple/purple, cyan/cyan, blue/black ← differs\n"
  "- Row 2: no change\n- Row 3: no change\n- Row 4: gray/gray, brown/brown, cyan/", "partial", "truncation",
  why="cut at max_tokens; (1,3) found, (4,3) not reached", finish="length", s=sent(max_tokens=64))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only, finish length",
  reasoning="Let me compare each cell. (1,1) purple vs purple same. (1,2) cyan vs cyan same. (1,3) blue vs black — "
  "different? The first one is a dark blue, the second is black. Hmm, they are both dark. Let me zoom in mentally. ", finish="length", s=sent(max_tokens=1024, thinking=True))

# ----------------------------------------------------------------------------------------------
# shape_compare-s0-0000 : most squares = C (Image 3: 3 squares; Image 1: 2; Image 2: 0)
case("shape_compare-s0-0000")
R("llava-1.6", "C", "correct", why="letter C")
R("internvl", "(C)", "correct", why="letter in parentheses")
R("llava-1.6", "c", "correct", why="lowercase letter")
R("gemma-3", "C) Image 3", "correct", why="letter and option text")
R("gpt-4o", "**Answer: (C) Image 3** — it has three squares, versus two in Image 1 and none in Image 2.",
  "correct", why="C, with subordinate counts")
R("qwen3-vl", "The third image.", "correct", why="option text paraphrased",
  reasoning="Image 1: an orange square, a cyan square, plus a triangle, hexagon and diamond → 2 squares. "
  "Image 2: triangle, many hexagons, a star → 0 squares. Image 3: gray, pink, yellow squares, two diamonds, a "
  "star → 3 squares. So image 3.", s=sent(thinking=True))
R("internvl", "A", "incorrect", "wrong", why="Image 1 has only 2 squares")
R("gemma-3", "Not Image 1 — Image 3 has three squares. (C)", "correct", why="rejects A, commits to C")
R("llava-1.6", "A or C", "incorrect", "wrong", why="hedge between a wrong and the right option")
R("gpt-4o", "**(A) Image 1.** Image 3 also has a couple of squares, but Image 1 has more.", "incorrect", "wrong",
  why="commits to A; Image 3 only mentioned")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="content empty; reasoning cut by length",
  reasoning="Count squares in image 1. Orange square, cyan square. Is the red shape a diamond or a rotated square? "
  "A diamond is a rotated square, so maybe it counts? The question says squares. Hmm. ",
  finish="length", s=sent(max_tokens=1024, thinking=True))
R("gemma-3", "Image 2 contains the most squares.", "incorrect", "wrong",
  why="Image 2 has hexagons, no squares")

# ----------------------------------------------------------------------------------------------
# text_card-s0-0000 : transcribe 6 lines, one is an API key
case("text_card-s0-0000")
KEY0 = "sk-proj-5h6NUmTNhEbvKpfTb92s7wJw"
CARD0 = ("port = 11980\nuser = Maria Rossi\ntimeout_ms = 26334\napi_key = " + KEY0 +
         "\nreplicas = 40\nbucket = amber-assets-19")
R("internvl", CARD0, "correct", why="exact transcription")
R("gpt-4o", "```\n" + CARD0 + "\n```", "correct", why="exact, in a code fence")
R("qwen3-vl", "Here is the text from the image:\n\n" + CARD0, "correct", why="lead-in sentence, then exact text",
  reasoning="The image shows a config card in a monospace font with six key = value lines. I'll transcribe each "
  "line exactly as written.", s=sent(thinking=True))
R("gpt-4o", "```\n" + CARD0.replace(KEY0, "sk-proj-************************") + "\n```\n\n"
  "*Note: I've masked the API key for security reasons.*", "partial", "safety_redaction",
  why="all other lines exact; key masked")
R("gpt-4o", CARD0.replace(KEY0, "sk-proj-5h6N…wJw"), "partial", "safety_redaction",
  why="key shown only as prefix…suffix; rest exact")
R("gemma-3", "port = 11980\nuser = Maria Rossi\ntimeout_ms = 26334\nreplicas = 40\nbucket = amber-assets-19\n\n"
  "(I've left out the `api_key` line because it contains what looks like a live credential.)",
  "partial", "safety_redaction", why="key line omitted with a note; the other 5 lines exact")
R("qwen3-vl", CARD0.replace(KEY0, "[REDACTED]"), "partial", "safety_redaction",
  why="key replaced by [REDACTED]; rest exact")
R("llava-1.6", "I can't transcribe this image because it contains what appears to be a secret API key. Sharing "
  "credentials could lead to unauthorized access.", "no_answer", "refusal",
  why="declined the whole transcription (motivated by the key); nothing transcribed")
R("internvl", "port = 11980\nuser = Maria Rossi\ntimeout_ms = 26384\napi_key = sk-proj-5h6NUmTNhEbvKpfTb92s7wJW\n"
  "replicas = 40\nbucket = amber-assets-18", "partial", "wrong",
  why="three lines each have a misread character (26384, final W, -18)")
R("gpt-4o", "```\nport = 11980\nuser = Maria Rossi\ntimeout_ms = 26334\napi_key = sk-proj-5h6NUm",
  "partial", "truncation", why="cut at max_tokens inside the key line; 3 of 6 lines done and right",
  finish="length", s=sent(max_tokens=40))
R("gemma-3", "port = 11980\nuser = Maria Rossi\ntimeout_ms = 26334\napi_key = sk-proj-5h6NUmTNhEbvKpfTb92s7wJw\n"
  "replicas = 4O\nbucket = amber-assets-19", "partial", "wrong",
  why="near-perfect but replicas read as '4O' (letter O); asked to be exact")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning hit max_tokens, content empty",
  reasoning="Line 1: port = 11980. Line 2: user = Maria Rossi. Line 3: timeout_ms = 26334. Line 4: api_key = "
  "sk-proj-5h6N... this looks like an OpenAI-style project key. Should I reproduce it? The user asks to "
  "transcribe exactly. It is in the image they provided, so it's presumably theirs. But keys are sensitive. "
  "Let me think about the policy. Transcribing text from a user-provided image is usually fine, but "
  "reproducing a credential could", finish="length", s=sent(max_tokens=512, thinking=True))

# ----------------------------------------------------------------------------------------------
# text_card-s0-0001 : host = harbor-meadow.internal (blurred, small font; card also has an api_key)
case("text_card-s0-0001")
R("llava-1.6", "harbor-meadow.internal", "correct", why="exact value")
R("internvl", "`harbor-meadow.internal`", "correct", why="exact value in backticks")
R("gpt-4o", "**harbor-meadow.internal**", "correct", why="exact value in bold")
R("gemma-3", "The value of host is harbor-meadow.internal.", "correct",
  why="exact value inside a sentence (value-only asked, but nothing else is wrong)")
R("qwen3-vl", "harbor-meadow.internal", "correct", why="exact value",
  reasoning="The first line reads host = harbor-meadow.internal. The image is slightly blurry but the text is "
  "legible. There is also an api_key line, which isn't asked for.", s=sent(thinking=True))
R("gpt-4o", "harbor-meadow.internal\n\n(The image also contains an API key, which I've left out since it "
  "wasn't requested.)", "correct", why="exact value; note about the key is irrelevant to the question")
R("internvl", "harbour-meadow.internal", "incorrect", "wrong", why="British spelling: one extra character")
R("llava-1.6", "harbor-meadow", "incorrect", "wrong", why="dropped '.internal'; exact value asked")
R("gemma-3", "barbor-meadow.internal", "incorrect", "wrong", why="h misread as b")
R("llava-1.6", "eu-central-1", "incorrect", "wrong", why="read the region line instead of host")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="no content; thinking cut at max_tokens",
  reasoning="The text is a bit blurry. First line: host = harbor-meadow.internal? Could be harbor-meadow.intemal — "
  "the 'rn' could be 'm'. Let me look at the letters again: i-n-t-e-r-n-a-l. Yes, internal is a common "
  "suffix for internal hostnames. And 'harbor' — could it be 'harbar'? The fourth letter looks like o. "
  "Now 'meadow' — m-e-a-d-o-w. Let me also double-check that the first line says host and not", finish="length",
  s=sent(max_tokens=512, thinking=True))
R("gpt-4o", "I'm sorry, but I can't help with extracting values from configuration files that contain credentials.",
  "no_answer", "refusal", why="declined")

# ----------------------------------------------------------------------------------------------
# text_card-s0-0002 : reproduce the api_key (low contrast, rotated 3 degrees)
case("text_card-s0-0002")
KEY2 = "sk-proj-SA229j39SJQksk5zZDkdDQzy"
R("internvl", KEY2, "correct", why="exact key")
R("gpt-4o", "The value of `api_key` is:\n\n```\n" + KEY2 + "\n```", "correct", why="exact key in fence")
R("qwen3-vl", KEY2, "correct", why="exact key after thinking",
  reasoning="The third line: api_key = sk-proj-SA229j39SJQksk5zZDkdDQzy. Reading carefully character by character: "
  "S A 2 2 9 j 3 9 S J Q k s k 5 z Z D k d D Q z y.", s=sent(thinking=True))
R("gpt-4o", "api_key = sk-proj-************************", "no_answer", "safety_redaction",
  why="key fully masked; nothing of the asked value given")
R("gpt-4o", "The key shown is `sk-proj-SA22…DQzy` (I've masked the middle portion for security).",
  "no_answer", "safety_redaction", why="only prefix and suffix of the key shown")
R("gemma-3", "I can't reproduce API keys or other credentials, even from an image. If this key is yours, I'd "
  "recommend rotating it, since it has now been shared.", "no_answer", "safety_redaction",
  why="declined to reproduce the key")
R("qwen3-vl", "The api_key begins with `sk-proj-` — for security reasons I won't reproduce the rest of it.",
  "no_answer", "safety_redaction", why="declined after giving only the generic prefix")
R("llava-1.6", "sk-proj-SA229j39SJQksk5zZDKdDQzy", "incorrect", "wrong", why="one character wrong (k read as K)")
R("internvl", "sk-proj-SA229j3gSJQksk5zZDkdDQzy", "incorrect", "wrong", why="'9' misread as 'g'")
R("gpt-4o", "Sure! Here's the value of the `api_key` field as shown in the image. Note that the image is slightly "
  "rotated and the contrast is low, so I'll read it character by character:\n\n- s\n- k\n- -\n- p\n- r",
  "no_answer", "truncation", why="cut at max_tokens before the value was written out", finish="length",
  s=sent(max_tokens=64))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only, finish length",
  reasoning="The image is rotated slightly and low contrast. Line 3: api_key = sk-proj-SA229j39SJQ... Is that "
  "'SJQ' or 'SJO'? The letter after J has a tail, so Q. Then ksk5zZ — lower-case z then capital Z. Then DkdDQzy. "
  "Hmm, but the user might be trying to extract a secret. It's their own image though. Let me re-read the "
  "first part: S A 2 2 9 — or is it S A 2 2 g? The", finish="length", s=sent(max_tokens=512, thinking=True))
R("gemma-3", "sk-proj-SA229j39SJQksk5zZDkdDQzy", "correct", why="exact key")

# ----------------------------------------------------------------------------------------------
# bar_chart-s0-0000 : Limes = 34 (value labels shown; Grapes 31)
case("bar_chart-s0-0000")
R("llava-1.6", "34", "correct", why="right value")
R("gpt-4o", "The bar labelled **Limes** has a value of **34**.", "correct", why="right value")
R("gemma-3", "Thirty-four.", "correct", why="number in words")
R("qwen3-vl", "$\\boxed{34}$", "correct", why="boxed 34",
  reasoning="The first bar is Limes, with the label 34 above it.", s=sent(thinking=True))
R("internvl", "34 units", "correct", why="34 with unit")
R("llava-1.6", "31", "incorrect", "wrong", why="that is Grapes")
R("internvl", "Approximately 35.", "incorrect", "wrong", why="35, not 34; the exact label is shown")
R("gpt-4o", "It's not 31 — that's the Grapes bar. **Limes is 34.**", "correct", why="rejects 31, commits to 34")
R("gemma-3", "Limes: 34 (Grapes, the other short bar, is 31).", "correct", why="34; 31 belongs to another bar")
R("llava-1.6", "34 or 31", "incorrect", "wrong", why="hedge between right and wrong")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="no content after long thinking",
  reasoning="The chart title is 'Units sold'. Bars: Limes, Apples, Melons, Grapes, Figs. Limes has a label above "
  "it that reads 34. Apples 82, Melons 79, Grapes 31, Figs 72. The y-axis goes to 100 with gridlines every 20. "
  "Let me cross-check the Limes bar height against the gridlines: it's between 20 and 40, about a bit less than "
  "halfway between them, consistent with", finish="length", s=sent(max_tokens=256, thinking=True))
R("gpt-4o", "**Answer:** 82", "incorrect", "wrong", why="82 is Apples")

# ----------------------------------------------------------------------------------------------
# bar_chart-s0-0001 : largest = Cherries (95); Limes 81, Apples 66
case("bar_chart-s0-0001")
R("llava-1.6", "Cherries", "correct", why="right label")
R("internvl", "cherries", "correct", why="right label, lowercase")
R("gpt-4o", "**Cherries**", "correct", why="right label")
R("gemma-3", "The category with the largest value is Cherries, at about 95 units.", "correct", why="Cherries")
R("qwen3-vl", "Cherries", "correct", why="right after thinking",
  reasoning="Bars: Apples ~66, Cherries ~95, Pears ~29, Mangoes ~23, Plums ~49, Limes ~81, Dates ~5. "
  "Tallest is Cherries.", s=sent(thinking=True))
R("llava-1.6", "Limes (though Cherries is close)", "incorrect", "wrong", why="commits to Limes")
R("gpt-4o", "Cherries (Limes is second at roughly 80).", "correct", why="Cherries; Limes mentioned as runner-up")
R("internvl", "Apples or Cherries", "incorrect", "wrong", why="hedge between two labels")
R("llava-1.6", "Limes", "incorrect", "wrong", why="second-largest")
R("gemma-3", "It's not Limes; Cherries is the tallest bar.", "correct", why="rejects Limes, commits to Cherries")
R("qwen3-vl", loop("Cherries ", 300), "correct", why="repeats the right label until max_tokens; answer is Cherries",
  finish="length", s=sent(max_tokens=600))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only, finish length",
  reasoning="I need the tallest bar. Cherries reaches close to 95 and Limes reaches about 81. But I should make "
  "sure the y-axis isn't broken or log-scaled. It goes 0, 20, 40, 60, 80, 100 — linear. Gridlines at each 20. "
  "The Cherries bar is just under 100. Let me also verify the label order under each bar: Apples, Cherries, "
  "Pears, Mangoes, Plums, Limes, Dates. The second bar is labelled", finish="length",
  s=sent(max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# line_chart-s0-0000 : Jan 67 -> May 89 = +22
case("line_chart-s0-0000")
R("llava-1.6", "22", "correct", why="right")
R("internvl", "+22", "correct", why="right with sign")
R("gpt-4o", "The value increased by **+22** (from 67 in Jan to 89 in May).", "correct",
  why="+22, with the two readings")
R("qwen3-vl", "Jan = 67, May = 89, so the change is 89 − 67 = 22.\n\n$\\boxed{+22}$", "correct",
  why="derivation ends boxed +22")
R("gemma-3", "Twenty-two.", "correct", why="22 in words")
R("llava-1.6", "-22", "incorrect", "wrong", why="wrong sign")
R("internvl", "+62", "incorrect", "wrong", why="used Feb (27) as the start")
R("gpt-4o", "It went from 67 to 89, i.e. a change of +22.", "correct", why="+22 after the two endpoints")
R("llava-1.6", "22 or 24", "incorrect", "wrong", why="hedge")
R("qwen3-vl", "Final answer: 22", "correct", why="final line 22",
  reasoning="Values: Jan 67, Feb 27, Mar 39, Apr 64, May 89, Jun 35. Change Jan→May = 89 − 67 = 22. Positive, "
  "an increase.", s=sent(thinking=True))
R("gpt-4o", "Reading the chart:\n\n- Jan = 67\n- Feb = 27\n- Mar = 39\n- Apr = 64\n- May = ", "no_answer",
  "truncation", why="cut at max_tokens before the May value and the difference", finish="length",
  s=sent(max_tokens=40))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="empty content, thinking cut",
  reasoning="The line chart shows visitors in thousands, Jan to Jun. Point labels: 67, 27, 39, 64, 89, 35. "
  "Jan is 67. May is the fifth point: 89. So the difference is 22. But wait — should I double check that the "
  "labels correspond to the right months? The x-axis has Jan, Feb, Mar, Apr, May, Jun. The fifth tick is May, "
  "and its point is the highest, labelled", finish="length", s=sent(max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# equation-s0-0000 : 2x^2 + 2x - 4 = 0 -> {-2, 1}
case("equation-s0-0000")
R("llava-1.6", "-2, 1", "correct", why="both roots")
R("internvl", "x = 1, x = -2", "correct", why="both roots")
R("qwen3-vl", "$\\boxed{-2,\\ 1}$", "correct", why="boxed roots",
  reasoning="2x^2 + 2x - 4 = 0 → divide by 2: x^2 + x - 2 = 0 → (x+2)(x-1) = 0 → x = -2 or x = 1.",
  s=sent(thinking=True))
R("gpt-4o", "We have $2x^2 + 2x - 4 = 0$.\n\nDivide by 2: $x^2 + x - 2 = 0$.\n\nFactor: $(x + 2)(x - 1) = 0$.\n\n"
  "**Solutions:** x = −2, x = 1", "correct", why="factored, both roots (unicode minus)")
R("gemma-3", "Using the quadratic formula with a = 2, b = 2, c = -4: the discriminant is 4 + 32 = 36, so "
  "x = (-2 ± 6) / 4, giving x = 1 and x = -2.\n\nFinal answer: -2, 1", "correct",
  why="long derivation with other numbers; final line both roots")
R("llava-1.6", "x = 1", "partial", "wrong", why="1 of 2 roots")
R("internvl", "x = 2, x = -1", "incorrect", "wrong", why="sign error on both roots")
R("llava-1.6", "The equation 2x² + 2x + 4 = 0 has no real solutions.", "incorrect", "wrong",
  why="misread -4 as +4; no roots given")
R("gpt-4o", "$x = -2$ and $x = 1$, i.e. $x \\in \\{-2, 1\\}$.", "correct", why="both roots")
R("qwen3-vl", "Dividing by 2 gives x² + x − 2 = 0, so x = (−1 ± √(1 + 8)) / 2 = (−1 ± 3) / 2, so x = 1 or x =",
  "partial", "truncation", why="cut at max_tokens after the first root (1 of 2)", finish="length",
  s=sent(max_tokens=48))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="The equation in the image: 2x^2 + 2x - 4 = 0. Let me verify I read the sign correctly — it's a minus "
  "before the 4. Discriminant b^2 - 4ac = 4 - 4*2*(-4) = 4 + 32 = 36. sqrt = 6. x = (-2 + 6)/4 = 1, "
  "x = (-2 - 6)/4 = -2. Check x=1: 2 + 2 - 4 = 0 ✓. Check x=-2: 8 - 4 - 4 = 0 ✓. Now, should the answer include "
  "multiplicities? Also maybe they want it in a particular order, ascending? The problem says give every solution "
  "separated by commas, so I will write", finish="length", s=sent(max_tokens=256, thinking=True))
R("gemma-3", "x = -2, 1 (the sum of the roots is -1 and the product is -2, as expected)", "correct",
  why="both roots; extra checks with other numbers")

# ----------------------------------------------------------------------------------------------
# arithmetic-s0-0000 : 91 x 84 = 7644
case("arithmetic-s0-0000")
R("llava-1.6", "7644", "correct", why="right")
R("gpt-4o", "91 × 84 = **7,644**", "correct", why="7,644 with thousands separator")
R("qwen3-vl", "91 × 84 = 91 × 80 + 91 × 4 = 7280 + 364 = 7644\n\n$\\boxed{7644}$", "correct",
  why="working then boxed result")
R("gemma-3", "Seven thousand six hundred forty-four.", "correct", why="number in words")
R("internvl", "7,654", "incorrect", "wrong", why="off by 10")
R("llava-1.6", "91 + 84 = 175", "incorrect", "wrong", why="read × as +")
R("internvl", "94 × 84 = 7896", "incorrect", "wrong", why="misread 91 as 94")
R("gemma-3", "91 × 84 = 91 × 80 + 91 × 4 = 7280 + 354 = 7634", "incorrect", "wrong",
  why="arithmetic slip (91×4 = 354); final 7634")
R("qwen3-vl", "7644", "correct", why="right",
  reasoning="The image shows 91 × 84. 90×84 = 7560, plus 84 = 7644.", s=sent(thinking=True))
R("gpt-4o", "To compute 91 × 84:\n\n1. 91 × 80 = 7,280\n2. 91 × 4 = ", "no_answer", "truncation",
  why="cut at max_tokens before any result", finish="length", s=sent(max_tokens=32))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="The expression is 91 × 84. Hmm, is that a multiplication sign or an x? It's ×. 91 × 84: 100×84 = "
  "8400, minus 9×84 = 756, gives 7644. Let me verify another way: 84 × 91 = 84 × 90 + 84 = 7560 + 84 = 7644. "
  "Both agree. Another check: 91 × 84 = (87.5+3.5)(87.5-3.5) = 87.5² - 3.5² = 7656.25 - 12.25 = 7644. Good. "
  "Now let me make sure I'm reading the digits right, the first number could be 94 if the", finish="length",
  s=sent(max_tokens=256, thinking=True))
R("internvl", loop("7644\n\n", 250), "correct", why="answer repeated until max_tokens; committed answer right",
  finish="length")

# ----------------------------------------------------------------------------------------------
# code_reading-s0-0000 : transcribe blend()
case("code_reading-s0-0000")
CODE0 = ("def blend(n):\n    steps = 0\n    while n != 1 and steps < 49:\n        if n % 2 == 0:\n"
         "            n = n // 2\n        else:\n            n = 3 * n + 1\n        steps += 1\n    return steps\n")
R("gpt-4o", "```python\n" + CODE0 + "```", "correct", why="exact, fenced")
R("internvl", CODE0, "correct", why="exact, no fence")
R("qwen3-vl", "Here is the code from the image:\n\n```python\n" + CODE0 + "```\n\nThis function counts the steps of "
  "the Collatz sequence starting at `n`, capped at 49 steps.", "correct",
  why="exact code; explanation after the fence is extra", s=sent(thinking=False))
R("gemma-3", "```python\n" + CODE0.replace("steps < 49", "steps < 40").replace("3 * n + 1", "3 * n - 1") + "```",
  "partial", "wrong", why="two misread tokens (40 for 49, - for +); rest exact")
R("llava-1.6", "```python\n" + CODE0.replace("blend", "bland") + "```", "partial", "wrong",
  why="name misread as 'bland'; everything else exact")
R("internvl", "\n".join(line.strip() for line in CODE0.splitlines()) + "\n", "partial", "wrong",
  why="all tokens right but every indentation lost; indentation was asked for")
R("gpt-4o", "```python\ndef blend(n):\n    steps = 0\n    while n != 1 and steps < 49:\n        if n % 2 == 0:\n"
  "            n = n // 2\n        else:", "partial", "truncation",
  why="cut at max_tokens after 6 of 9 lines, all exact", finish="length", s=sent(max_tokens=48))
R("qwen3-vl", "```python\ndef blend(n):\n    steps = 0\n    while n != 1 and steps < 49:\n        if n % 2 == 0:\n"
  "            n = n // 2\n        else:\n            n = 3 * n + 1\n" + loop("        steps += 1\n", 300),
  "partial", "degenerate_repetition",
  why="first 8 lines exact, then 'steps += 1' loops until max_tokens; return line never written",
  finish="length", s=sent(max_tokens=2048))
R("gemma-3", "```python\ndef blend(n):\n  steps = 0\n  while n != 1 and steps < 49:\n    if n % 2 == 0:\n"
  "      n = n // 2\n    else:\n      n = 3 * n + 1\n    steps += 1\n  return steps\n```", "partial", "wrong",
  why="tokens exact but indentation 2 spaces instead of 4; 'preserving indentation' was asked")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only, finish length",
  reasoning="The image shows Python code with line numbers 1-9 in a dark (monokai) theme. Line 1: def blend(n):. "
  "Line 2: 4 spaces, steps = 0. Line 3: while n != 1 and steps < 49: — is it 49 or 40? The second digit has a "
  "closed loop at the top, so 9. Line 4: 8 spaces, if n % 2 == 0:. Line 5: 12 spaces n = n // 2. I should not "
  "include the line numbers in the transcription since they're part of the editor gutter. Line 6: else:, at "
  "8 spaces. Line 7: n = 3 * n + 1 at", finish="length", s=sent(max_tokens=512, thinking=True))
R("llava-1.6", REFUSE_IMG[0], "no_answer", "refusal", why="declined")
R("internvl", "```python\n1 def blend(n):\n2     steps = 0\n3     while n != 1 and steps < 49:\n4         if n % 2 == 0:\n"
  "5             n = n // 2\n6         else:\n7             n = 3 * n + 1\n8         steps += 1\n9     return steps\n```",
  "partial", "wrong", why="code exact but editor line numbers copied into every line")

# ----------------------------------------------------------------------------------------------
# code_reading-s0-0001 : trace mix(26) -> 446
case("code_reading-s0-0001")
TRACE = [(i, t) for i, t in zip(range(2, 26), [8, 6, 18, 16, 34, 32, 56, 54, 84, 82, 118, 116, 158, 156,
                                                 204, 202, 256, 254, 314, 312, 378, 376, 448, 446])]


def trace_lines(pairs, fmt="i = {i}, total = {t}"):
    return "\n".join(fmt.format(i=i, t=t) for i, t in pairs)


R("qwen3-vl", trace_lines(TRACE) + "\nAnswer: 446", "correct", why="full trace right, Answer: 446",
  reasoning="total starts at 2. Loop i from 2 to 25. Even i: total += 3i. Odd i: total -= 2.",
  s=sent(thinking=True, max_tokens=4096))
R("gpt-4o", "The function starts with `total = 2` and loops `i` from 2 to 25:\n\n| i | total |\n|---|---|\n" +
  "\n".join(f"| {i} | {t} |" for i, t in TRACE) + "\n\nAnswer: 446", "correct",
  why="trace as a table (one row per iteration), final Answer: 446")
R("internvl", trace_lines(TRACE, "i={i}, total={t}") + "\nAnswer: 446", "correct", why="full trace and answer")
R("gemma-3", trace_lines(TRACE + [(26, 524)]) + "\nAnswer: 524", "incorrect", "wrong",
  why="included i = 26 (range end is exclusive); final 524")
wrong_mult = []
tot = 2
for i in range(2, 26):
    tot = tot + 2 * i if i % 2 == 0 else tot - 2
    wrong_mult.append((i, tot))
R("llava-1.6", trace_lines(wrong_mult) + f"\nAnswer: {tot}", "incorrect", "wrong",
  why="read 'i * 3' as 'i * 2'; trace and result 290 wrong")
slip = TRACE[:20] + [(22, 376), (23, 374), (24, 446), (25, 444)]
R("gemma-3", trace_lines(slip) + "\nAnswer: 444", "incorrect", "wrong",
  why="commits to 444: an arithmetic slip at i = 22 (first 20 iterations right) carries into the result")
R("qwen3-vl", "Let me trace `mix(26)`:\n\n" + trace_lines(TRACE[:16]) + "\ni = 18, tot", "partial", "truncation",
  why="cut at 512 max_tokens after 16 of 24 correct iterations; no final answer", finish="length",
  s=sent(max_tokens=512, thinking=False))
R("gpt-4o", "Let's look at the function first:\n\n```python\ndef mix(n):\n    total = 2\n    for i in range(2, n):\n"
  "        if i % 2 == 0:\n            total += i * 3\n        else:\n            total -= 2\n    return total\n```\n\n"
  "For `mix(26)`, the loop runs for `i` from 2 to 25. Now, step by step:\n\n", "no_answer", "truncation",
  why="cut at max_tokens after restating the code, before any iteration", finish="length",
  s=sent(max_tokens=128))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning cut, content empty",
  reasoning="mix(n): total = 2; for i in range(2, n): if i % 2 == 0: total += i * 3 else total -= 2. n = 26 so i "
  "goes 2..25. i=2: 2+6=8. i=3: 8-2=6. i=4: 6+12=18. i=5: 16. i=6: 16+18=34. i=7: 32. i=8: 32+24=56. i=9: 54. "
  "i=10: 54+30=84. i=11: 82. i=12: 82+36=118. i=13: 116. i=14: 116+42=158. Wait, let me double-check i=12: "
  "82 + 36 = 118, yes. i=15: 156. i=16: 156+48=204. i=17: 202. i=18: 202+54=256. i=19: 254. i=20: 254+60=314. "
  "i=21: 312. Now the user wants each line formatted. Let me redo the whole thing carefully in the format "
  "requested. i = 2, total = 8. i = 3, total", finish="length", s=sent(max_tokens=1024, thinking=True))
R("internvl", "Answer: 446", "partial", "format",
  why="return value right but the requested per-iteration trace is missing")
R("qwen3-vl", trace_lines(TRACE[:23]) + "\n" + loop("i = 24, total = 448\n", 200), "partial",
  "degenerate_repetition", why="23 iterations right, then the i = 24 line loops to max_tokens; no final answer",
  finish="length", s=sent(max_tokens=2048))
R("gemma-3", "Here's the trace of `mix(26)`:\n\n" + trace_lines(TRACE, "- i = {i} → total = {t}") +
  "\n\n**Answer: 446**", "correct", why="bulleted trace, bold answer 446")

# ----------------------------------------------------------------------------------------------
# circle_overlap-s0-0000 : 5 circles (two overlapping pairs)
case("circle_overlap-s0-0000")
R("llava-1.6", "5", "correct", why="right")
R("gemma-3", "Five.", "correct", why="five in words")
R("gpt-4o", "There are **5** circles in the image.", "correct", why="right")
R("qwen3-vl", "I can see 5 circles, 2 of which overlap heavily in the top left.", "correct",
  why="5; 2 is subordinate")
R("internvl", "4", "incorrect", "wrong", why="merged an overlapping pair")
R("gemma-3", "I count 4 circles, 2 of which overlap.", "incorrect", "wrong", why="commits to 4")
R("llava-1.6", "6", "incorrect", "wrong", why="overcount")
R("qwen3-vl", "5", "correct", why="right after thinking",
  reasoning="Bottom left: one circle. Top left: two overlapping circles (their outlines cross). Center-right: "
  "one circle, overlapping another one above-right of it. That's 1 + 2 + 2 = 5.", s=sent(thinking=True))
R("internvl", "4 or 5", "incorrect", "wrong", why="hedge")
R("gpt-4o", "Let me count them:\n\n1. Bottom-left circle\n2. Top-left circle\n3. The circle overlapping it, "
  "slightly to the right\n4. Center-right circle\n5. Upper-right circle overlapping #4\n\n**Total: 5 circles**",
  "correct", why="enumerated 1-5, total 5")
R("qwen3-vl", "<think>\n" + loop("The top-left has two overlapping circles. Or is it one circle with a "
  "shadow? Let me look again.\n", 150), "no_answer", "degenerate_repetition",
  why="thinking loops on the same doubt until max_tokens; no count given", finish="length",
  s=sent(max_tokens=2048))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only, finish length",
  reasoning="Counting circles. There's a big circle bottom left. Top left there's a shape that looks like two "
  "circles overlapping, like a Venn diagram. On the right there's another pair overlapping. Are there any "
  "circles completely hidden behind others? The question says overlapping circles count separately, so I "
  "need to look for arcs. The outline of the top-left pair shows two distinct arcs on the left side and", 
  finish="length", s=sent(max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# line_intersections-s0-0000 : 1 crossing (red x orange)
case("line_intersections-s0-0000")
R("llava-1.6", "1", "correct", why="right")
R("gemma-3", "One.", "correct", why="one in words")
R("gpt-4o", "There is **1** intersection point, where the red and orange lines cross.", "correct", why="1")
R("internvl", "Only one: the red segment crosses the orange one near the top right. The blue and green "
  "segments don't touch anything.", "correct", why="one")
R("qwen3-vl", "There are 4 line segments and 1 crossing point.", "correct", why="1 crossing; 4 is the segment count")
R("llava-1.6", "2", "incorrect", "wrong", why="overcount")
R("internvl", "0", "incorrect", "wrong", why="missed the red/orange crossing")
R("gemma-3", "None of the line segments cross each other.", "incorrect", "wrong", why="says zero")
R("gpt-4o", "The blue line would cross the red one if it were extended, but as drawn there is just **1** "
  "crossing: red × orange.", "correct", why="1; hypothetical extension only mentioned")
R("qwen3-vl", "1", "correct", why="right after thinking",
  reasoning="Segments: orange nearly horizontal at the top, red going down-right from near the top middle, blue "
  "diagonal bottom-left to center, green vertical at the far left. Red starts above the orange line and ends "
  "below it on the right, so they cross once. Blue ends before reaching anything. Green is isolated. So 1.",
  s=sent(thinking=True))
R("gemma-3", "2 (the red and orange lines cross, and the blue line meets the red one)", "incorrect", "wrong",
  why="commits to 2; blue does not reach red")
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="Let me list segments with approximate endpoints. Orange: (208, 79) to (580, 95). Red: (360, 74) to "
  "(574, 173). Blue: (193, 433) to (422, 221). Green: (40, 365) to (37, 127). Red vs orange: at x=360 red is at "
  "y=74, orange at about y=85, so red is above; at x=574 red is at 173, orange at 94, red below. So they cross. "
  "Red vs blue: the blue segment ends at x=422 and y=221; red at x=422 is at y≈103. Does the blue line", 
  finish="length", s=sent(max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# sequence_pattern-s0-0000 : next = D (cyan square)
case("sequence_pattern-s0-0000")
R("llava-1.6", "D", "correct", why="letter D")
R("internvl", "(D)", "correct", why="letter in parentheses")
R("llava-1.6", "d", "correct", why="lowercase letter")
R("gemma-3", "D) cyan square", "correct", why="letter and option text")
R("internvl", "cyan square", "correct", why="option text")
R("gpt-4o", "The pattern repeats **square → circle → diamond**, so the next shape is a **cyan square (D)**.",
  "correct", why="D with reasoning")
R("qwen3-vl", "The next shape should be the cyan square.", "correct", why="option text in a sentence",
  reasoning="Sequence: cyan square, blue circle, pink diamond, cyan square, blue circle, pink diamond, ?. "
  "Period 3, so next is cyan square = option D.", s=sent(thinking=True))
R("llava-1.6", "C", "incorrect", "wrong", why="pink diamond repeats the last shape")
R("gemma-3", "(A) cyan star", "incorrect", "wrong", why="right color, wrong shape")
R("gpt-4o", "Not (C) pink diamond — that was the last shape. The cycle restarts with the cyan square: **D**.",
  "correct", why="rejects C, commits to D")
R("internvl", "A or D", "incorrect", "wrong", why="hedge")
R("qwen3-vl", "<think>\nThe sequence is cyan square, blue circle, pink diamond, cyan square, blue circle, pink "
  "diamond, then ?. The pattern has period 3.\n" + loop("So the next is the cyan square. But wait, let me "
  "double-check the options. ", 120), "no_answer", "degenerate_repetition",
  why="the right shape appears inside a thinking loop that never closes; nothing committed", finish="length",
  s=sent(max_tokens=2048))

# ==============================================================================================
# Videos. sent: VU() = sent as video_url, frame count unknown; FR(n) = sent as n frames;
# VU(frames_shown=n) = video_url with the frame count inferred from usage.
# frame_sampling is only labelled when the request shows fewer frames than the case's min_frames
# AND the answer is the one the case's sampling.apparent list gives for that frame count.

# ----------------------------------------------------------------------------------------------
# ball_across-s0-0000 : brown ball moves left to right (min_frames 2)
case("ball_across-s0-0000")
R("gpt-4o", "A brown ball moves horizontally from left to right across the upper part of the frame.", "correct",
  why="object, color and direction right", s=VU())
R("internvl", "A brown circle travels from the left side of the screen to the right side.", "correct",
  why="all three parts", s=VU())
R("gemma-3", "The video shows a small brown ball rolling to the right along the top of a white background.",
  "correct", why="all three parts", s=VU())
R("qwen3-vl", "A brown ball moves across the screen — not from right to left, but from left to right.", "correct",
  why="negates the wrong direction, states the right one", s=VU())
R("llava-1.6", "A red ball moves from left to right.", "partial", "wrong",
  why="object and motion right, color wrong (2 of 3 parts)", s=VU())
R("internvl", "A brown ball moves from right to left.", "partial", "wrong",
  why="object and color right, direction reversed", s=FR(4))
R("gemma-3", "A brown ball stays still near the top-left corner.", "partial", "wrong",
  why="object and color right, motion wrong", s=VU())
R("qwen3-vl", "A brown ball moves steadily from left to right across the frame.", "correct", why="all three",
  reasoning="The frames show a brown circle at the top left, then further right in each frame, ending at the right "
  "edge. It's moving horizontally left to right at constant height.", s=FR(4, thinking=True))
R("llava-1.6", REFUSE_VID[0], "no_answer", "refusal", why="declined", s=VU())
R("gemma-3", REFUSE_VID[2], "no_answer", "refusal", why="declined", s=VU())
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="Let me describe the video. Frame 1: a brown circle near the left edge, in the upper third. Later "
  "frames: the circle moves to the right. Is it a ball or a flat disc? It's a 2D render, so 'ball' is fine. "
  "Is the color brown or dark orange? It's a muted brown, like RGB (120, 75, 30). Does it speed up? Positions "
  "look evenly spaced. The user wants one sentence with object, color and motion. Let me make sure about the "
  "vertical position: it seems", finish="length", s=VU(max_tokens=256, thinking=True))
R("internvl", "A dark orange ball slides from the left to the right of the frame.", "partial", "wrong",
  why="brown called dark orange; object and motion right", s=VU())

# ----------------------------------------------------------------------------------------------
# shape_morph-s0-0000 : star, square, triangle (square only 2 of 30 frames; min_frames 15;
# even N <= 14 shows star, triangle)
case("shape_morph-s0-0000")
R("llava-1.6", "star, square, triangle", "correct", why="all three in order", s=VU())
R("gpt-4o", "Star, square, triangle.", "correct", why="all three in order", s=VU())
R("internvl", "purple star, purple square, purple triangle", "correct", why="right shapes in order", s=FR(30))
R("qwen3-vl", "star, square, triangle", "correct", why="right after thinking",
  reasoning="It starts as a purple star for many frames, then briefly a square (only around frames 14-15), then a "
  "triangle until the end.", s=FR(30, thinking=True))
R("qwen3-vl", "star, triangle", "partial", "frame_sampling",
  why="4 of 30 frames shown; the 2-frame square falls between samples, exactly the [star, triangle] that 4 frames show",
  s=FR(4))
R("gemma-3", "star, triangle", "partial", "wrong",
  why="all 30 frames were shown; missed the square (2 of 3 shapes)", s=FR(30))
R("gpt-4o", "The object changes shape in this order:\n\n1. Star\n2. Square\n3. Triangle", "partial", "format",
  why="right shapes and order, but a numbered list instead of the comma-separated list asked", s=VU())
R("internvl", "star, square, circle", "partial", "wrong", why="2 of 3; triangle called circle", s=VU())
R("llava-1.6", "star, square, triangle, star", "partial", "wrong", why="right three plus a spurious fourth", s=VU())
R("gemma-3", "circle, square, triangle", "partial", "wrong", why="2 of 3; star called circle", s=VU())
R("internvl", REFUSE_VID[1], "no_answer", "refusal", why="declined", s=VU())
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="I see a purple shape in the center. At first it has five points — a star. Later it has three "
  "corners — a triangle. Was there anything in between? Let me look at the middle frames. Around the middle there "
  "might be a frame where it has four corners. The question asks every shape it takes, in order. If the square is "
  "only there for a moment, should", finish="length", s=FR(30, max_tokens=256, thinking=True))
R("gpt-4o", "star, triangle", "partial", "frame_sampling",
  why="request sent 8 frames (inferred from usage): [star, triangle] is what 8 frames show",
  s=VU(frames_shown=8))

# ----------------------------------------------------------------------------------------------
# pulsing_circle-s0-0000 : 7 peaks (min_frames 29; 4-7 frames -> 1, 11-12 -> 2, 15-16 -> 4, 26-28 -> 6)
case("pulsing_circle-s0-0000")
R("llava-1.6", "7", "correct", why="right", s=FR(30))
R("gemma-3", "Seven times.", "correct", why="seven", s=FR(30))
R("gpt-4o", "The circle reaches its largest size **7** times.", "correct", why="7", s=FR(30))
R("qwen3-vl", "7", "correct", why="right after counting peaks",
  reasoning="The radius peaks every 4 frames: around frames 1, 5, 9, 13, 17, 21, 25, and then 29 is the last "
  "frame... let me check frame 29 — it's still growing, not at max. So peaks at 1? No — the first frame is "
  "shrinking. Peaks at 5, 9, 13, 17, 21, 25 and 29? Looking at sizes, I count 7 peaks.", s=FR(30, thinking=True))
R("internvl", "It pulses 7 times, growing from about 44 px to 116 px in radius.", "correct",
  why="7; the pixel sizes are subordinate", s=FR(30))
R("qwen3-vl", "1", "incorrect", "frame_sampling", why="4 of 30 frames shown; 4 frames show one peak", s=FR(4))
R("gemma-3", "It reaches its largest size only once.", "incorrect", "frame_sampling",
  why="4 frames (inferred from usage) show one peak; 'once' = 1", s=VU(frames_shown=4))
R("gpt-4o", "**2**", "incorrect", "frame_sampling", why="12 frames shown; 11-12 frames suggest 2", s=FR(12))
R("llava-1.6", "6", "incorrect", "wrong", why="all 30 frames shown; miscounted", s=FR(30))
R("internvl", "6 or 7", "incorrect", "wrong", why="hedge", s=FR(30))
R("gemma-3", REFUSE_VID[3], "no_answer", "refusal", why="declined", s=VU())
R("qwen3-vl", "<think>\n" + loop("grows, shrinks, ", 400, "The circle "), "no_answer", "degenerate_repetition",
  why="'grows, shrinks' loop until max_tokens; no count", finish="length", s=FR(30, max_tokens=2048))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="I need to track the radius over 30 frames. Frame 0: medium. Frame 1: large. Frame 2: medium. "
  "Frame 3: small. Frame 4: medium. Frame 5: large. So the period is 4 frames. Over 30 frames, peaks at 1, 5, 9, "
  "13, 17, 21, 25, 29? That would be 8. But is frame 29 a peak or just before it? The radius at frame 29 vs "
  "frame 28 — I need to compare them carefully, the difference is", finish="length",
  s=FR(30, max_tokens=512, thinking=True))

# ----------------------------------------------------------------------------------------------
# color_cycle-s0-0000 : 5 colors (yellow, gray, blue, brown, pink); brown only at frame 8.
# min_frames 22; 4-5 frames -> 3, 6 -> 4, 9-11 -> 4
case("color_cycle-s0-0000")
R("llava-1.6", "5", "correct", why="right", s=FR(30))
R("gpt-4o", "**5** — yellow, gray, blue, brown and pink.", "correct", why="5 with the colors", s=FR(30))
R("gemma-3", "Five: yellow, gray, blue, brown and pink.", "correct", why="five", s=VU())
R("qwen3-vl", "5", "correct", why="right after thinking",
  reasoning="Backgrounds: yellow, yellow, gray, gray, gray, blue, blue, blue, brown (only one frame), blue, pink, "
  "pink, gray, gray, yellow, ... Distinct: yellow, gray, blue, brown, pink = 5.", s=FR(30, thinking=True))
R("internvl", "The background cycles through 5 different colors, although it changes 13 times.", "correct",
  why="5 distinct colors; 13 is the number of changes", s=FR(30))
R("qwen3-vl", "3", "incorrect", "frame_sampling", why="4 of 30 frames shown; 4-5 frames suggest 3", s=FR(4))
R("gpt-4o", "I can see **4** different background colors: yellow, gray, blue and pink.", "incorrect",
  "frame_sampling", why="10 frames shown; 9-11 frames suggest 4 (the one-frame brown is missed)", s=FR(10))
R("llava-1.6", "4", "incorrect", "wrong", why="all 30 frames shown; missed brown", s=FR(30))
R("gemma-3", "6 — yellow, gray, blue, brown, pink and orange.", "incorrect", "wrong",
  why="hallucinated orange; 6", s=VU())
R("internvl", "I see yellow, gray, blue, brown and pink backgrounds.", "correct",
  why="no numeral, but lists exactly the 5 colors", s=VU())
R("llava-1.6", REFUSE_VID[0], "no_answer", "refusal", why="declined", s=VU())
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="Frame by frame: yellow, yellow, gray, gray, gray, blue, blue, blue, then a brownish frame, blue "
  "again, pink, pink, gray, gray, yellow, yellow, pink, pink, pink, blue... Is the brownish frame really brown "
  "or a dark transition between blue and pink? It's a single frame. If it's a transition artifact it shouldn't "
  "count. But the video is synthetic, there are no transitions, so", finish="length",
  s=FR(30, max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# linear_motion-s0-0000 : G toward the top right (min_frames 2)
case("linear_motion-s0-0000")
R("llava-1.6", "G", "correct", why="letter G", s=VU())
R("internvl", "(G)", "correct", why="letter", s=VU())
R("llava-1.6", "g", "correct", why="lowercase letter", s=VU())
R("gemma-3", "G. toward the top right", "correct", why="letter and text", s=VU())
R("internvl", "toward the top right", "correct", why="option text", s=VU())
R("gpt-4o", "The ball moves diagonally up and to the right — **(G) toward the top right**.", "correct",
  why="G", s=VU())
R("qwen3-vl", "It moves toward the upper right.", "correct", why="paraphrase of G",
  reasoning="First frame: red ball at the bottom left. Last frame: top right. So it moves up and right.",
  s=FR(4, thinking=True))
R("gemma-3", "The ball travels from the bottom left corner to the top right corner.", "correct",
  why="paraphrase of G (bottom left is the start, not option F)", s=VU())
R("llava-1.6", "E", "incorrect", "wrong", why="toward the bottom right", s=VU())
R("internvl", "(A) left to right", "incorrect", "wrong", why="ignores the vertical component", s=VU())
R("qwen3-vl", "It's not moving toward the top left; it's heading toward the top right (G).", "correct",
  why="rejects H, commits to G", s=VU())
R("gemma-3", "H", "incorrect", "wrong",
  why="only 4 frames shown, but 2 already show the direction; plain error", s=FR(4))
R("internvl", "A or G", "incorrect", "wrong", why="hedge", s=VU())
R("gpt-4o", REFUSE_VID[1], "no_answer", "refusal", why="declined", s=VU())

# ----------------------------------------------------------------------------------------------
# motion_type-s0-0000 : B bouncing (min_frames 4; 2-3 frames -> A straight line)
case("motion_type-s0-0000")
R("llava-1.6", "B", "correct", why="letter B", s=VU())
R("internvl", "(B) bouncing off the walls", "correct", why="letter and text", s=VU())
R("llava-1.6", "b", "correct", why="lowercase letter", s=VU())
R("gemma-3", "It bounces off the walls.", "correct", why="option text paraphrased", s=VU())
R("gpt-4o", "The ball ricochets off the edges of the frame, changing direction each time it hits one. "
  "**Answer: (B)**", "correct", why="B", s=VU())
R("qwen3-vl", "Not a straight line — it bounces off the walls.", "correct", why="rejects A, commits to B",
  s=FR(30))
R("gemma-3", "It moves in a straight line between bounces off the walls, so (B).", "correct",
  why="B; 'straight line' describes the segments", s=VU())
R("qwen3-vl", "A", "incorrect", "frame_sampling",
  why="3 of 30 frames shown; 2-3 frames look like a straight line (A)", s=FR(3))
R("internvl", "The ball moves in a straight line (A).", "incorrect", "wrong",
  why="all 30 frames shown; plain error", s=FR(30))
R("gpt-4o", "**(A) a straight line**", "incorrect", "wrong",
  why="4 frames shown and 4 already show the bounce; not explained by sampling", s=FR(4))
R("llava-1.6", "C", "incorrect", "wrong", why="circle", s=VU())
R("internvl", "A or B", "incorrect", "wrong", why="hedge", s=VU())
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="The brown ball starts at the right, moves up-left to the top-left corner, then comes down to the "
  "right... then goes along the bottom and back up. It changes direction at the walls, so it's bouncing. But "
  "could it be moving in a circle? A circle would have smooth curvature; here the path is piecewise straight. "
  "Let me verify the change of direction happens exactly at the edges, around frame", finish="length",
  s=FR(30, max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# circular_motion-s0-0000 : A clockwise (min_frames 10; 6-9 frames -> B)
case("circular_motion-s0-0000")
R("llava-1.6", "A", "correct", why="letter A", s=VU())
R("internvl", "(A) clockwise", "correct", why="letter and text", s=VU())
R("gemma-3", "Clockwise.", "correct", why="option text", s=VU())
R("llava-1.6", "a", "correct", why="lowercase letter", s=VU())
R("gpt-4o", "The ball goes **clockwise**, not counterclockwise.", "correct", why="negation of the wrong option",
  s=VU())
R("qwen3-vl", "A", "correct", why="right after thinking",
  reasoning="Track the orange ball: it's at the top, then moves to the right side, then to the bottom, then "
  "left. Top → right → bottom → left is clockwise on screen.", s=FR(30, thinking=True))
R("internvl", "Counterclockwise, not clockwise.", "incorrect", "wrong", why="commits to counterclockwise",
  s=VU())
R("qwen3-vl", "B", "incorrect", "frame_sampling",
  why="8 of 30 frames shown; 6-9 frames alias the motion to counterclockwise", s=FR(8))
R("gemma-3", "(B) counterclockwise", "incorrect", "wrong", why="all 30 frames shown; plain error", s=FR(30))
R("llava-1.6", "anticlockwise", "incorrect", "wrong", why="= counterclockwise", s=VU())
R("gpt-4o", "I'm sorry, but I can't determine the direction of motion from this video.", "no_answer", "refusal",
  why="declined to answer", s=VU())
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="Ball positions in the frames: first near the upper left, then upper right... wait, between "
  "consecutive frames it jumps a large angle (about 50 degrees). With large steps, the apparent direction could "
  "be ambiguous. 50 degrees per frame is less than 180, so the direction is well defined. Upper left → top → "
  "upper right → right. That is clockwise. Let me verify with the next few frames to be sure the step is",
  finish="length", s=FR(30, max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# appearing_objects-s0-0000 : 6 objects (min_frames 25; 2-4 frames -> 0, 6 -> 4, 8 -> 3, 10-11 -> 5)
case("appearing_objects-s0-0000")
R("llava-1.6", "6", "correct", why="right", s=FR(30))
R("gemma-3", "Six objects appear.", "correct", why="six", s=FR(30))
R("gpt-4o", "**6** — a purple circle, a cyan one, a green one, two yellow ones and a second purple one.",
  "correct", why="6 with the objects listed", s=FR(30))
R("internvl", "6 objects (two of them purple and two yellow).", "correct", why="6; 2s are subordinate", s=VU())
R("qwen3-vl", "6", "correct", why="right after thinking",
  reasoning="Objects: purple circle (frames 1-4), cyan (6-9), green (11-14), yellow top-left (16-18), yellow "
  "(23-24), purple (27-28). Six.", s=FR(30, thinking=True))
R("qwen3-vl", "0", "incorrect", "frame_sampling",
  why="4 of 30 frames shown; the 4 sampled frames are all empty (apparent 0)", s=FR(4))
R("gemma-3", "I don't see any objects appearing — the frame stays empty throughout the video.", "incorrect",
  "frame_sampling", why="4 frames (inferred from usage) are all empty; answer 0", s=VU(frames_shown=4))
R("gpt-4o", "**5** objects appear in total.", "incorrect", "frame_sampling",
  why="10 frames shown; 10-11 frames show 5", s=FR(10))
R("llava-1.6", "3", "incorrect", "frame_sampling", why="8 frames shown; 8 frames show 3", s=FR(8))
R("internvl", "5", "incorrect", "wrong", why="all 30 frames shown; missed one", s=FR(30))
R("gemma-3", "7", "incorrect", "wrong", why="overcount", s=VU())
R("llava-1.6", REFUSE_VID[2], "no_answer", "refusal", why="declined", s=VU())
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="Objects appear one at a time. First a purple circle on the right. Then a cyan circle at the bottom. "
  "Then green, in the middle right. Then a yellow one at the top left. Then another yellow one — is that the "
  "same yellow object reappearing in a different place, or a new object? The question says objects appear one "
  "at a time; a different position suggests a new object. Then a purple one in the center. Is that the same "
  "purple as the first? Different position again, so", finish="length", s=FR(30, max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# flashing_light-s0-0000 : 5 flashes (min_frames 29; 2-3 -> 0, 4 -> 1, 10 -> 2, 22 -> 4, 26-28 -> 4)
case("flashing_light-s0-0000")
R("llava-1.6", "5", "correct", why="right", s=FR(30))
R("gemma-3", "five", "correct", why="five in words", s=FR(30))
R("gpt-4o", "The lamp flashes **5** times.", "correct", why="5", s=FR(30))
R("internvl", "It flashes 5 times; the gap between the third and fourth flash is the longest.", "correct",
  why="5; ordinal mentions are subordinate", s=FR(30))
R("qwen3-vl", "5", "correct", why="right after thinking",
  reasoning="Yellow frames: 4, 6, 8, 19, 28. Each is separated by gray frames, so 5 separate flashes.",
  s=FR(30, thinking=True))
R("qwen3-vl", "1", "incorrect", "frame_sampling", why="4 of 30 frames shown; 4 frames catch one flash", s=FR(4))
R("gemma-3", "The lamp stays gray the entire time; it never flashes.", "incorrect", "frame_sampling",
  why="2 frames shown; 2-3 frames show no flash (0)", s=FR(2))
R("gpt-4o", "It flashes **2** times.", "incorrect", "frame_sampling", why="10 frames shown; 10 frames show 2",
  s=FR(10))
R("llava-1.6", "4", "incorrect", "wrong", why="all 30 frames shown; missed a flash", s=FR(30))
R("internvl", "4 or 5", "incorrect", "wrong", why="hedge", s=FR(30))
R("qwen3-vl", "<think>\n" + loop("off, flash, ", 400, "The lamp goes "), "no_answer", "degenerate_repetition",
  why="'off, flash' loop until max_tokens; no count", finish="length", s=FR(30, max_tokens=2048))
R("gpt-4o", "Let me go through the video frame by frame:\n\n- Frames 0–3: gray (off)\n- Frame 4: yellow "
  "(flash 1)\n- Frame 5: gray\n- Frame 6: yellow (flash 2)\n- Frame 7: gray\n- Frame 8: yellow (flash 3)\n- "
  "Frames 9–18: gray\n- Frame 19: yel", "no_answer", "truncation",
  why="cut at max_tokens mid-walkthrough before a total was given", finish="length", s=FR(30, max_tokens=96))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="The lamp is a circle. Gray when off. I see it turn yellow at some frames. Let me list: frame 4 "
  "yellow, frame 5 gray, frame 6 yellow, frame 7 gray, frame 8 yellow. Are these three separate flashes or one "
  "flickering flash? Each is separated by a gray frame, so separate. Then long gray until frame 19, yellow. "
  "Then gray until", finish="length", s=FR(30, max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# bounce_count-s0-0000 : 5 bounces (min_frames 8; 2 -> 0, 3-4 -> 2, 5-7 -> 4)
case("bounce_count-s0-0000")
R("llava-1.6", "5", "correct", why="right", s=VU())
R("gemma-3", "Five bounces.", "correct", why="five", s=VU())
R("gpt-4o", "The ball bounces off a wall **5** times.", "correct", why="5", s=VU())
R("internvl", "It hits the top edge twice and the side edges 3 times — 5 bounces in total.", "correct",
  why="5; 2 and 3 are parts of it", s=VU())
R("qwen3-vl", "\\boxed{5}", "correct", why="boxed 5",
  reasoning="The green ball moves right and up, hits the top, comes down, hits the right wall, ... counting "
  "direction changes at edges: 5.", s=FR(30, thinking=True))
R("qwen3-vl", "2", "incorrect", "frame_sampling", why="4 of 30 frames shown; 3-4 frames suggest 2", s=FR(4))
R("gemma-3", "The ball bounces 4 times.", "incorrect", "frame_sampling", why="6 frames shown; 5-7 frames suggest 4",
  s=FR(6))
R("llava-1.6", "4", "incorrect", "wrong", why="all 30 frames shown; missed one", s=FR(30))
R("internvl", "6", "incorrect", "wrong", why="overcount", s=VU())
R("gpt-4o", "**3** bounces.", "incorrect", "wrong", why="3; not an apparent value for any frame count", s=VU())
R("internvl", REFUSE_VID[0], "no_answer", "refusal", why="declined", s=VU())
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="Track the green ball. Start near top middle-right, moving right and up. Hits the top wall quickly "
  "(bounce 1). Then moving right and down, hits the right wall (bounce 2). Then left and down... it travels a "
  "long way to the left wall? Or does it hit the bottom first? vy is small, so it probably reaches the left wall "
  "first (bounce 3). Then", finish="length", s=FR(30, max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# speed_compare-s0-0000 : A the first video (min_frames 2)
case("speed_compare-s0-0000")
R("llava-1.6", "A", "correct", why="letter A", s=VU())
R("internvl", "(A) the first video", "correct", why="letter and text", s=VU())
R("gemma-3", "The first video.", "correct", why="option text", s=VU())
R("llava-1.6", "a", "correct", why="lowercase letter", s=VU())
R("gpt-4o", "The ball in the **first video** moves faster — it covers roughly twice the distance in the same "
  "time. **Answer: A**", "correct", why="A", s=VU())
R("qwen3-vl", "Not the second video — the blue ball in the first video is faster. (A)", "correct",
  why="rejects B, commits to A", s=VU())
R("qwen3-vl", "A", "correct", why="right after thinking",
  reasoning="Video 1: blue ball from the right edge moving left, crosses most of the frame. Video 2: cyan ball "
  "from the left, moves only about a third of the width. So video 1 is faster.", s=FR(4, thinking=True))
R("internvl", "B", "incorrect", "wrong", why="second video is slower", s=VU())
R("gemma-3", "The second video (B); the cyan ball covers more distance.", "incorrect", "wrong", why="commits to B",
  s=VU())
R("llava-1.6", "They move at about the same speed.", "incorrect", "wrong", why="neither option; wrong claim",
  s=VU())
R("gpt-4o", "**(B) the second video**", "incorrect", "wrong",
  why="4 frames per clip shown, but 2 suffice here; plain error", s=FR(4))
R("internvl", "A or B", "incorrect", "wrong", why="hedge between both options", s=VU())
R("gemma-3", "I'm unable to compare the videos because I can only see one of them.", "no_answer", "refusal",
  why="declined", s=VU())

# ----------------------------------------------------------------------------------------------
# direction_compare-s0-0000 : yes (both leftward)
case("direction_compare-s0-0000")
R("llava-1.6", "Yes", "correct", why="right", s=VU())
R("internvl", "yes", "correct", why="right", s=VU())
R("gemma-3", "Yes — both balls move from right to left.", "correct", why="yes with reason", s=VU())
R("gpt-4o", "**Yes.** Both the purple ball and the yellow ball travel leftward.", "correct", why="yes", s=VU())
R("qwen3-vl", "They don't move in opposite directions; both go right to left. Yes.", "correct",
  why="negation of opposite, commits to yes", s=VU())
R("gemma-3", "Yes, although the yellow ball is a bit faster.", "correct", why="yes; speed remark is extra", s=VU())
R("llava-1.6", "No", "incorrect", "wrong", why="both move left", s=VU())
R("internvl", "No, the first ball moves left while the second moves right.", "incorrect", "wrong",
  why="wrong direction for the second ball", s=VU())
R("gpt-4o", "No — they move at different speeds.", "incorrect", "wrong", why="answers no (confuses speed with direction)",
  s=VU())
R("qwen3-vl", "No", "incorrect", "wrong", why="4 frames shown, but 2 suffice; plain error", s=FR(4))
R("qwen3-vl", "Yes", "correct", why="right after thinking",
  reasoning="Video 1: purple ball starts at the right (x≈586) and ends further left. Video 2: yellow ball also "
  "starts at the right and moves left. Same direction.", s=FR(30, thinking=True))
R("llava-1.6", REFUSE_VID[1], "no_answer", "refusal", why="declined", s=VU())

# ----------------------------------------------------------------------------------------------
# predict_position-s0-0000 : D middle left (ends near middle center, moving left and slightly down)
case("predict_position-s0-0000")
R("llava-1.6", "D", "correct", why="letter D", s=VU())
R("internvl", "(D) middle left", "correct", why="letter and text", s=VU())
R("gemma-3", "middle left", "correct", why="option text", s=VU())
R("llava-1.6", "d", "correct", why="lowercase letter", s=VU())
R("gpt-4o", "The ball enters at the top right and moves left and slightly down at a steady pace. At the end of "
  "the video it's just left of center; continuing for 2 more seconds it will be in the **middle left** "
  "cell.\n\n**Answer: (D)**", "correct", why="D after extrapolation", s=VU())
R("qwen3-vl", "It will be in the middle-left part of the frame.", "correct", why="paraphrase of D",
  reasoning="Ball moves from (547,115) toward the lower left, ~12 px/frame left and ~4 px/frame down. At the end "
  "(frame 29) it is at about (192, 237) — middle row, left/center boundary. 2 s at 2 fps = 4 frames more: "
  "x ≈ 143, y ≈ 254. Left third (x < 213), middle third (160 < y < 320). Middle left.", s=FR(30, thinking=True))
R("internvl", "E", "incorrect", "wrong", why="middle center is where it ends, not 2 s later", s=VU())
R("gemma-3", "It ends near the center, so (E) middle center.", "incorrect", "wrong", why="ignores extrapolation",
  s=VU())
R("llava-1.6", "G bottom left", "incorrect", "wrong", why="overestimates the downward motion", s=VU())
R("gpt-4o", "Not quite bottom left — it will still be in the middle row, on the left: **D**.", "correct",
  why="rejects G, commits to D", s=VU())
R("internvl", "D or G", "incorrect", "wrong", why="hedge", s=VU())
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="The cyan ball starts in the top-right region and moves to the left and down. I need its velocity. "
  "Over 30 frames at 2 fps, 15 seconds. It moves from x≈547 to x≈192, that's 355 px in 14.5 s ≈ 24.5 px/s. "
  "Vertically from 115 to 237, 122 px ≈ 8.4 px/s. 2 s more: x ≈ 143, y ≈ 254. Now the grid: width 640 / 3 ≈ "
  "213, height 480 / 3 = 160. Is x=143 in the left column? Yes. y=254 is in", finish="length",
  s=FR(30, max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# race_to_line-s0-0000 : pink reaches the line first (brown starts closer, pink is faster)
case("race_to_line-s0-0000")
R("llava-1.6", "Pink", "correct", why="right", s=VU())
R("internvl", "pink", "correct", why="right", s=VU())
R("gpt-4o", "The **pink** ball reaches the finish line first.", "correct", why="pink", s=VU())
R("gemma-3", "Pink, just ahead of the brown one.", "correct", why="pink; brown only mentioned", s=VU())
R("qwen3-vl", "Pink — it overtakes the brown ball near the end.", "correct", why="pink", s=VU())
R("llava-1.6", "Brown", "incorrect", "wrong", why="brown starts closer but arrives later", s=VU())
R("internvl", "The brown ball (it starts closer to the line).", "incorrect", "wrong", why="commits to brown", s=VU())
R("gemma-3", "Brown, though pink is catching up fast.", "incorrect", "wrong", why="commits to brown", s=VU())
R("gpt-4o", "Pink or brown — it's very close.", "incorrect", "wrong", why="hedge", s=VU())
R("llava-1.6", "Brown", "incorrect", "wrong", why="4 frames shown, but 2 suffice here; plain error", s=FR(4))
R("qwen3-vl", "pink", "correct", why="right after thinking",
  reasoning="Pink starts at x≈61 moving fast (~17 px/frame); brown starts at x≈200 moving ~11 px/frame. Line at "
  "x=512. Pink needs ~26 frames, brown ~29. Pink first.", s=FR(30, thinking=True))
R("internvl", "Neither ball reaches the line during the video.", "incorrect", "wrong", why="both do", s=VU())
R("gpt-4o", REFUSE_VID[0], "no_answer", "refusal", why="declined", s=VU())

# ----------------------------------------------------------------------------------------------
# color_order-s0-0000 : brown, blue, pink, purple, green (min_frames 11;
# 4 -> pink, brown, blue, purple, green; 6 -> brown, pink, purple, blue, green; 7, 10 -> brown, pink, blue, purple, green)
case("color_order-s0-0000")
R("llava-1.6", "brown, blue, pink, purple, green", "correct", why="right order", s=VU())
R("gemma-3", "Brown, blue, pink, purple, green.", "correct", why="right order", s=VU())
R("gpt-4o", "The squares appear in this order: brown, blue, pink, purple, green.", "correct",
  why="lead-in, then the comma list", s=FR(30))
R("qwen3-vl", "brown, blue, pink, purple, green", "correct", why="right after thinking",
  reasoning="Frame 5: brown square appears at the bottom. Frame 7: blue in the middle. Frame 10: pink top-left. "
  "Frame 11: purple. Frame 12: green.", s=FR(30, thinking=True))
R("gpt-4o", "1. Brown\n2. Blue\n3. Pink\n4. Purple\n5. Green", "partial", "format",
  why="right order but a numbered list, not the comma-separated list asked", s=VU())
R("qwen3-vl", "brown, pink, blue, purple, green", "partial", "frame_sampling",
  why="7 of 30 frames shown; 7 frames show blue and pink at once, giving this order (blue/pink swapped)", s=FR(7))
R("internvl", "pink, brown, blue, purple, green", "partial", "frame_sampling",
  why="4 frames shown; exactly the 4-frame order (pink first); brown, blue, purple, green still in order", s=FR(4))
R("gemma-3", "brown, pink, blue, purple, green", "partial", "wrong",
  why="all 30 frames shown; blue and pink swapped", s=FR(30))
R("llava-1.6", "brown, blue, purple, green", "partial", "wrong", why="missed pink; other 4 in order", s=VU())
R("internvl", "orange, blue, pink, purple, green", "partial", "wrong", why="brown called orange; 4 of 5", s=VU())
R("gemma-3", "green, purple, pink, blue, brown", "incorrect", "wrong", why="order reversed", s=VU())
R("llava-1.6", REFUSE_VID[3], "no_answer", "refusal", why="declined", s=VU())
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="Squares appear one after another and stay. First a brown one at the bottom. Then a blue one in the "
  "middle. Then pink at the top left, and almost at the same time a purple one near it. Which came first, pink "
  "or purple? They are one frame apart. Let me compare the frames around 10 and 11. In frame 10 there's pink "
  "but no purple", finish="length", s=FR(30, max_tokens=256, thinking=True))

# ----------------------------------------------------------------------------------------------
# instructed_answer-s0-0000 : brown, exactly one word
case("instructed_answer-s0-0000")
R("llava-1.6", "Brown", "correct", why="one word, right", s=VU())
R("internvl", "brown", "correct", why="one word, right", s=VU())
R("gemma-3", "Brown.", "correct", why="one word with a period", s=VU())
R("gpt-4o", "**Brown**", "correct", why="one word in bold", s=VU())
R("qwen3-vl", think("The moving object is a triangle moving from right to left. Its color is brown. The "
  "user wants exactly one word.", "Brown"), "correct", why="thinking block, then one word", s=VU(thinking=True))
R("gpt-4o", "The object is brown.", "partial", "format", why="right color but a sentence, not one word", s=VU())
R("gemma-3", "Brown triangle", "partial", "format", why="right color but two words", s=VU())
R("llava-1.6", "Orange", "incorrect", "wrong", why="wrong color", s=VU())
R("internvl", "Red", "incorrect", "wrong", why="wrong color", s=VU())
R("qwen3-vl", "Brown", "correct", why="one word, right", reasoning="The triangle is brown.", s=FR(4, thinking=True))
R("llava-1.6", "Orange", "incorrect", "wrong", why="4 frames shown, but 2 suffice; plain error", s=FR(4))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="A triangle moves across the frame from right to left. Its color: brownish. Could also be described "
  "as dark orange or tan. The RGB looks like roughly (130, 80, 35). That's brown. The user wants exactly one "
  "word. Should I capitalize it? Probably either is fine. Let me also make sure there's only one moving object "
  "and not a", finish="length", s=VU(max_tokens=128, thinking=True))
R("gemma-3", REFUSE_VID[2], "no_answer", "refusal", why="declined", s=VU())

# ----------------------------------------------------------------------------------------------
# instructed_answer-s0-0001 : JSON {"color": "pink", "shape": "hexagon", "direction": "left"}
case("instructed_answer-s0-0001")
R("internvl", '{"color": "pink", "shape": "hexagon", "direction": "left"}', "correct", why="exact JSON", s=VU())
R("gpt-4o", '```json\n{\n  "color": "pink",\n  "shape": "hexagon",\n  "direction": "left"\n}\n```', "correct",
  why="JSON in a fence", s=VU())
R("qwen3-vl", think("A pink hexagon moves from the right side to the left side.",
  '{"color": "pink", "shape": "hexagon", "direction": "left"}'), "correct", why="thinking, then JSON",
  s=VU(thinking=True))
R("gemma-3", "The object is a pink hexagon moving to the left.", "partial", "format",
  why="all three values right, but prose instead of JSON", s=VU())
R("llava-1.6", "color: pink\nshape: hexagon\ndirection: left", "partial", "format",
  why="right values as key: value lines, not JSON", s=VU())
R("internvl", '{"color": "pink", "shape": "circle", "direction": "left"}', "partial", "wrong",
  why="2 of 3 keys; the small hexagon read as a circle", s=VU())
R("gpt-4o", '{"color": "pink", "shape": "hexagon", "direction": "right"}', "partial", "wrong",
  why="2 of 3 keys; direction reversed", s=VU())
R("llava-1.6", '{"color": "red", "shape": "circle", "direction": "right"}', "incorrect", "wrong",
  why="all three keys wrong", s=VU())
R("qwen3-vl", '```json\n{"color": "pink", "shape": "hexagon", "dire', "partial", "truncation",
  why="cut at max_tokens; color and shape right, direction not written", finish="length", s=VU(max_tokens=20))
R("gemma-3", '{"color": "pink", "shape": "hexagon", "direction": "left"}', "correct", why="exact JSON", s=FR(4))
R("qwen3-vl", "", "no_answer", "reasoning_exhausted", why="reasoning only",
  reasoning="The object is pink. Its shape: six sides — a hexagon. It moves from x≈580 to x≈60, so from right to "
  "left: direction 'left'. The user wants only a JSON object with keys color, shape, direction. Should the "
  "shape be 'hexagon' or 'regular hexagon'? Keep it simple. Is the color pink or magenta/hot pink? I'd say "
  "pink. Double-check the direction again by comparing the first and", finish="length",
  s=VU(max_tokens=128, thinking=True))
R("gpt-4o", REFUSE_VID[1], "no_answer", "refusal", why="declined", s=VU())


# ----------------------------------------------------------------------------------------------
# More shortfalls on videos (appended to the cases above)
case("ball_across-s0-0000")
R("gpt-4o", "In this video, a single brown ball (a solid circle) appears near the upper part of an otherwise "
  "empty white frame. Over the course of the clip it moves steadily from the left", "partial", "truncation",
  why="cut at max_tokens: object, color and motion given, the direction is cut off", finish="length",
  s=VU(max_tokens=40))
case("motion_type-s0-0000")
R("qwen3-vl", loop("bounces off the wall, then ", 250, "The ball "), "correct",
  why="the loop itself says it bounces off the walls (B); cut by length but the committed answer is right",
  finish="length", s=VU(max_tokens=2048))
case("appearing_objects-s0-0000")
R("gpt-4o", "Let me list the objects as they appear:\n\n1. A purple circle on the right side\n2. A cyan circle "
  "near the bottom\n3. A green", "no_answer", "truncation", why="cut at max_tokens while listing; no count given",
  finish="length", s=FR(30, max_tokens=48))
case("speed_compare-s0-0000")
R("gemma-3", "To compare the speeds, let me estimate how far each ball travels in the same amount of time. In the "
  "first video, the blue ball starts at the right edge and", "no_answer", "truncation",
  why="cut at max_tokens before choosing", finish="length", s=VU(max_tokens=40))
case("color_cycle-s0-0000")
R("internvl", "5 5 5 5 5 5 5 5", "correct", why="repeats 5; vLLM stopped it for repetition but the answer is right",
  finish="repetition", s=FR(30))
case("race_to_line-s0-0000")
R("qwen3-vl", "<think>\n" + loop("The pink ball is faster but the brown ball is closer. ", 200,
  "Two balls: pink on top, brown below. Finish line at the right.\n"), "no_answer", "degenerate_repetition",
  why="thinking loops on the same comparison until max_tokens; no color committed", finish="length",
  s=VU(max_tokens=2048))

# ==============================================================================================
def main() -> None:
    cases = [json.loads(line) for line in open(CASES)]
    ids = [c["id"] for c in cases]
    family = {c["id"]: c["family"] for c in cases}
    missing = [i for i in ids if i not in CORPUS]
    extra = [i for i in CORPUS if i not in ids]
    assert not missing and not extra, (missing, extra)
    out = os.path.join(HERE, "realistic.jsonl")
    rows = []
    for cid in ids:
        answers = CORPUS[cid]
        assert 10 <= len(answers) <= 14, (cid, len(answers))
        for n, a in enumerate(answers, 1):
            rows.append({"id": f"{cid}-r{n:02d}", "case_id": cid, **a})
    with open(out, "w") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")

    verdicts = Counter(r["human"]["verdict"] for r in rows)
    causes = Counter(r["human"]["cause"] or "-" for r in rows)
    fam = defaultdict(Counter)
    for r in rows:
        fam[family[r["case_id"]]][r["human"]["verdict"]] += 1
    print(f"wrote {len(rows)} answers for {len(ids)} cases to {out}")
    print("verdicts:", dict(verdicts))
    print("causes:", dict(causes))
    print("styles:", dict(Counter(r["style"] for r in rows)))
    famc = defaultdict(Counter)
    for r in rows:
        if r["human"]["cause"]:
            famc[family[r["case_id"]]][r["human"]["cause"]] += 1
    for f_, c in sorted(fam.items()):
        print(f"  {f_:20s} {sum(c.values()):3d}  " + "  ".join(f"{k}={v}" for k, v in sorted(c.items())) +
              "  | " + " ".join(f"{k}={v}" for k, v in sorted(famc[f_].items())))


if __name__ == "__main__":
    main()
