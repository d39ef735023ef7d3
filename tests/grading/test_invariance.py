"""Properties a grade must hold on answers no one has seen yet (issue #32), over the golden cases with the realistic
answers to them and the real multiple-choice corpora (a third of the draws keeps the tests quick; a failure names
the row id only, as the held-back rows' answers are not to be read).

- Wrappers (POLICY.md 2.1): a short answer (a committed value of at most four words) grades the same when wrapped
  in bold, in \\boxed{}, after a <think> block, or after a marker ('Answer:', 'The answer is', '答案：', '答え：',
  '**Answer:**'). Left out: answers that give several letters ('A, b, c': a list, which a marker reads as a hedge
  and the bare answer by its lead), and a capital followed by a word where the options are letters ('A triangle').
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graders import grade

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "grading"
WRAPPERS = {"bold": "**{}**", "boxed": "\\boxed{{{}}}", "think": "<think>Let me look at the image carefully.</think>{}",
            "answer": "Answer: {}", "the answer is": "The answer is {}", "答案": "答案：{}", "答え": "答え：{}",
            "bold marker": "**Answer:** {}"}
_SEVERAL_LETTERS = re.compile(r"\b[A-La-l]\s*(?:,|\band\b|\bor\b|&)\s*\(?[A-La-l]\b")
_CAPITAL_WORD = re.compile(r"\W*[A-L]\s+[a-z]")


def _mc_case(row: dict) -> dict:
    """As benchmarks/grading_agreement.py's mc_case."""
    letters = sorted(row["options"])
    listing = " ".join(f"({k}) {row['options'][k]}" for k in letters)
    prompt = row.get("question") or "" if row.get("question_lists_options") else \
        f"{row.get('question') or ''}\nSelect from the following choices. {listing}"
    return {"id": f"{row['source']}/{row['model']}/{row['question_id']}", "family": "real_mc", "category": "mc",
            "modality": "image", "prompt": prompt,
            "truth": {"kind": "choice", "value": row["truth"] if row.get("truth") in letters else "A",
                      "choices": [row["options"][k] or f"unstated option text {k}{k}{k}" for k in letters]},
            "grader": {"name": "choice"}}


def _short(answer) -> bool:
    return isinstance(answer, str) and answer.strip() and "\n" not in answer.strip() and len(answer.split()) <= 4 \
        and not any(mark in answer for mark in ("\\boxed", "**", "<", "__"))


def _pairs() -> list[tuple[str, dict, str]]:
    pairs = []
    golden = {c["id"]: c for c in map(json.loads, (ROOT / "golden" / "cases.jsonl").read_text("utf-8").splitlines())}
    for name in ("realistic.jsonl", "realistic_2.jsonl"):
        for row in map(json.loads, filter(None, (DATA / name).read_text("utf-8").splitlines())):
            response = row["response"]
            if _short(response.get("content")) and response.get("finish_reason") == "stop" and \
                    golden[row["case_id"]]["grader"]["name"] != "transcription":
                pairs.append((row["id"], golden[row["case_id"]], response["content"].strip()))
    for path in sorted(DATA.glob("real_mc*.jsonl.gz"))[::3]:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for row in map(json.loads, handle):
                answer = row["answer"].strip()
                if not _short(answer) or _SEVERAL_LETTERS.search(answer):
                    continue
                case = _mc_case(row)
                if all(len(c.strip()) == 1 for c in case["truth"]["choices"]) and _CAPITAL_WORD.match(answer):
                    continue
                pairs.append((case["id"], case, answer))
    return pairs


PAIRS = _pairs()


def _key(g):
    return g.extracted, g.verdict, g.cause


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(PAIRS) - 1), wrapper=st.sampled_from(sorted(WRAPPERS)))
def test_a_wrapped_value_grades_as_the_value(index, wrapper):
    row_id, case, answer = PAIRS[index]
    bare = grade(case, {"content": answer, "finish_reason": "stop"})
    wrapped = grade(case, {"content": WRAPPERS[wrapper].format(answer), "finish_reason": "stop"})
    assert _key(bare) == _key(wrapped), f"{row_id} wrapped as {wrapper!r}"  # the row id only


