"""Write fresh_classes_2.jsonl: a second set of answers of issue #32's classes, written after the rules for them were
made and labelled before any grader was run on it, to measure those rules at first sight (it is not used to make
rules). Same row shape as fresh_classes.jsonl (see write_fresh_classes.py); hand-written, no model output.

Run:  python3 write_fresh_classes_2.py
"""
from __future__ import annotations

import json
import os

from write_fresh_classes import ROMAN, case, mc

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fresh_classes_2.jsonl")
ROWS: list[dict] = []


def row(cls, c, content, verdict, cause=None, finish="stop", why=""):
    ROWS.append({"id": f"{c['id']}-{sum(r['case']['id'] == c['id'] for r in ROWS) + 1:02d}", "class": cls,
                 "case": c, "response": {"content": content, "finish_reason": finish},
                 "human": {"verdict": verdict, "cause": cause if verdict != "correct" else None, "why": why}})


L = "labels"
fruit = mc("fruit-dot-lower", "D", ["apple", "banana", "cherry", "grape", "lemon"], "Which fruit is purple?",
           ("{}.", "abcde"), "\n")
row(L, fruit, "d. grape", "correct", why="option d")
row(L, fruit, "The correct option is d.", "correct", why="option d")
row(L, fruit, "**d**", "correct", why="option d")
row(L, fruit, "I think the answer is (a) apple.", "incorrect", "wrong", why="option a")
row(L, fruit, "Looking at the picture, the fruit is purple and round, so I'd choose d.", "correct", why="d")
vehicle = mc("vehicle-paren-digit", "A", ["a bus", "a car", "a bicycle"], "What vehicle is parked?",
             ("({})", "123"), "\n")
row(L, vehicle, "(1) a bus", "correct", why="option 1")
row(L, vehicle, "Answer: (1)", "correct", why="option 1")
row(L, vehicle, "The first option.", "correct", why="the first option")
row(L, vehicle, "Option 3", "incorrect", "wrong", why="option 3")
weather = mc("weather-roman-paren", "B", ["sunny", "rainy", "snowy"], "What is the weather?", ("({})", ROMAN))
row(L, weather, "(ii)", "correct", why="option ii")
row(L, weather, "ii) rainy", "correct", why="option ii")
row(L, weather, "The answer is (iii).", "incorrect", "wrong", why="option iii")
tool = mc("tool-option-colon", "C", ["hammer", "saw", "wrench", "drill"], "Which tool is shown?",
          ("Option {}:", "ABCD"), "\n")
row(L, tool, "Option C: wrench", "correct", why="option C")
row(L, tool, "C", "correct", why="C")
row(L, tool, "the third one", "correct", why="the third option")
row(L, tool, "I'd pick option B.", "incorrect", "wrong", why="option B")

W = "wrappers"
bars = case("bars", "number", 34, "numeric", "In this bar chart, what is the value of the bar labelled 'Limes'? Answer "
            "with a number.")
row(W, bars, "**Answer:** 34", "correct", why="34")
row(W, bars, "The value is $\\boxed{34}$.", "correct", why="34")
row(W, bars, "<think>The Limes bar reaches 34 on the axis.</think>\n\n**34**", "correct", why="34")
row(W, bars, "答案：三十四", "correct", why="34 in Chinese numerals")
row(W, bars, "\\boxed{43}", "incorrect", "wrong", why="43")
cells = case("cells", "set", ["(1, 3)", "(4, 3)"], "set", "List every cell that differs as (row, column), separated by "
             "commas.", {"vocabulary": "position"})
row(W, cells, "**(1, 3), (4, 3)**", "correct", why="both cells")
row(W, cells, "\\boxed{(1, 3)}, \\boxed{(4, 3)}", "correct", why="both cells boxed")
eq = case("eq", "set", ["-3", "3"], "set", "Solve the equation in this image for x. Give every solution, separated by "
          "commas.", {"vocabulary": "number"})
row(W, eq, "x = \\pm 3", "correct", why="± is both")
row(W, eq, "Answer: x = 3", "partial", "wrong", why="one root of two")

X = "languages"
flashes = case("flashes", "number", 5, "numeric", "How many times does the lamp flash? Answer with a number.")
row(X, flashes, "灯闪了五次。", "correct", why="five times")
row(X, flashes, "ランプは5回点滅します。", "correct", why="5 times")
row(X, flashes, "La lámpara parpadea cinco veces.", "correct", why="five")
row(X, flashes, "Die Lampe blinkt fünfmal.", "correct", why="fünfmal = five times")
row(X, flashes, "Лампа мигает три раза.", "incorrect", "wrong", why="three")
cell = case("cell", "text", "blue", "exact", "What color is the cell? Answer with one color name.",
            {"vocabulary": "color"})
row(X, cell, "蓝色", "correct", why="blue")
row(X, cell, "青です。", "correct", why="blue in Japanese")
row(X, cell, "Bleu.", "correct", why="blue")
row(X, cell, "Azul.", "correct", why="blue")
row(X, cell, "Vermelho.", "incorrect", "wrong", why="red")
same = case("same-dir", "choice", "A", "choice", "Do the two balls move in the same direction? Answer yes or no.",
            choices=["yes", "no"])
row(X, same, "是的，它们方向相同。", "correct", why="yes")
row(X, same, "はい、同じ方向です。", "correct", why="yes")
row(X, same, "Sí, ambas se mueven hacia la derecha.", "correct", why="yes")
row(X, same, "Nein, sie bewegen sich in verschiedene Richtungen.", "incorrect", "wrong", why="no")
speed = mc("speed", "A", ["the first video", "the second video"], "In which video does the ball move faster?",
           ("({})", "AB"))
row(X, speed, "第一个视频。", "correct", why="the first video")
row(X, speed, "En el primer video.", "correct", why="the first video")
colors = case("colors", "sequence", ["green", "red", "yellow"], "sequence", "List the colors in order, as a "
              "comma-separated list.", {"vocabulary": "color", "format": "comma_list"})
row(X, colors, "绿色、红色、黄色", "correct", why="green, red, yellow")
row(X, colors, "vert, rouge, jaune", "correct", why="green, red, yellow")
row(X, colors, "зелёный, красный, жёлтый", "correct", why="green, red, yellow")

C = "cut"
row(C, bars, "Looking at the chart, the Limes bar is taller than the Apples bar and reaches about", "no_answer",
    "truncation", "length", why="cut before the value")
row(C, tool, "The tool has a long handle and a toothed blade, which suggests option", "no_answer", "truncation",
    "length", why="cut before the option")
row(C, bars, "The Limes bar is 34. The other bars are", "correct", None, "length", why="stated 34 in a finished "
    "sentence first")

if __name__ == "__main__":
    with open(OUT, "w", encoding="utf-8") as handle:
        for r in ROWS:
            handle.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(ROWS)} rows -> {OUT}")
