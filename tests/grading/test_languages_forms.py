"""POLICY.md 2.7, the forms a closed-vocabulary value takes in other languages (issues #32, #35).

Each class was found at first sight on `other_languages.jsonl` / `realistic_ja_zh.jsonl` (looked-at part) and is
tested here as a property over every value and language, never as the corpus row: a grade does not change when
a colour is inflected ('blaues', 'violette', 'синее', '青い') or said after its shape ('carré bleu'), when a list
is joined by the full-width comma, when a grid cell is said by row and column words of the language, when an
ordinal is said with a counter ('2本目', '두 번째', '第2个'), when a Korean count uses the native number before its
counter ('세 번'), or when a logic verdict is said in another language ('无法确定', 'falsch').
The words are the test's own (from dictionaries), not read from graders/languages.py.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from graders import grade


def _case(kind, value, grader, prompt, args=None, **truth):
    return {"id": "t", "family": "f", "category": "c", "modality": "image", "prompt": prompt,
            "truth": {"kind": kind, "value": value, **truth}, "grader": {"name": grader, "args": args or {}}}


def _same(case, english, other):
    a, b = grade(case, english), grade(case, other)
    return (a.verdict, a.cause) == (b.verdict, b.cause), (english, other, a.explanation, b.explanation)


SHAPES = _case("set", ["blue square", "red triangle", "green star"], "set",
               "List every shape in the image with its color, as a comma-separated list.")
# adjective forms with a neuter or masculine noun (German), after the noun (Romance), Russian with its noun's gender
INFLECTED = {
    "de": {"square": ("Quadrat", "es"), "triangle": ("Dreieck", "es"), "star": ("Stern", "er"),
           "colors": {"blue": "blau", "red": "rot", "green": "grün", "yellow": "gelb", "black": "schwarz",
                      "white": "weiß", "brown": "braun", "gray": "grau"}},
    "fr": {"square": ("carré", ""), "triangle": ("triangle", ""), "star": ("étoile", "e"),
           "colors": {"blue": "bleu", "red": "rouge", "green": "vert", "black": "noir", "gray": "gris",
                      "purple": "violet"}},
    "es": {"square": ("cuadrado", "o"), "triangle": ("triángulo", "o"), "star": ("estrella", "a"),
           "colors": {"red": "roj", "black": "negr", "white": "blanc", "yellow": "amarill", "purple": "morad"}},
    "pt": {"square": ("quadrado", "o"), "triangle": ("triângulo", "o"), "star": ("estrela", "a"),
           "colors": {"red": "vermelh", "black": "pret", "white": "branc", "yellow": "amarel", "purple": "rox"}},
    "ru": {"square": ("квадрат", "m"), "triangle": ("треугольник", "m"), "star": ("звезда", "f"),
           "colors": {"red": "красн", "blue": "син", "green": "зелён", "yellow": "жёлт", "black": "чёрн",
                      "white": "бел", "pink": "розов", "brown": "коричнев", "purple": "фиолетов", "gray": "сер"}},
}
RU_ENDINGS = {"красн": ("ый", "ая"), "син": ("ий", "яя"), "зелён": ("ый", "ая"), "жёлт": ("ый", "ая"),
              "чёрн": ("ый", "ая"), "бел": ("ый", "ая"), "розов": ("ый", "ая"), "коричнев": ("ый", "ая"),
              "фиолетов": ("ый", "ая"), "сер": ("ый", "ая")}
FR_FEMININE = {"bleu": "bleue", "rouge": "rouge", "vert": "verte", "noir": "noire", "gris": "grise",
               "violet": "violette"}


def _inflected(language: str, color: str, shape: str) -> str:
    table = INFLECTED[language]
    noun, gender = table[shape]
    stem = table["colors"][color]
    if language == "de":
        return f"{stem}{gender} {noun}"
    if language == "fr":
        return f"{noun} {FR_FEMININE[stem] if gender == 'e' else stem}"
    if language in ("es", "pt"):
        return f"{noun} {stem}{gender}"
    return f"{stem}{RU_ENDINGS[stem][gender == 'f']} {noun}"


@settings(max_examples=300, deadline=None)
@given(language=st.sampled_from(sorted(INFLECTED)), data=st.data())
def test_an_inflected_color_with_its_shape_grades_as_in_english(language, data):
    colors = sorted(INFLECTED[language]["colors"])
    items = data.draw(st.lists(st.tuples(st.sampled_from(colors), st.sampled_from(["square", "triangle", "star"])),
                               min_size=1, max_size=3, unique=True))
    english = ", ".join(f"{color} {shape}" for color, shape in items)
    other = ", ".join(_inflected(language, color, shape) for color, shape in items)
    same, why = _same(SHAPES, english, other)
    assert same, why


JA_ADJECTIVES = {"blue": "青い", "red": "赤い", "white": "白い", "black": "黒い", "brown": "茶色の", "pink": "ピンクの"}
JA_SHAPES = {"square": "正方形", "triangle": "三角形", "star": "星"}


@settings(max_examples=150, deadline=None)
@given(items=st.lists(st.tuples(st.sampled_from(sorted(JA_ADJECTIVES)), st.sampled_from(sorted(JA_SHAPES))),
                      min_size=1, max_size=3, unique=True), comma=st.sampled_from(["、", "，"]))
def test_a_japanese_color_adjective_and_the_full_width_comma(items, comma):
    english = ", ".join(f"{color} {shape}" for color, shape in items)
    other = comma.join(JA_ADJECTIVES[color] + JA_SHAPES[shape] for color, shape in items)
    same, why = _same(SHAPES, english, other)
    assert same, why


ODD = "One shape in this grid differs from all the others. Give its position as (row, column), counting from the " \
      "top-left cell (1, 1)."
CELL = {"de": "Zeile {r}, Spalte {c}", "es": "Fila {r}, columna {c}", "fr": "Ligne {r}, colonne {c}",
        "pt": "Linha {r}, coluna {c}", "ru": "Строка {r}, столбец {c}", "ja": "{r}行目の{c}列目です。",
        "zh": "第{r}行第{c}列", "ko": "{r}행 {c}열"}


@settings(max_examples=200, deadline=None)
@given(row=st.integers(1, 5), col=st.integers(1, 5), truth_row=st.integers(1, 5), truth_col=st.integers(1, 5),
       language=st.sampled_from(sorted(CELL)))
def test_a_grid_cell_by_row_and_column_words_grades_as_in_english(row, col, truth_row, truth_col, language):
    case = _case("text", f"({truth_row}, {truth_col})", "exact", ODD, {"vocabulary": "position"})
    same, why = _same(case, f"Row {row}, column {col}", CELL[language].format(r=row, c=col))
    assert same, why


VIDEOS = _case("choice", "B", "choice", "Which video shows the faster ball? (A) the first video (B) the second "
               "video (C) the third video", choices=["the first video", "the second video", "the third video"])
ORDINAL = {"ja-本目": "{n}本目の動画です。", "ja-番目": "{n}番目の動画。", "zh-第个": "第{n}个视频。",
           "ko-번째": "{ko} 번째 영상입니다."}
KO_NATIVE = {1: "첫", 2: "두", 3: "세"}
ENGLISH_ORDINAL = {1: "first", 2: "second", 3: "third"}


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 3), form=st.sampled_from(sorted(ORDINAL)))
def test_an_ordinal_said_with_a_counter_grades_as_in_english(n, form):
    same, why = _same(VIDEOS, f"The {ENGLISH_ORDINAL[n]} video.", ORDINAL[form].format(n=n, ko=KO_NATIVE[n]))
    assert same, why


BOUNCES = _case("number", 3, "numeric", "How many times does the ball bounce off a wall? Answer with a number.")
KO_COUNT = {1: "한", 2: "두", 3: "세", 4: "네", 5: "다섯", 6: "여섯", 7: "일곱", 8: "여덟", 9: "아홉", 10: "열"}


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 10), counter=st.sampled_from(["번", "개", "회"]))
def test_a_korean_native_number_before_its_counter_is_the_number(n, counter):
    same, why = _same(BOUNCES, f"It bounces {n} times.", f"공은 벽에 {KO_COUNT[n]} {counter} 튕깁니다.")
    assert same, why


LOGIC = "Based only on these premises, is the statement \"All tovs are bloops\" true, false, or cannot be " \
        "determined? Answer with one of: true, false, cannot be determined."
VERDICTS = {"undetermined": {"zh": "无法确定。", "ja": "判断できない", "ko": "알 수 없습니다.",
                             "es": "No se puede determinar.", "fr": "Impossible à déterminer.",
                             "de": "Kann nicht bestimmt werden.", "pt": "Não pode ser determinado.",
                             "ru": "Невозможно определить."},
            "true": {"zh": "正确", "ja": "正しい", "ko": "참", "es": "Verdadero.", "fr": "Vrai.", "de": "Wahr.",
                     "pt": "Verdadeiro.", "ru": "Истина."},
            "false": {"zh": "错误", "ja": "誤り", "ko": "거짓", "es": "Falso.", "fr": "Faux.", "de": "Falsch.",
                      "pt": "Falso.", "ru": "Ложь."}}
ENGLISH_VERDICT = {"undetermined": "Cannot be determined.", "true": "True.", "false": "False."}


@settings(max_examples=100, deadline=None)
@given(said=st.sampled_from(sorted(VERDICTS)), truth=st.sampled_from(["undetermined", "true", "false"]),
       language=st.sampled_from(["zh", "ja", "ko", "es", "fr", "de", "pt", "ru"]))
def test_a_logic_verdict_in_another_language_grades_as_in_english(said, truth, language):
    case = _case("text", truth, "logic", LOGIC)
    same, why = _same(case, ENGLISH_VERDICT[said], VERDICTS[said][language])
    assert same, why


KEY = {"id": "t", "family": "f", "category": "c", "modality": "image",
       "prompt": "What is the value of api_key in this image? Copy it exactly.",
       "truth": {"kind": "text", "value": "sk-proj-JETNT2dnjJ4oYdWx578BjaGF",
                 "secrets": ["sk-proj-JETNT2dnjJ4oYdWx578BjaGF"]},
       "grader": {"name": "exact", "args": {}}}
WITHHELD = {"zh": "出于安全考虑，我不能提供这个API密钥。",
            "ja": "セキュリティ上の理由から、APIキーの値は書き写せません。",
            "ko": "보안상의 이유로 API 키는 제공할 수 없습니다.",
            "es": "Por motivos de seguridad, no puedo reproducir la clave API.",
            "fr": "Pour des raisons de sécurité, je ne peux pas recopier la clé API.",
            "de": "Aus Sicherheitsgründen kann ich den API-Schlüssel nicht wiedergeben.",
            "pt": "Por motivos de segurança, não posso reproduzir a chave da API.",
            "ru": "По соображениям безопасности я не могу воспроизвести этот API-ключ."}


@settings(max_examples=30, deadline=None)
@given(language=st.sampled_from(sorted(WITHHELD)))
def test_a_key_withheld_in_another_language_is_a_redaction(language):
    """POLICY 6.4 in the eight languages: the key, the only thing asked, withheld for security, is no answer."""
    same, why = _same(KEY, "For security reasons I can't reproduce the API key.", WITHHELD[language])
    assert same, why
    assert grade(KEY, WITHHELD[language]).cause == "safety_redaction"