def test_every_golden_short_answer_in_every_wrapper():
    misses = []
    for row_id, case, answer in PAIRS:
        if case["family"] == "real_mc":
            continue
        bare = _key(grade(case, {"content": answer, "finish_reason": "stop"}))
        misses += [(row_id, w) for w, form in WRAPPERS.items()
                   if _key(grade(case, {"content": form.format(answer), "finish_reason": "stop"})) != bare]
    assert not misses, misses[:10]


# --- other languages (POLICY.md 2.7) ----------------------------------------------------------------------------
# the test's own words for each value (written from dictionaries, not read from graders/languages.py)
COLORS = {"red": {"zh": "红色", "ja": "赤", "ko": "빨간색", "es": "rojo", "fr": "rouge", "de": "rot", "pt": "vermelho",
                  "ru": "красный"},
          "blue": {"zh": "蓝色", "ja": "青", "ko": "파란색", "es": "azul", "fr": "bleu", "de": "blau", "pt": "azul",
                   "ru": "синий"},
          "green": {"zh": "绿色", "ja": "緑", "ko": "초록색", "es": "verde", "fr": "vert", "de": "grün", "pt": "verde",
                    "ru": "зелёный"},
          "yellow": {"zh": "黄色", "ja": "黄色", "ko": "노란색", "es": "amarillo", "fr": "jaune", "de": "gelb",
                     "pt": "amarelo", "ru": "жёлтый"},
          "pink": {"zh": "粉色", "ja": "ピンク", "ko": "분홍색", "es": "rosa", "fr": "rose", "de": "rosa", "pt": "rosa",
                   "ru": "розовый"},
          "brown": {"zh": "棕色", "ja": "茶色", "ko": "갈색", "es": "marrón", "fr": "marron", "de": "braun",
                    "pt": "marrom", "ru": "коричневый"},
          "black": {"zh": "黑色", "ja": "黒", "ko": "검정", "es": "negro", "fr": "noir", "de": "schwarz", "pt": "preto",
                    "ru": "чёрный"},
          "gray": {"zh": "灰色", "ja": "灰色", "ko": "회색", "es": "gris", "fr": "gris", "de": "grau", "pt": "cinza",
                   "ru": "серый"},
          "purple": {"zh": "紫色", "ja": "紫", "ko": "보라색", "es": "morado", "fr": "violet", "de": "lila",
                     "pt": "roxo", "ru": "фиолетовый"}}
# a sentence around the value, in each language ('The ball is red.'), where its own small words say which it is
COLOR_SENTENCE = {"zh": "{}的球先到。", "ja": "{}のボールです。", "ko": "{} 공입니다.",
                  "es": "La bola {} llega primero.",
                  "fr": "La balle {} arrive la première.", "de": "Der {} Ball ist zuerst da.",
                  "pt": "A bola {} chega primeiro.", "ru": "{} шар."}
SHAPES = {"circle": {"zh": "圆形", "ja": "円", "ko": "원", "es": "círculo", "fr": "cercle", "de": "Kreis",
                     "pt": "círculo", "ru": "круг"},
          "square": {"zh": "正方形", "ja": "正方形", "ko": "정사각형", "es": "cuadrado", "fr": "carré", "de": "Quadrat",
                     "pt": "quadrado", "ru": "квадрат"},
          "triangle": {"zh": "三角形", "ja": "三角形", "ko": "삼각형", "es": "triángulo", "fr": "triangle",
                       "de": "Dreieck", "pt": "triângulo", "ru": "треугольник"},
          "star": {"zh": "星形", "ja": "星形", "ko": "별", "es": "estrella", "fr": "étoile", "de": "Stern",
                   "pt": "estrela", "ru": "звезда"},
          "hexagon": {"zh": "六边形", "ja": "六角形", "ko": "육각형", "es": "hexágono", "fr": "hexagone",
                      "de": "Sechseck", "pt": "hexágono", "ru": "шестиугольник"}}
