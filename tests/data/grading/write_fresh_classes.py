"""Write fresh_classes.jsonl: answers of the classes issue #32 names, written before any rule for them was made.

Run:  python3 write_fresh_classes.py   (writes fresh_classes.jsonl next to this file)
Each row is self-contained: its own case (a dict shaped like the golden set's), a response, the class it
illustrates and the verdict (and cause) a careful human gives it by graders/POLICY.md. The answers are written
by hand in the manners VLMs answer in; none is a model output, and none comes from VisOnlyQA (held out).
First sight (how the graders did before the rules of issue #32) is recorded in the data README.
"""
from __future__ import annotations

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "fresh_classes.jsonl")
LETTERS = "ABCDEFGHIJKL"
ROWS: list[dict] = []


def case(name, kind, value, grader, prompt, args=None, **truth):
    return {"id": name, "family": "fresh", "category": "fresh", "modality": "image", "prompt": prompt,
            "truth": {"kind": kind, "value": value, **truth}, "grader": {"name": grader, "args": args or {}}}


def mc(name, value, options, stem, labels, sep=" "):
    """A choice case whose prompt lists the options with `labels` (a format per index, e.g. '({})' with 'abc')."""
    frame, keys = labels
    listing = sep.join(f"{frame.format(keys[i])} {o}" for i, o in enumerate(options))
    return case(name, "choice", value, "choice", f"{stem}{sep}{listing}", choices=options)


def row(cls, c, content, verdict, cause=None, finish="stop", why=""):
    ROWS.append({"id": f"{c['id']}-{sum(r['case']['id'] == c['id'] for r in ROWS) + 1:02d}", "class": cls,
                 "case": c, "response": {"content": content, "finish_reason": finish},
                 "human": {"verdict": verdict, "cause": cause if verdict != "correct" else None, "why": why}})


ROMAN = ["i", "ii", "iii", "iv", "v", "vi"]
# --- option label styles ------------------------------------------------------------------------------
L = "labels"
car = mc("car-paren-lower", "C", ["red", "blue", "green", "white", "black"], "What is the main color of the car?",
         ("({})", "abcde"))
for a in ("c", "(c)", "c.", "Answer: c", "The answer is (c) green.", "c) green", "**(c)**"):
    row(L, car, a, "correct", why="option c, as the prompt labels it")
row(L, car, "(b)", "incorrect", "wrong", why="option b")
row(L, car, "The car is clearly green, so the answer is c.", "correct", why="concludes c")
count = mc("count-close-lower", "B", ["2", "3", "4", "5"], "How many dogs are in the picture?", ("{})", "abcd"), "\n")
for a in ("b)", "b", "Answer: b) 3", "The answer is b.", "3"):
    row(L, count, a, "correct", why="b, or its text 3")
row(L, count, "d", "incorrect", "wrong", why="option d")
pet = mc("pet-numbered", "B", ["cat", "dog", "horse", "rabbit"], "Which animal is on the sofa?", ("{}.", "1234"), "\n")
for a in ("2", "Option 2", "2. dog", "The answer is 2.", "Answer: 2", "dog", "The second one.", "(2)"):
    row(L, pet, a, "correct", why="option 2 (dog)")
row(L, pet, "4", "incorrect", "wrong", why="option 4")
row(L, pet, "Option 1: cat", "incorrect", "wrong", why="option 1")
season = mc("season-roman", "C", ["spring", "summer", "autumn", "winter"], "Which season is shown?",
            ("{}.", ROMAN), "\n")
for a in ("iii", "(iii)", "iii. autumn", "Answer: iii", "The third option."):
    row(L, season, a, "correct", why="option iii")
row(L, season, "ii", "incorrect", "wrong", why="option ii")
shape = mc("shape-option-word", "D", ["circle", "square", "triangle", "hexagon"], "Which shape is largest?",
           ("Option {}:", "ABCD"))
for a in ("Option D", "D", "Option D: hexagon", "The last one.", "The fourth option is correct."):
    row(L, shape, a, "correct", why="option D")
row(L, shape, "Option A", "incorrect", "wrong", why="option A")
rain = mc("rain-colon", "A", ["yes, it is raining", "no, it is sunny", "cannot tell"], "Is it raining?",
          ("{}:", "ABC"), "\n")