YES_NO = {"yes": {"zh": "是的。", "ja": "はい。", "ko": "예.", "es": "Sí.", "fr": "Oui.", "de": "Ja.", "pt": "Sim.",
                  "ru": "Да."},
          "no": {"zh": "不是。", "ja": "いいえ。", "ko": "아니요.", "es": "No.", "fr": "Non.", "de": "Nein.",
                 "pt": "Não.", "ru": "Нет."}}
TURNS = {"clockwise": {"zh": "顺时针", "ja": "時計回り", "ko": "시계 방향", "es": "En sentido horario.",
                       "fr": "Dans le sens des aiguilles d'une montre.", "de": "Im Uhrzeigersinn.",
                       "pt": "Sentido horário.", "ru": "По часовой стрелке."},
         "counterclockwise": {"zh": "逆时针", "ja": "反時計回り", "ko": "반시계 방향", "es": "En sentido antihorario.",
                              "fr": "Dans le sens inverse des aiguilles d'une montre.",
                              "de": "Gegen den Uhrzeigersinn.", "pt": "Sentido anti-horário.",
                              "ru": "Против часовой стрелки."}}
NUMBERS = {0: {"es": "cero", "fr": "zéro", "de": "null", "pt": "zero", "ru": "ноль"},
           1: {"es": "uno", "fr": "un", "de": "eins", "pt": "um", "ru": "один"},
           2: {"es": "dos", "fr": "deux", "de": "zwei", "pt": "dois", "ru": "два"},
           3: {"es": "tres", "fr": "trois", "de": "drei", "pt": "três", "ru": "три"},
           4: {"es": "cuatro", "fr": "quatre", "de": "vier", "pt": "quatro", "ru": "четыре"},
           5: {"es": "cinco", "fr": "cinq", "de": "fünf", "pt": "cinco", "ru": "пять"},
           6: {"es": "seis", "fr": "six", "de": "sechs", "pt": "seis", "ru": "шесть"},
           7: {"es": "siete", "fr": "sept", "de": "sieben", "pt": "sete", "ru": "семь"},
           8: {"es": "ocho", "fr": "huit", "de": "acht", "pt": "oito", "ru": "восемь"},
           9: {"es": "nueve", "fr": "neuf", "de": "neun", "pt": "nove", "ru": "девять"},
           10: {"es": "diez", "fr": "dix", "de": "zehn", "pt": "dez", "ru": "десять"},
           12: {"es": "doce", "fr": "douze", "de": "zwölf", "pt": "doze", "ru": "двенадцать"},
           20: {"es": "veinte", "fr": "vingt", "de": "zwanzig", "pt": "vinte", "ru": "двадцать"},
           94: {"es": "noventa y cuatro", "fr": "quatre-vingt-quatorze", "pt": "noventa e quatro"},
           171: {"es": "ciento setenta y uno", "fr": "cent soixante et onze", "pt": "cento e setenta e um"}}
NUMBER_SENTENCE = {"es": "Hay {} círculos.", "fr": "Il y a {} cercles.", "de": "Es gibt {} Kreise.",
                   "pt": "Há {} círculos.", "ru": "Всего кругов: {}."}
LANGUAGES = ("zh", "ja", "ko", "es", "fr", "de", "pt", "ru")
KANJI = "〇一二三四五六七八九"


def kanji(n: int) -> str:
    """A number in Chinese numerals: 7644 is 七千六百四十四, 12 is 十二, 105 is 一百零五."""
    if n < 10:
        return KANJI[n]
    out, zero = "", False
    for value, unit in ((10_000, "万"), (1000, "千"), (100, "百"), (10, "十")):
        digit, n = divmod(n, value)
        if digit:
            out += ("零" if zero and out else "") + ("" if digit == 1 and unit == "十" and not out else
                                                    kanji(digit) if value == 10_000 else KANJI[digit]) + unit
            zero = False
        elif out:
            zero = True
    return out + (("零" if zero else "") + KANJI[n] if n else "")


def _case(kind, value, grader, prompt, args=None, **truth):
    return {"id": "t", "family": "f", "category": "c", "modality": "image", "prompt": prompt,
            "truth": {"kind": kind, "value": value, **truth}, "grader": {"name": grader, "args": args or {}}}


RACE = _case("text", "pink", "exact", "Which ball reaches the line first? Answer with its color.",
             {"vocabulary": "color"})
MORPH = _case("sequence", ["star", "square", "triangle"], "sequence", "List every shape it takes, in order, as a "
              "comma-separated list.", {"vocabulary": "shape"})
LEFT_OF = _case("choice", "B", "choice", "Is the red star to the left of the brown star? Answer yes or no.",
                choices=["yes", "no"])
SPIN = _case("choice", "A", "choice", "Does it go clockwise or counterclockwise? (A) clockwise (B) counterclockwise",
             choices=["clockwise", "counterclockwise"])
CIRCLES = _case("number", 5, "numeric", "How many circles are in this image? Answer with a number.")


def _same(case, english, other):
    a, b = grade(case, english), grade(case, other)
    return (a.verdict, a.cause) == (b.verdict, b.cause), (english, other, a.explanation, b.explanation)


@settings(max_examples=300, deadline=None)
@given(color=st.sampled_from(sorted(COLORS)), language=st.sampled_from(LANGUAGES))
def test_a_color_in_another_language_grades_the_same(color, language):
    english = f"The {color} ball reaches the line first."
    same, why = _same(RACE, english, COLOR_SENTENCE[language].format(COLORS[color][language]))
    assert same, why


@settings(max_examples=300, deadline=None)
@given(shapes=st.lists(st.sampled_from(sorted(SHAPES)), min_size=1, max_size=4, unique=True),
       language=st.sampled_from(LANGUAGES))
def test_shapes_in_another_language_grade_the_same(shapes, language):
    joiner = "、" if language in ("zh", "ja") else ", "
    same, why = _same(MORPH, ", ".join(shapes), joiner.join(SHAPES[s][language] for s in shapes))
    assert same, why


@settings(max_examples=100, deadline=None)
@given(word=st.sampled_from(["yes", "no"]), language=st.sampled_from(LANGUAGES))
def test_yes_or_no_in_another_language_grades_the_same(word, language):
    same, why = _same(LEFT_OF, word.capitalize() + ".", YES_NO[word][language])
    assert same, why


@settings(max_examples=100, deadline=None)
@given(word=st.sampled_from(sorted(TURNS)), language=st.sampled_from(LANGUAGES))
def test_clockwise_in_another_language_grades_the_same(word, language):
    same, why = _same(SPIN, f"It goes {word}.", TURNS[word][language])
    assert same, why


@settings(max_examples=300, deadline=None)
@given(n=st.integers(0, 99_999), form=st.sampled_from(["zh", "ja", "full-width", "after-cjk"]))
def test_a_number_in_another_script_grades_the_same(n, form):
    written = {"zh": f"图中有{kanji(n)}个圆。", "ja": f"円は{kanji(n)}つあります。",
               "full-width": "共有" + str(n).translate(str.maketrans("0123456789", "０１２３４５６７８９")) + "个圆。",
               "after-cjk": f"共{n}个"}[form]
    case = {**CIRCLES, "truth": {"kind": "number", "value": n}}
    same, why = _same(case, f"There are {n} circles.", written)
    assert same, why