for a in ("A", "A: yes, it is raining", "Answer: A", "The first one."):
    row(L, rain, a, "correct", why="option A")
row(L, rain, "B", "incorrect", "wrong", why="option B")
ages = mc("ages-paren-digit", "C", ["12", "15", "18", "21"], "How old is the tree, in years?", ("({})", "1234"))
for a in ("(3)", "Option 3", "18", "(3) 18"):
    row(L, ages, a, "correct", why="option (3), 18")
row(L, ages, "(2) 15", "incorrect", "wrong", why="option (2), 15")
tint = mc("tint-ordinal", "B", ["red", "blue", "green"], "What color is the kite?", ("({})", "ABC"))
for a in ("The second one.", "I would pick the second option.", "the second choice"):
    row(L, tint, a, "correct", why="the second option, B")
row(L, tint, "I'd go with the last one.", "incorrect", "wrong", why="the last option, C")

# --- wrappers and notation ---------------------------------------------------------------------------
W = "wrappers"
product = case("product", "number", 7644, "numeric", "Compute the result of the expression in this image. Answer "
               "with a number.")
for a in ("**7644**", "\\boxed{7644}", "<think>91 × 84 is about 7600; exactly 7644.</think>The answer is 7644.",
          "答案：7644", "答え：7644", "The answer is: **7644**", "Answer: $\\boxed{7644}$"):
    row(W, product, a, "correct", why="7644")
roots = case("roots", "set", ["-2", "1"], "set", "Solve the equation in this image for x. Give every solution, "
             "separated by commas.", {"vocabulary": "number"})
row(W, roots, "x = \\boxed{-2}, \\boxed{1}", "correct", why="both roots boxed")
row(W, roots, "$x = \\boxed{-2}$ or $x = \\boxed{1}$", "correct", why="both roots boxed")
row(W, roots, "\\boxed{1}", "partial", "wrong", why="one root of two")
row(W, roots, "**x = -2, 1**", "correct", why="both roots")
squares = case("squares", "set", ["-8", "8"], "set", "Solve the equation in this image for x. Give every solution, "
               "separated by commas.", {"vocabulary": "number"})
row(W, squares, "x = ±8", "correct", why="± is both roots")
row(W, squares, "$x = \\pm 8$", "correct", why="± is both roots")
blue = case("blue", "text", "blue", "exact", "What color is the cell? Answer with one color name.",
            {"vocabulary": "color"})
for a in ("**Blue**", "\\boxed{\\text{blue}}", "Answer: blue", "<think>It looks blue.</think>\n\nBlue"):
    row(W, blue, a, "correct", why="blue")

# --- other languages ---------------------------------------------------------------------------------
X = "languages"
circles = case("circles", "number", 5, "numeric", "How many circles are in this image? Overlapping circles count "
               "separately. Answer with a number.")
for a in ("图中有五个圆。", "円は5つあります。", "有5个圆", "원이 다섯 개 있습니다.", "Hay cinco círculos.",
          "Il y a cinq cercles.", "Es gibt fünf Kreise.", "Há cinco círculos.", "На изображении пять кругов.",
          "图中共有５个圆。", "円は五つです。"):
    row(X, circles, a, "correct", why="five circles")
row(X, circles, "图中有三个圆。", "incorrect", "wrong", why="three")
row(X, circles, "Hay seis círculos.", "incorrect", "wrong", why="six")
for a in ("計算結果は7644です。", "共7644个", "结果是７６４４。"):
    row(X, product, a, "correct", why="7644")
n94 = case("n94", "number", 94, "numeric", "How many dots are there? Answer with a number.")
row(X, n94, "Hay noventa y cuatro puntos.", "correct", why="94")
n171 = case("n171", "number", 171, "numeric", "How many dots are there? Answer with a number.")
row(X, n171, "Il y a cent soixante et onze points.", "correct", why="171")
n6 = case("n6", "number", 6, "numeric", "How many cells in this grid are purple? Answer with a number.")
row(X, n6, "Фиолетовых клеток шесть.", "correct", why="6")
row(X, n6, "紫色的格子有六个。", "correct", why="6")
row(X, n6, "Es sind sechs lila Zellen.", "correct", why="6")
race = case("race", "text", "pink", "exact", "Two balls move toward the black finish line in this video. Which "
            "ball reaches the line first? Answer with its color.", {"vocabulary": "color"})