@settings(max_examples=200, deadline=None)
@given(n=st.sampled_from(sorted(NUMBERS)), language=st.sampled_from(("es", "fr", "de", "pt", "ru")))
def test_a_number_in_words_of_another_language_grades_the_same(n, language):
    if language not in NUMBERS[n]:
        return
    case = {**CIRCLES, "truth": {"kind": "number", "value": n}}
    same, why = _same(case, f"There are {n} circles.", NUMBER_SENTENCE[language].format(NUMBERS[n][language]))
    assert same, why


def test_kanji_numerals_are_written_right():
    assert [kanji(n) for n in (5, 10, 12, 40, 105, 7644, 10_000, 20_003)] == [
        "五", "十", "十二", "四十", "一百零五", "七千六百四十四", "一万", "二万零三"]


# --- cut answers (POLICY.md 6.6) ---------------------------------------------------------------------------------
def _finished_answers() -> list[tuple[str, dict, str]]:
    """Golden cases with realistic answers that finished (finish_reason stop), of a grader of one committed value."""
    golden = {c["id"]: c for c in map(json.loads, (ROOT / "golden" / "cases.jsonl").read_text("utf-8").splitlines())}
    found = []
    for name in ("realistic.jsonl", "realistic_2.jsonl"):
        for row in map(json.loads, filter(None, (DATA / name).read_text("utf-8").splitlines())):
            response, case = row["response"], golden[row["case_id"]]
            content = response.get("content")
            if response.get("finish_reason") == "stop" and isinstance(content, str) and len(content) >= 20 and \
                    case["grader"]["name"] in ("numeric", "exact", "choice") and not response.get("reasoning"):
                found.append((row["id"], case, content))
    return found


FINISHED = _finished_answers()
_DONE = re.compile(r"[.!?。！？](?=[\s*_)\]\"'”]*(?:\s|$))|\n")


def _finished_part(text: str) -> str:
    """The test's own reading of where a cut answer's last finished sentence ends."""
    ends = [m.end() for m in _DONE.finditer(text.rstrip())]
    return text[:ends[-1]] if ends else ""


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(FINISHED) - 1), at=st.floats(0.05, 0.95))
def test_a_cut_answer_is_correct_only_for_what_its_finished_part_states(index, at):
    row_id, case, content = FINISHED[index]
    cut = content[: max(1, int(len(content) * at))]
    if cut.rstrip() != cut or cut[-1:] in ".!?。！？\n":
        return  # cut right after a sentence: the finished part is all of it
    finished = _finished_part(cut)
    said = grade(case, {"content": finished, "finish_reason": "stop"}) if finished.strip() else None
    graded = grade(case, {"content": cut, "finish_reason": "length"})
    if said is None or said.verdict != "correct":
        assert graded.verdict != "correct", f"{row_id} cut at {len(cut)} of {len(content)}"  # the row id only


def test_the_issues_cut_answers_are_not_correct():
    roots = _case("set", ["-8", "8"], "set", "Solve the equation for x. Give every solution, separated by commas.",
                  {"vocabulary": "number"})
    product = _case("number", 7644, "numeric", "Compute the result of the expression in this image.")
    for case, text in ((roots, "$$x^2 = 64$$ Taking square roots, we must remember"),
                       (product, "First, 91 × 84: 90 × 84 = 7560, and 84 more gives 7644 when"),
                       (CIRCLES, "Let me count the circles: there are 5 in the top row and")):
        assert grade(case, {"content": text, "finish_reason": "length"}).verdict != "correct", text


# a color said alone in kanji: the question's language says how to read it (Japanese 青 is blue, Chinese 青 is
# a blue-green); an answer with kana is Japanese whatever the question
RACE_JA = _case("text", "blue", "exact", "どのボールが最初に線に到達しますか？色で答えてください。",
                {"vocabulary": "color"})
RACE_ZH = _case("text", "cyan", "exact", "哪个球先到达终点线？请用颜色回答。", {"vocabulary": "color"})


@pytest.mark.parametrize(("case", "answer", "verdict"), [
    (RACE_JA, "青", "correct"), (RACE_JA, "青。", "correct"), (RACE_JA, "青です。", "correct"),
    (RACE_ZH, "青色", "correct"), (RACE_ZH, "青色。", "correct"), (RACE_ZH, "蓝色", "incorrect"),
])
def test_kanji_alone_are_read_in_the_questions_language(case, answer, verdict):
    assert grade(case, {"content": answer, "finish_reason": "stop"}).verdict == verdict


@settings(max_examples=100, deadline=None)
@given(color=st.sampled_from(["紫", "茶色", "白", "水色", "赤", "緑", "黄色"]))
def test_a_japanese_color_in_kanji_grades_as_with_kana(color):
    case = _case("text", "purple", "exact", "どのボールが最初に線に到達しますか？色で答えてください。",
                 {"vocabulary": "color"})
    alone, with_kana = grade(case, color), grade(case, f"{color}です。")
    assert (alone.verdict, alone.cause) == (with_kana.verdict, with_kana.cause), (color, alone, with_kana)


# 2.7: a motion "from X to Y" said in another language, with any of its usual connectors and articles
SIDES = {"left": {"es": "izquierda", "fr": "gauche", "de": "links", "pt": "esquerda", "ru": "слева"},
         "right": {"es": "derecha", "fr": "droite", "de": "rechts", "pt": "direita", "ru": "справа"},
         "top": {"es": "arriba", "fr": "haut", "de": "oben", "pt": "cima", "ru": "сверху"},
         "bottom": {"es": "abajo", "fr": "bas", "de": "unten", "pt": "baixo", "ru": "снизу"}}
FROM_TO = {"es": ("La pelota se mueve {} {} {}.", ("de", "desde", "de la", "desde la"), ("a", "hacia", "hasta",
                                                                                       "a la", "hacia la", "para")),
           "fr": ("La balle se déplace {} {} {}.", ("de", "de la", "du"), ("à", "vers", "vers la", "jusqu'à")),
           "de": ("Der Ball bewegt sich {} {} {}.", ("von",), ("nach",)),
           "pt": ("A bola se move {} {} {}.", ("de", "da", "desde", "do"), ("para", "para a", "até", "até a",
                                                                            "para o")),
           "ru": ("Мяч движется {} {} {}.", ("",), ("",))}
OPPOSITE = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}
DIRECTION = _case("choice", "C", "choice", "In which direction does the ball move? (A) left to right "
                  "(B) right to left (C) top to bottom (D) bottom to top",
                  choices=["left to right", "right to left", "top to bottom", "bottom to top"])


@settings(max_examples=300, deadline=None)
@given(start=st.sampled_from(sorted(SIDES)), language=st.sampled_from(sorted(FROM_TO)), data=st.data())
def test_a_direction_from_one_side_to_another_in_another_language_grades_the_same(start, language, data):
    end = OPPOSITE[start]
    sentence, froms, tos = FROM_TO[language]
    if language == "ru":  # 'сверху вниз': the end is said as the motion's goal
        said = sentence.format("", SIDES[start][language],
                               {"left": "налево", "right": "направо", "top": "вверх", "bottom": "вниз"}[end])
    else:
        start_word, end_word = SIDES[start][language], SIDES[end][language]
        said = sentence.format(data.draw(st.sampled_from(froms)), start_word,
                               f"{data.draw(st.sampled_from(tos))} {end_word}")
    said = " ".join(said.split()).replace(" .", ".")
    same, why = _same(DIRECTION, f"The ball moves from {start} to {end}.", said)
    assert same, why


# --- a description's concepts said in Japanese or Chinese (POLICY.md 2.7, issue #35) -----------------------------