for a in ("粉色的球先到达。", "ピンクのボールが先に着きます。", "La bola rosa llega primero.", "Der rosa Ball.",
          "Розовый шар.", "핑크색 공이 먼저 도착합니다.", "La balle rose."):
    row(X, race, a, "correct", why="pink")
row(X, race, "蓝色的球先到达。", "incorrect", "wrong", why="blue")
left = case("left-of", "choice", "B", "choice", "Is the red star to the left of the brown star? Answer yes or no.",
            choices=["yes", "no"])
for a in ("不是。", "いいえ", "No, no lo está.", "Nein.", "Нет.", "아니요.", "Non."):
    row(X, left, a, "correct", why="no")
row(X, left, "是的。", "incorrect", "wrong", why="yes")
spin = mc("spin", "A", ["clockwise", "counterclockwise"], "The ball in this video moves around a circle. Does it go "
          "clockwise or counterclockwise (as seen on screen)?", ("({})", "AB"))
for a in ("顺时针", "時計回りです。", "En sentido horario.", "Im Uhrzeigersinn.", "По часовой стрелке.",
          "Dans le sens des aiguilles d'une montre."):
    row(X, spin, a, "correct", why="clockwise")
for a in ("逆时针", "Sentido anti-horário."):
    row(X, spin, a, "incorrect", "wrong", why="counterclockwise")
morph = case("morph", "sequence", ["star", "square", "triangle"], "sequence", "The object in this video changes shape "
             "over time. List every shape it takes, in order, as a comma-separated list.", {"vocabulary": "shape"})
row(X, morph, "星形、正方形、三角形", "correct", why="star, square, triangle")
row(X, morph, "estrella, cuadrado, triángulo", "correct", why="star, square, triangle")
row(X, morph, "六边形、星形、正方形", "incorrect", "wrong", why="hexagon, star, square: one of three in place")
order = case("order", "sequence", ["brown", "blue", "pink"], "sequence", "Colored squares appear one after another "
             "in this video. List their colors in the order they appeared, as a comma-separated list.",
             {"vocabulary": "color", "format": "comma_list"})
row(X, order, "marrón, azul, rosa", "correct", why="brown, blue, pink")
row(X, order, "braun, blau, rosa", "correct", why="brown, blue, pink")
row(X, order, "коричневый, синий, розовый", "correct", why="brown, blue, pink")

# --- cut answers -------------------------------------------------------------------------------------
C = "cut"
linear = mc("linear", "E", ["left to right", "right to left", "top to bottom", "bottom to top",
                            "toward the bottom right", "toward the bottom left"],
            "In which direction does the ball move in this video?", ("({})", "ABCDEF"))
row(C, linear, "The ball starts near the top left corner. It is moving down and to the right, and at the end of the "
    "video it is at roughly", "no_answer", "truncation", "length", why="cut before it commits to an option")
row(C, roots, "To solve, expand: $$x^2 + x - 2 = 0$$ so $$(x+2)(x-1) = 0$$ and we must remember", "no_answer",
    "truncation", "length", why="cut before it states the roots")
row(C, squares, "$$x^2 = 64$$ Taking square roots, we must remember", "no_answer", "truncation", "length",
    why="cut before the roots; 64 is the equation")
row(C, product, "First, 91 × 84: 90 × 84 = 7560, and 84 more gives", "no_answer", "truncation", "length",
    why="cut before the product")

# --- the policy's own examples -----------------------------------------------------------------------
P = "policy"
host = case("host", "text", "harbor-meadow.internal", "exact", "What is the value of host in this image? Answer with "
            "the value only.")
row(P, host, "The text is too small to read.", "no_answer", "refusal", why="POLICY 6.5's refusal")
row(P, host, "Sorry, the text is too small for me to read.", "no_answer", "refusal", why="a refusal")


if __name__ == "__main__":
    with open(OUT, "w", encoding="utf-8") as handle:
        for r in ROWS:
            handle.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(ROWS)} rows -> {OUT}")