_DESCRIBE = {"en": "Describe in one sentence what happens in this video: what object, what color, and how it moves.",
             "ja": "この動画で何が起きているかを一文で説明してください。物体、色、動き方を答えてください。",
             "zh": "请用一句话描述这个视频中发生了什么：什么物体、什么颜色、如何移动。"}
# (English, Japanese, Chinese) as a person writes them; ball_across's colors, its object, its two motions
_COLORS = {"red": ("赤い", "红色的"), "green": ("緑の", "绿色的"), "blue": ("青い", "蓝色的"),
           "yellow": ("黄色い", "黄色的"), "orange": ("オレンジ色の", "橙色的"), "purple": ("紫の", "紫色的"),
           "pink": ("ピンクの", "粉色的"), "brown": ("茶色の", "棕色的"), "black": ("黒い", "黑色的"),
           "gray": ("灰色の", "灰色的"), "cyan": ("水色の", "青色的")}
_OBJECTS = {"ball": ("ボール", "球"), "circle": ("円", "圆")}
_VERBS = {"moves": ("移動します", "移动"), "rolls": ("転がります", "滚动"), "slides": ("滑っていきます", "滑动"),
          "is moving": ("動いています", "在移动")}
_SIDES = {"left to right": (("左から右へ", "左側から右側へ", "左端から右端まで"), ("从左到右", "从左向右", "从左边")),
          "right to left": (("右から左へ", "右側から左側へ", "右端から左端まで"), ("从右到左", "从右向左", "从右边"))}


def _across(color: str, value: str) -> dict:
    other = "right to left" if value == "left to right" else "left to right"
    concepts = [[color], ["ball", "circle", "sphere", "dot", "disc", "disk"],
                ["mov", "travel", "roll", "slid", "cross", "go", "pass", "glid"], [value, "rightward"
                                                                                     if value == "left to right"
                                                                                     else "leftward"]]
    return {"id": "across", "family": "ball_across", "category": "video_description", "modality": "video",
            "prompt": _DESCRIBE["en"], "truth": {"kind": "text", "value": f"a {color} ball moves from {value}"},
            "grader": {"name": "keywords", "args": {"concepts": concepts, "forbidden": [[other]]}}}


@settings(max_examples=150, deadline=None)
@given(color=st.sampled_from(sorted(_COLORS)), said=st.sampled_from(sorted(_COLORS)),
       thing=st.sampled_from(sorted(_OBJECTS)), verb=st.sampled_from(sorted(_VERBS)),
       value=st.sampled_from(sorted(_SIDES)), said_value=st.sampled_from(sorted(_SIDES)),
       form=st.integers(0, 2), lang=st.sampled_from(["ja", "zh"]))
def test_a_description_in_japanese_or_chinese_names_its_concepts_as_in_english(color, said, thing, verb, value,
                                                                                said_value, form, lang):
    """A description said in Japanese or Chinese, right or wrong in its color and direction, grades as the same
    description said in English: the same verdict and the same score (the concepts it names, the one it
    contradicts)."""
    column = 0 if lang == "ja" else 1
    english = f"A {said} {thing} {verb} from {said_value}."
    sides = _SIDES[said_value][column][form]
    if lang == "ja":
        text = f"{_COLORS[said][0]}{_OBJECTS[thing][0]}が{sides}{_VERBS[verb][0]}。"
    else:
        end = {"从左边": "移到右边", "从右边": "移到左边"}.get(sides)
        motion = f"{sides}{end}" if end else f"{sides}{_VERBS[verb][1]}"
        text = f"一个{_COLORS[said][1]}{_OBJECTS[thing][1]}{motion}。"
    case = _across(color, value)
    here = grade(case, {"case_id": "across", "content": english})
    there = grade(case | {"prompt": _DESCRIBE[lang]}, {"case_id": "across", "content": text})
    assert (there.verdict, round(there.score, 6)) == (here.verdict, round(here.score, 6)), (text, there.explanation)
