"""Answers in other languages, read in the closed vocabularies the cases ask about (POLICY.md 2.7).

Models answer in the user's language. The cases ask about closed vocabularies — colors, shapes, directions and
positions, yes/no, clockwise, ordinals, counts — so an answer in Chinese, Japanese, Korean, Spanish, French,
German, Portuguese or Russian is read by writing those words as the canonical English ones before the graders' rules
run: '图中有五个圆。' is read as '图中有 5 个 circle 。'. Numbers are read in words and numerals of those languages
(〇一二两三…十百千万, 'cent soixante et onze', 'noventa y cuatro', 'шесть', '다섯'), in full-width digits, and right
after a CJK character ('共7644个'); the ideographic comma '、' separates items. Words that are also English ('rose',
'links', 'stern') are read as the other language's only where that language's own small words say it is one.
English text of more than 200 characters with no letter outside ASCII is returned at once, and the words of text
that holds English words ('the', 'is', 'of') are read as written.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from graders.normalize import case_blind_key

# --- CJK --------------------------------------------------------------------------------------------------------

_CJK = r"\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af"
_HAS_CJK = re.compile(f"[{_CJK}]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af]")
# phrases first (a longer one before its parts); Chinese and Japanese share the kanji, but 青 is blue in Japanese
_PHRASES_ZH = {
    "逆时针": " counterclockwise ", "反时针": " counterclockwise ", "顺时针": " clockwise ",
    "从左向右": " from left to right ", "从左到右": " from left to right ", "从左往右": " from left to right ",
    "从右向左": " from right to left ", "从右到左": " from right to left ", "从右往左": " from right to left ",
    "从上到下": " from top to bottom ", "从上往下": " from top to bottom ", "从下到上": " from bottom to top ",
    "从下往上": " from bottom to top ", "左向右": " left to right ", "右向左": " right to left ",
    "左上": " top left ", "右上": " top right ", "左下": " bottom left ", "右下": " bottom right ",
    "左边": " left ", "左侧": " left ", "右边": " right ", "右侧": " right ",
    "上方": " top ", "顶部": " top ", "下方": " bottom ", "底部": " bottom ", "中间": " center ", "中心": " center ",
    "粉红色": " pink ", "粉色": " pink ", "粉红": " pink ", "红色": " red ", "绿色": " green ", "蓝色": " blue ",
    "黄色": " yellow ", "橙色": " orange ", "橘色": " orange ", "紫色": " purple ", "棕色": " brown ",
    "褐色": " brown ", "咖啡色": " brown ", "黑色": " black ", "白色": " white ", "灰色": " gray ", "青色": " cyan ",
    "天蓝色": " cyan ", "长方形": " rectangle ", "矩形": " rectangle ", "正方形": " square ", "方形": " square ",
    "三角形": " triangle ", "菱形": " diamond ", "五角星": " star ", "星形": " star ", "六边形": " hexagon ",
    "五边形": " pentagon ", "椭圆": " oval ", "圆形": " circle ", "圆圈": " circle ", "圆": " circle ",
    "球": " ball ", "移动": " moves ", "运动": " moves ", "移到": " moves to ", "移向": " moves to ", "移": " moves ",
    "滚动": " rolls ", "滚": " rolls ", "滑动": " slides ", "滑": " slides ", "向右": " to the right ",
    "往右": " to the right ", "向左": " to the left ", "往左": " to the left ",
    "视频": " video ", "影片": " video ", "图片": " image ",
    "图像": " image ", "图": " image ",
    "第一": " first ", "第二": " second ", "第三": " third ", "第四": " fourth ",
    # Japanese forms without kana in the answer ('円、星形、正方形'): no Chinese word is written so
    "楕円": " oval ", "円形": " circle ", "円": " circle ", "長方形": " rectangle ", "四角形": " square ",
    "六角形": " hexagon ", "五角形": " pentagon ", "赤": " red ", "緑": " green ", "黒": " black ",
}
_PHRASES_JA = {
    "反時計回り": " counterclockwise ", "時計回り": " clockwise ", "左から右": " from left to right ",
    "右から左": " from right to left ", "上から下": " from top to bottom ", "下から上": " from bottom to top ",
    "左上": " top left ", "右上": " top right ", "左下": " bottom left ", "右下": " bottom right ",
    "ピンク": " pink ", "オレンジ": " orange ", "シアン": " cyan ", "グレー": " gray ", "ブラウン": " brown ",
    "パープル": " purple ", "レッド": " red ", "ブルー": " blue ", "グリーン": " green ", "イエロー": " yellow ",
    "青い": " blue ", "赤い": " red ", "白い": " white ", "黒い": " black ", "黄色い": " yellow ", "茶色い": " brown ",
    "水色": " cyan ", "赤色": " red ", "赤": " red ", "緑色": " green ", "緑": " green ", "青色": " blue ",
    "青": " blue ", "黄色": " yellow ", "橙色": " orange ", "紫色": " purple ", "紫": " purple ", "茶色": " brown ",
    "黒色": " black ", "黒": " black ", "白色": " white ", "白": " white ", "灰色": " gray ",
    "長方形": " rectangle ", "正方形": " square ", "四角形": " square ", "三角形": " triangle ", "ひし形": " diamond ",
    "菱形": " diamond ", "星形": " star ", "六角形": " hexagon ", "五角形": " pentagon ", "楕円": " oval ",
    "円形": " circle ", "円": " circle ", "星": " star ", "ボール": " ball ", "移動": " moves ", "左": " left ",
    "右": " right ",
    "右へ": " to the right ", "左へ": " to the left ", "右方向": " to the right ", "左方向": " to the left ",
    "動": " moves ", "転が": " rolls ", "滑": " slides ", "進": " goes ", "玉": " ball ",
    "動画": " video ", "ビデオ": " video ", "画像": " image ",
    "一番目": " first ", "二番目": " second ", "三番目": " third ", "最初": " first ",
}
_PHRASES_KO = {
    "반시계 방향": " counterclockwise ", "반시계방향": " counterclockwise ", "시계 방향": " clockwise ",
    "시계방향": " clockwise ", "왼쪽에서 오른쪽": " from left to right ", "오른쪽에서 왼쪽": " from right to left ",
    "위에서 아래": " from top to bottom ", "아래에서 위": " from bottom to top ", "왼쪽": " left ",
    "오른쪽": " right ", "분홍색": " pink ", "핑크색": " pink ", "핑크": " pink ", "빨간색": " red ",
    "빨간": " red ", "빨강": " red ", "초록색": " green ", "녹색": " green ", "초록": " green ", "파란색": " blue ",
    "파란": " blue ", "파랑": " blue ", "노란색": " yellow ", "노란": " yellow ", "주황색": " orange ",
    "주황": " orange ", "보라색": " purple ", "보라": " purple ", "갈색": " brown ", "검은색": " black ",
    "검정": " black ", "흰색": " white ", "하얀": " white ", "회색": " gray ", "청록색": " cyan ",
    "직사각형": " rectangle ", "정사각형": " square ", "삼각형": " triangle ", "마름모": " diamond ",
    "영상": " video ", "비디오": " video ", "이미지": " image ", "별": " star ", "육각형": " hexagon ",
    "오각형": " pentagon ", "타원": " oval ", "원이": " circle 이",
    "원은": " circle 은", "원": " circle ", "공": " ball ", "움직": " moves ", "이동": " moves ", "굴러": " rolls ",
    # native Korean counts before a counter ('다섯 개')
    "하나": " 1 ", "한 개": " 1 개", "둘": " 2 ", "두 개": " 2 개", "셋": " 3 ", "세 개": " 3 개", "넷": " 4 ",
    "네 개": " 4 개", "다섯": " 5 ", "여섯": " 6 ", "일곱": " 7 ", "여덟": " 8 ", "아홉": " 9 ", "열 개": " 10 개",
}
# a word that only leads the answer is a yes or a no ('不是。', 'いいえ', 'Nein.'); inside a sentence '是' is a copula
_YES_NO_LEAD = re.compile(
    r"^[\s*\"'“「]*(不是|不对|不|否|没有|いいえ|아니요|아니오|아니|nein|non|não|nao|нет|"
    r"是的|是|对|有|はい|そうです|예|네|oui|sí|si|ja|sim|да)(?=$|[\s,.!?;:，。！？、」\"'”*])(?!\s*(?:개|個|つ))",
    re.IGNORECASE)  # '네 개' is four of them, not a yes
_NO_WORDS = frozenset({"不是", "不对", "不", "否", "没有", "いいえ", "아니요", "아니오", "아니", "nein", "non", "não",
                       "nao", "нет"})
# the ASCII words _YES_NO_LEAD reads as a yes or no (lowercased): an ASCII text without one of them opens with none
_ASCII_LEADS = frozenset({"nein", "non", "nao", "oui", "si", "ja", "sim"})

_CN_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10_000, "萬": 10_000}
# a numeral run, not inside a word that only holds one ('一样' same, '一起' together, '之一' one of, '统一' unified,
# ('一共' altogether, '一致' agreeing, '一边' while, '一向' always, '一律' uniformly, '一同' together, '一齐' at once)
_CN_NUMBER = re.compile(r"(?<![之唯统統万萬第])[〇零一二两兩三四五六七八九十百千万萬]+"
                        r"(?![样樣起直些下般点點定旦切共致边邊向律同齐齊])")


def _cn_value(run: str) -> int | None:
    """'七千六百四十四' is 7644, '十二' is 12, '两' is 2; digits alone ('一〇二') are read digit by digit."""
    if all(c in _CN_DIGITS for c in run):
        return int("".join(str(_CN_DIGITS[c]) for c in run)) if len(run) > 1 and "两" not in run else \
            (_CN_DIGITS[run] if len(run) == 1 else None)
    total, section, digit = 0, 0, None
    for c in run:
        if c in _CN_DIGITS:
            digit = _CN_DIGITS[c]
        else:
            unit = _CN_UNITS[c]
            if unit == 10_000:
                total += (section + (digit or 0)) * unit
                section, digit = 0, None
            else:
                section += (1 if digit is None else digit) * unit
                digit = None
    return total + section + (digit or 0)


def _cn_numbers(text: str) -> str:
    return _CN_NUMBER.sub(lambda m: f" {v} " if (v := _cn_value(m.group())) is not None else m.group(), text)


@lru_cache(maxsize=8)
def _substitution(phrases: tuple[tuple[str, str], ...]) -> tuple[re.Pattern, dict[str, str]]:
    table = dict(phrases)
    return re.compile("|".join(re.escape(k) for k in sorted(table, key=len, reverse=True))), table


def _replace(text: str, phrases: dict[str, str]) -> str:
    pattern, table = _substitution(tuple(phrases.items()))
    return pattern.sub(lambda m: table[m.group()], text)


_CJK_DIGIT_GAP = re.compile(rf"(?<=[{_CJK}])(?=\d)|(?<=\d)(?=[{_CJK}])")


# a motion from one side to another with the sides' nouns and a verb between them: '从左边移到右边' (from the left
# side moves to the right side), '左端から右端へ' are 'from left to right' as '从左到右' and '左から右' are
_CJK_SIDES = {"左": "left", "右": "right", "上": "top", "下": "bottom"}
_ZH_FROM_TO = re.compile(
    r"从([左右上下])(?:边|侧|面|方)([^，。,.！？从]{0,3}?)(?:到|向|往|至)([左右上下])(?:边|侧|面|方)?")
_JA_FROM_TO = re.compile(r"([左右上下])(?:側|端)から([右左上下])(?:側|端)?")


def _cjk_from_to(match: re.Match, verb: str = "") -> str:
    return f" from {_CJK_SIDES[match.group(1)]} to {_CJK_SIDES[match.group(match.lastindex)]} {verb}"


def _cjk(text: str, japanese: bool = False) -> str:
    if _HANGUL.search(text):
        text = _replace(text, _PHRASES_KO)
    if japanese or _KANA.search(text):
        text = _JA_FROM_TO.sub(_cjk_from_to, text)
        text = _replace(text, _PHRASES_JA)
    else:
        text = _ZH_FROM_TO.sub(lambda m: _cjk_from_to(m, m.group(2)), text)
        text = _replace(text, _PHRASES_ZH)
        text = text.replace("左", " left ").replace("右", " right ") if "左" in text or "右" in text else text
    if _HANGUL.search(text):  # native numbers before a counter: '세 번' is 3 times, '두 번째' the second
        text = _KO_ORDINAL.sub(lambda m: f" {_ORDINAL_WORDS[_KO_NATIVE[m.group(1)]]} ", text)
        text = _KO_COUNT.sub(lambda m: f" {_KO_NATIVE[m.group(1)]} {m.group(2)}", text)
    text = _cn_numbers(text)
    text = _CJK_PLACES.sub(_cjk_place, text)  # rows, columns and ordinals by a counter ('2行目', '第3列', '1本目')
    text = text.replace("、", ", ").replace("，", ", ")  # the ideographic and full-width commas separate items
    text = _CJK_DIGIT_GAP.sub(" ", text)  # '共7644个': the number is a word of its own
    # a counter or a particle between two words read in English joins them as English does: '第一个视频' is 'first
    # video', 'ピンクのボール' is 'pink ball'
    return _JOINER.sub(" ", text)


_KO_NATIVE = {"한": 1, "첫": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9,
              "열": 10}
_KO_COUNT = re.compile(r"(?<![\uac00-\ud7af])(한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s*"
                       r"(번|개|명|마리|가지|칸|줄|회)(?!째)")
_KO_ORDINAL = re.compile(r"(?<![\uac00-\ud7af])(첫|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s*번째")
_ORDINAL_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh",
                  8: "eighth", 9: "ninth", 10: "tenth"}
# a number with a counter that makes it a place: '2行目' row 2, '3列目' column 3 (Japanese), '第2行' row 2, '第3列'
# column 3 (Chinese), '2행' row 2, '3열' column 3 (Korean), '1本目' / '2番目' / '第2个' / '2번째' the first, second
_CJK_PLACES = re.compile(r"第\s*(\d+)\s*(行|列|排)"
                         r"|(\d+)\s*(行目|列目|行|列|행|열|本目|番目|つ目|個目|枚目|回目|번째)(?![\uac00-\ud7af])"
                         r"|第\s*(\d+)\s*(?=[个個段条條张張幅]|\s*(?:video|image|ball))")
_PLACE_WORDS = {"行": "row", "行目": "row", "排": "row", "행": "row", "列": "column", "列目": "column", "열": "column"}


def _cjk_place(m: re.Match) -> str:
    if m.group(1):
        return f" {_PLACE_WORDS[m.group(2)]} {m.group(1)} "
    if m.group(3):
        counter, n = m.group(4), int(m.group(3))
        if counter in _PLACE_WORDS:
            return f" {_PLACE_WORDS[counter]} {n} "
        return f" {_ORDINAL_WORDS.get(n, m.group(0))} "
    n = int(m.group(5))
    return f" {_ORDINAL_WORDS.get(n, m.group(0))} "


_JOINER = re.compile(r"(?<=[A-Za-z0-9])\s*[的の个個つ개]\s*(?=[A-Za-z0-9])")


# --- Latin and Cyrillic scripts ---------------------------------------------------------------------------------

# words of no English meaning, read in any text (word-bounded, any case)
_WORDS = {
    # colors
    "rojo": "red", "roja": "red", "rojos": "red", "verde": "green", "verdes": "green", "azul": "blue",
    "azules": "blue", "amarillo": "yellow", "amarilla": "yellow", "naranja": "orange", "morado": "purple",
    "morada": "purple", "púrpura": "purple", "marrón": "brown", "café": "brown", "negro": "black", "negra": "black",
    "blanco": "white", "blanca": "white", "gris": "gray", "cian": "cyan", "ciano": "cyan", "rouge": "red",
    "vert": "green",
    "verte": "green", "bleu": "blue", "bleue": "blue", "jaune": "yellow", "marron": "brown", "noir": "black",
    "noire": "black", "blanc": "white", "blanche": "white", "grise": "gray", "rosa": "pink",
    "rosado": "pink", "rosada": "pink", "grün": "green", "grüne": "green", "grünen": "green", "blau": "blue",
    "blaue": "blue", "blauen": "blue", "gelb": "yellow", "gelbe": "yellow", "braun": "brown", "braune": "brown",
    "braunen": "brown", "schwarz": "black", "schwarze": "black", "weiß": "white", "weiße": "white", "grau": "gray",
    "graue": "gray", "vermelho": "red", "vermelha": "red", "amarelo": "yellow", "amarela": "yellow",
    "laranja": "orange", "roxo": "purple", "roxa": "purple", "marrom": "brown", "preto": "black", "preta": "black",
    "branco": "white", "branca": "white", "cinza": "gray", "красный": "red", "красная": "red", "красного": "red",
    "зелёный": "green", "зеленый": "green", "зелёная": "green", "синий": "blue", "синяя": "blue", "синего": "blue",
    "голубой": "cyan", "жёлтый": "yellow", "желтый": "yellow", "жёлтая": "yellow", "оранжевый": "orange",
    "фиолетовый": "purple", "фиолетовых": "purple", "фиолетовая": "purple", "розовый": "pink", "розовая": "pink",
    "розового": "pink", "коричневый": "brown", "коричневая": "brown", "чёрный": "black", "черный": "black",
    "белый": "white", "серый": "gray", "бирюзовый": "cyan",
    # shapes
    "círculo": "circle", "círculos": "circle", "circulo": "circle", "circulos": "circle", "cuadrado": "square",
    "cuadrados": "square", "triángulo": "triangle", "triángulos": "triangle", "estrella": "star",
    "estrellas": "star", "hexágono": "hexagon", "hexágonos": "hexagon", "rombo": "diamond", "rectángulo": "rectangle",
    "pentágono": "pentagon", "óvalo": "oval", "cercle": "circle", "cercles": "circle", "carré": "square",
    "carrés": "square", "étoile": "star", "étoiles": "star", "hexagone": "hexagon", "losange": "diamond",
    "pentagone": "pentagon", "ovale": "oval", "kreis": "circle", "kreise": "circle", "quadrat": "square",
    "quadrate": "square", "dreieck": "triangle", "dreiecke": "triangle", "sechseck": "hexagon", "raute": "diamond",
    "rechteck": "rectangle", "fünfeck": "pentagon", "quadrado": "square", "quadrados": "square",
    "triângulo": "triangle", "estrela": "star", "estrelas": "star", "losango": "diamond", "retângulo": "rectangle",
    "круг": "circle", "круга": "circle", "кругов": "circle", "круги": "circle", "квадрат": "square",
    "квадрата": "square", "треугольник": "triangle", "звезда": "star", "звезды": "star", "шестиугольник": "hexagon",
    "ромб": "diamond", "прямоугольник": "rectangle", "пятиугольник": "pentagon", "овал": "oval",
    # things and motions
    "pelota": "ball", "bola": "ball", "balle": "ball", "kugel": "ball", "мяч": "ball", "шар": "ball",
    "шарик": "ball", "mueve": "moves", "bouge": "moves", "déplace": "moves", "bewegt": "moves",
    "movimenta": "moves", "движется": "moves", "desplaza": "moves", "rueda": "rolls", "desloca": "moves",
    "rola": "rolls", "roule": "rolls", "glisse": "slides", "rollt": "rolls", "gleitet": "slides",
    "катится": "rolls", "перемещается": "moves",
    # directions and positions
    "izquierda": "left", "derecha": "right", "arriba": "top", "abajo": "bottom", "gauche": "left", "droite": "right",
    "rechts": "right", "oben": "top", "unten": "bottom", "esquerda": "left", "direita": "right", "cima": "top",
    "baixo": "bottom", "слева": "left", "справа": "right", "налево": "left", "направо": "right", "вверх": "top",
    "вниз": "bottom", "сверху": "top", "снизу": "bottom", "вправо": "right", "влево": "left",
    # rows and columns of a grid ('Zeile 2, Spalte 4', 'fila 2, columna 3', 'строка 2, столбец 3')
    "zeile": "row", "spalte": "column", "fila": "row", "columna": "column", "ligne": "row", "colonne": "column",
    "linha": "row", "coluna": "column", "строка": "row", "строке": "row", "строки": "row", "ряд": "row",
    "ряду": "row", "столбец": "column", "столбце": "column", "столбца": "column", "колонка": "column",
    "колонке": "column",
    # ordinals, and what they count ('el primer video', 'das zweite Bild')
    "primer": "first", "tercer": "third", "tercero": "third", "troisième": "third", "dritte": "third",
    "dritten": "third", "terceiro": "third", "третий": "third", "vídeo": "video", "vidéo": "video",
    "imagen": "image", "imagem": "image", "bild": "image", "видео": "video", "primero": "first", "primera": "first",
    "segundo": "second", "segunda": "second", "premier": "first",
    "première": "first", "deuxième": "second", "erste": "first", "ersten": "first", "zweite": "second",
    "zweiten": "second", "primeiro": "first", "первый": "first", "первое": "first", "второй": "second",
    # numbers
    "cero": "zero", "uno": "one", "una": "one", "dos": "two", "tres": "three", "cuatro": "four", "cinco": "five",
    "seis": "six", "siete": "seven", "ocho": "eight", "nueve": "nine", "diez": "ten", "doce": "twelve",
    "veinte": "twenty", "treinta": "thirty", "cuarenta": "forty", "cincuenta": "fifty", "sesenta": "sixty",
    "setenta": "seventy", "ochenta": "eighty", "noventa": "ninety", "cien": "hundred", "ciento": "hundred",
    "mil": "thousand", "deux": "two", "trois": "three", "quatre": "four", "cinq": "five", "huit": "eight",
    "neuf": "nine", "dix": "ten", "onze": "eleven", "douze": "twelve", "vingt": "twenty", "trente": "thirty",
    "quarante": "forty", "cinquante": "fifty", "soixante": "sixty", "mille": "thousand", "zwei": "two",
    "drei": "three", "vier": "four", "fünf": "five", "sechs": "six", "sieben": "seven", "acht": "eight",
    "neun": "nine", "zehn": "ten", "zwölf": "twelve", "zwanzig": "twenty", "hundert": "hundred",
    "tausend": "thousand", "uma": "one", "dois": "two", "duas": "two", "três": "three", "quatro": "four",
    "sete": "seven", "oito": "eight", "nove": "nine", "dez": "ten", "vinte": "twenty",
    "zéro": "zero", "eins": "one", "doze": "twelve", "cento": "hundred", "trece": "thirteen", "catorce": "fourteen",
    "quince": "fifteen", "treize": "thirteen", "quatorze": "fourteen", "quinze": "fifteen", "seize": "sixteen",
    "dreizehn": "thirteen", "vierzehn": "fourteen", "fünfzehn": "fifteen", "одиннадцать": "eleven",
    "двенадцать": "twelve", "тридцать": "thirty", "сорок": "forty", "пятьдесят": "fifty", "stern": "star",
    "sterne": "star", "lila": "purple", "rot": "red", "rote": "red", "roten": "red", "ноль": "zero", "один": "one",
    "одна": "one", "два": "two", "две": "two", "три": "three", "четыре": "four", "пять": "five", "шесть": "six",
    "семь": "seven", "восемь": "eight", "девять": "nine", "десять": "ten", "двадцать": "twenty", "сто": "hundred",
}
# phrases, before the words
_LATIN_PHRASES = {
    "sentido contrario a las agujas del reloj": "counterclockwise", "sentido antihorario": "counterclockwise",
    "sentido horario": "clockwise", "antihorario": "counterclockwise", "anti-horário": "counterclockwise",
    "antihorário": "counterclockwise", "sentido horário": "clockwise", "horário": "clockwise",
    "sens inverse des aiguilles d'une montre": "counterclockwise", "sens antihoraire": "counterclockwise",
    "sens des aiguilles d'une montre": "clockwise", "sens horaire": "clockwise",
    "gegen den uhrzeigersinn": "counterclockwise", "im uhrzeigersinn": "clockwise", "uhrzeigersinn": "clockwise",
    "против часовой стрелки": "counterclockwise", "по часовой стрелке": "clockwise",
    "de izquierda a derecha": "from left to right", "de derecha a izquierda": "from right to left",
    "de arriba abajo": "from top to bottom", "de arriba a abajo": "from top to bottom",
    "de abajo arriba": "from bottom to top", "de abajo a arriba": "from bottom to top",
    "de gauche à droite": "from left to right", "de droite à gauche": "from right to left",
    "de haut en bas": "from top to bottom", "de bas en haut": "from bottom to top",
    "von links nach rechts": "from left to right", "von rechts nach links": "from right to left",
    "von oben nach unten": "from top to bottom", "von unten nach oben": "from bottom to top",
    "da esquerda para a direita": "from left to right", "da direita para a esquerda": "from right to left",
    "de cima para baixo": "from top to bottom", "de baixo para cima": "from bottom to top",
    "слева направо": "from left to right", "справа налево": "from right to left",
    "сверху вниз": "from top to bottom", "снизу вверх": "from bottom to top",
    "quatre-vingt-dix": "ninety", "quatre-vingts": "eighty", "quatre-vingt": "eighty", "soixante-dix": "seventy",
    "noventa y": "ninety and", "cent un": "hundred one", "move-se": "moves",
}
# words that are English too: read as another language's only where its own small words say it is that language
_AMBIGUOUS = {"fr": {"rose": "pink", "roses": "pink", "violet": "purple", "violets": "purple", "un": "one",
                     "cent": "hundred", "sept": "seven", "bas": "bottom", "haut": "top"},
              "de": {"links": "left", "ein": "one", "eine": "one", "elf": "eleven", "null": "zero"},
              "pt": {"um": "one"}}
# a language's own small words, or its own words of the vocabularies ('violet, noir, marron, rose' is French)
_FUNCTION_WORDS = {"fr": re.compile(r"\b(?:le|la|les|est|une|des|il y a|du|et|sont|noir|noire|blanc|blanche|bleu|"
                                    r"bleue|vert|verte|jaune|rouge|marron|gris|grise|violette|carré|étoile|cercle|"
                                    r"losange|hexagone|gauche|droite)\b", re.IGNORECASE),

                   "de": re.compile(r"\b(?:der|die|das|ist|es gibt|sind|ein|eine|im|von|nach|und|rot|blau|grün|"
                                    r"gelb|schwarz|weiß|grau|braun|zeile|spalte|kreis|quadrat|dreieck)\b",
                                    re.IGNORECASE),
                   "pt": re.compile(r"(?<!\w)(?:há|é|os|uma|não|da|do|em|para|são|cento|duzentos|trezentos|"
                                    r"vinte|trinta|quarenta|cinquenta|sessenta|setenta|oitenta|noventa)(?!\w)",
                                    re.IGNORECASE)}


@lru_cache(maxsize=4)
def _word_pattern(words: tuple[str, ...]) -> re.Pattern:
    # a hyphen joins words of a number ('quatre-vingt-quatorze'): it bounds them as a space does
    return re.compile(r"(?<![\w'’])(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
                      + r")(?![\w'’])", re.IGNORECASE)


def _words(text: str, table: dict[str, str]) -> str:
    """Phrases of several words, by one pattern of them all."""
    return _word_pattern(tuple(table)).sub(lambda m: table[case_blind_key(table, m.group())], text)


_TOKEN = re.compile(r"[^\W\d_]+")


def _tokens(text: str, table: dict[str, str], stems: bool = False) -> str:
    """Single words, looked up word by word (a pattern of hundreds of words costs far more); with `stems`, a word
    not in the table is looked up again without its inflection ('blaues', 'violette', 'синее', 'rojas')."""
    def one(m: re.Match) -> str:
        word = m.group().casefold()
        found = table.get(word)
        return found if found is not None else (_stemmed(word) or m.group()) if stems else m.group()
    return _TOKEN.sub(one, text)


# adjective endings of the vocabularies' words: German (blau-es), Romance plurals and feminines (roja-s, violett-e),
# Russian (син-ее, красн-ого); the stem must be one of these words, so no other word is ever read as one
_STEMS = {"rot": "red", "grün": "green", "blau": "blue", "gelb": "yellow", "braun": "brown", "schwarz": "black",
          "weiß": "white", "weiss": "white", "grau": "gray", "violett": "purple", "orang": "orange",
          "türkis": "cyan", "красн": "red", "зелён": "green", "зелен": "green", "син": "blue", "голуб": "cyan",
          "жёлт": "yellow", "желт": "yellow", "оранжев": "orange", "фиолетов": "purple", "розов": "pink",
          "коричнев": "brown", "чёрн": "black", "черн": "black", "бел": "white", "сер": "gray",
          "бирюзов": "cyan", "квадратн": "square", "круг": "circle", "треугольн": "triangle"}
_ENDING_WORDS = ("es", "er", "en", "em", "e", "ый", "ий", "ой", "ая", "яя", "ое", "ее", "ого", "его", "ому", "ему",
                 "ую", "юю", "ые", "ие", "ых", "их", "ыми", "ими", "ым", "им")
_ENDINGS = re.compile(f"(?:{'|'.join(_ENDING_WORDS)})$")


def _stemmed(word: str) -> str | None:
    if word.endswith("s") and word[:-1] in _WORDS:  # 'rojas' -> 'roja', 'violets'
        return _WORDS[word[:-1]]
    if word.endswith("tte") and word[:-1] in ("violett",):
        return "purple"
    stem = _ENDINGS.sub("", word)
    return _STEMS.get(stem) if stem != word else None


# the first word of every key: a text holding none of them (nearly every English answer) needs no substitution
_FIRST_WORDS = frozenset(re.split(r"[\s'’-]", key.casefold())[0]
                         for table in (_WORDS, _LATIN_PHRASES, *_AMBIGUOUS.values()) for key in table)
_PHRASE_FIRST = frozenset(re.split(r"[\s'’-]", key.casefold())[0] for key in _LATIN_PHRASES)
# every word _stemmed reads (a word of the tables with a plural 's', or a stem with an adjective ending), found once:
# a text holding none of them needs no look-up of its words one by one
_STEMMABLE = frozenset(word for word in (*(w + "s" for w in _WORDS), "violette",
                                         *(stem + ending for stem in _STEMS for ending in _ENDING_WORDS))
                       if _stemmed(word))
_SELF_STEMMED = frozenset(word for word in _STEMMABLE if _stemmed(word) == word)  # 'orange': English, read as itself
assert all(_TOKEN.fullmatch(key) for table in (_WORDS, *_AMBIGUOUS.values()) for key in table)


# German counts of times written as one word: 'fünfmal' is five times
_TIMES = re.compile(r"\b(ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)mal\b", re.IGNORECASE)
_TIMES_WORDS = {"ein": "one", "zwei": "two", "drei": "three", "vier": "four", "fünf": "five", "sechs": "six",
                "sieben": "seven", "acht": "eight", "neun": "nine", "zehn": "ten", "elf": "eleven", "zwölf": "twelve"}


# a motion from one side to another, whatever the connector and article: 'desde arriba hacia abajo', 'de la gauche
# vers la droite', 'da esquerda até a direita', 'von oben nach unten' are 'from top to bottom'
_SIDES = {"izquierda": "left", "derecha": "right", "arriba": "top", "abajo": "bottom", "gauche": "left",
          "droite": "right", "haut": "top", "bas": "bottom", "links": "left", "rechts": "right", "oben": "top",
          "unten": "bottom", "esquerda": "left", "direita": "right", "cima": "top", "baixo": "bottom"}
_SIDE = "(" + "|".join(_SIDES) + ")"
_ARTICLE = r"(?:\s+(?:la|el|a|o|le|der|die|l['’]))?"
_FROM_TO = re.compile(rf"\b(?:de|desde|du|des|von|da|do|dal)(?:\s+(?:la|el|a|o|le|l['’]))?\s*{_SIDE}"
                      rf"(?:\s+(?:a|à|al|hacia|hasta|para|pra|vers|jusqu['’]à|en|nach|até|ao|au))?{_ARTICLE}\s+{_SIDE}\b",
                      re.IGNORECASE)


def _latin_from_to(text: str) -> str:
    def side(said: str) -> str:
        return _SIDES[case_blind_key(_SIDES, said)]  # 'lınks' (dotless i) is 'links' to the pattern
    return _FROM_TO.sub(lambda m: f"from {side(m.group(1))} to {side(m.group(2))}", text)


_SPANISH_NOT = re.compile(r"(?:(?<=\w )|(?<=\w, ))no(?= (?:puedo|puede|podemos|es|está|hay|se|sé|tengo|son|"
                          r"logro|consigo|soy|me|lo|la|las|los)\b)", re.IGNORECASE)
_SHAPES_EN = "square|circle|triangle|star|hexagon|diamond|pentagon|rectangle|oval|ball|squares|circles|triangles|stars"
_COLORS_EN = "red|green|blue|yellow|orange|purple|brown|black|white|gray|pink|cyan"
_SHAPE_COLOR = re.compile(rf"\b({_SHAPES_EN}) ({_COLORS_EN})\b")


def _latin(text: str, words: set[str] | None = None) -> str:
    """`words`, where given, are the text's _TOKEN words casefolded (set(_TOKEN.findall(text.casefold()))), for a text
    with no 'mal' and no ' no ' (which would be rewritten first)."""
    if "mal" in text:
        text = _TIMES.sub(lambda m: f"{_TIMES_WORDS[case_blind_key(_TIMES_WORDS, m.group(1))]} times", text)
    if " no " in text:  # 'Lo siento, no puedo': a 'no' before a verb of Spanish is a not, never a count of none
        text = _SPANISH_NOT.sub("not", text)
    folded = text.casefold()
    found = set(_TOKEN.findall(folded)) if words is None else words
    if _FIRST_WORDS.isdisjoint(found):
        stems = _STEMMABLE.intersection(found)
        if not stems:
            return text
        if stems <= _SELF_STEMMED and len(found.intersection(_SIDES)) < 2 and text.isascii() and \
                all(text.count(w) == folded.count(w) for w in stems):
            # English words only, the only ones read written as they are read ('orange' in lowercase): the steps
            # below would leave every word as it is and only join numbers ('treinta y dos')
            return _joined_numbers(text)
    original = text
    if len(found.intersection(_SIDES)) > 1:
        text = _latin_from_to(text)
    if not _PHRASE_FIRST.isdisjoint(found):
        text = _words(text, _LATIN_PHRASES)
    text = _tokens(text, _WORDS, stems=True)
    for language, table in _AMBIGUOUS.items():
        if _FUNCTION_WORDS[language].search(original):
            text = _tokens(text, table)
    if text != original:  # Romance languages say the color after the shape: 'carré bleu' is a blue square
        text = _SHAPE_COLOR.sub(r"\2 \1", text)
    return _joined_numbers(text)


def _joined_numbers(text: str) -> str:
    if " y " in text or " et " in text or " e " in text or " и " in text:  # 'treinta y dos', 'soixante et onze'
        return _JOINED_NUMBER.sub(r"\1 and ", text)
    return text


_UNITS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_JOINED_NUMBER = re.compile(rf"\b({_TENS}|hundred)\s+(?:y|et|e|и)\s+(?=(?:{_UNITS}|{_TENS})\b)", re.IGNORECASE)


# a word in another script glossed in English in brackets, as a label the image shows is answered translated:
# '葡萄（Grapes）', 'ぶどう (Grapes)', 'виноград (Grapes)' answer 'Grapes'
_GLOSS = re.compile(rf"[{_CJK}\u0400-\u04ff]+\s*[（(]\s*([A-Za-z][A-Za-z .'&-]{{2,40}}?)\s*[)）]")


# the whole answer one or two words of another language and their English gloss: 'Trauben (Grapes)', 'Uvas (Grapes)'
_GLOSSED_WORD = re.compile(r"^\W*[^\W\d_]+(?:[ -][^\W\d_]+)?\s*[（(]\s*([A-Za-z][A-Za-z .'&-]{2,40}?)\s*[)）]\W*$")


def glossed(text: str) -> str:
    """The answer with a word in another script and its English gloss in brackets written as the gloss alone, for
    free-text labels (the exact grader): a bracketed letter after Chinese is an option's ('选项（A）', 4.1). An answer
    that is only a word of another language and its gloss ('Trauben (Grapes)') is the gloss."""
    if "(" not in text and "（" not in text:
        return text
    whole = _GLOSSED_WORD.match(text) if len(text) < 80 else None
    if whole:
        return whole.group(1)
    return _GLOSS.sub(r" \1 ", text) if not text.isascii() else text


# 'cannot be determined', and true and false, where a question asks for one of them (the logic cases): read only
# there, as '正确' and 'falso' say other things elsewhere
_UNDETERMINED = re.compile(
    r"无法确定|不能确定|无法判断|不能判断|无法得知|不能得出|判断できない|判断できません|確定できない|確定できません|"
    r"決定できない|決定できません|判定できない|判定できません|わからない|分からない|不明|알 수 없|판단할 수 없|"
    r"확정할 수 없|결정할 수 없|no se puede determinar|no puede determinarse|no se puede saber|indeterminad[oa]|"
    r"impossible (?:à|de) déterminer|ne peut pas être déterminée?|on ne peut pas (?:le )?(?:déterminer|savoir)|"
    r"indéterminée?|kann nicht bestimmt werden|nicht bestimmbar|unbestimmt|lässt sich nicht (?:bestimmen|sagen)|"
    r"nicht feststellbar|não pode ser determinad[oa]|não é possível determinar|невозможно определить|"
    r"нельзя определить|не может быть определен[оа]?|неопределенно|неопределённо|нельзя сказать", re.IGNORECASE)
_TRUE_FALSE = re.compile(r"(?<!\w)(正确|正確|错误|錯誤|正しい|誤り|偽|真|참|거짓|verdadero|verdadera|falso|falsa|vrai|"
                         r"vraie|faux|fausse|wahr|falsch|verdadeiro|verdadeira|истина|истинно|ложь|ложно|верно|"
                         r"неверно)(?!\w)", re.IGNORECASE)
_TRUE_WORDS = frozenset({"正确", "正確", "正しい", "真", "참", "verdadero", "verdadera", "vrai", "vraie", "wahr",
                         "verdadeiro", "verdadeira", "истина", "истинно", "верно"})


def _verdicts(text: str) -> str:
    text = _UNDETERMINED.sub(" undetermined ", text)
    return _TRUE_FALSE.sub(lambda m: " true " if m.group(1).casefold() in _TRUE_WORDS else " false ", text)


_FULL_WIDTH = re.compile(r"[０-９]")


def english(text: str, question: str = "") -> str:
    """The answer with other languages' closed-vocabulary words written as the canonical English ones (2.7).

    Kanji alone are read as Japanese when the answer has kana or the question was asked in Japanese (its last
    2,000 characters have kana): '青' alone answers a Japanese question 'blue', a Chinese one 'cyan'."""
    ascii_only = text.isascii()
    if not text or (len(text) > 200 and ascii_only):
        return text
    asks_verdicts = bool(question) and _asks_verdicts(question)
    if ascii_only and not asks_verdicts:
        encoded = text.encode()
        letters = encoded.translate(_LOWERCASE_LETTERS)  # 'mal' is in it as in text.lower()
        if b"mal" not in letters:
            split = letters.split()
            if _ASCII_READ_BYTES.isdisjoint(split):
                return text  # no word any step below reads (nearly every English answer): the text as it is
            lowered = text.lower()
            read = _ASCII_READ_BYTES.intersection(split)
            if read <= _AS_WRITTEN_BYTES and all(encoded.count(w) == letters.count(w) for w in read):
                # only English words _latin reads as themselves ('orange' in a list of colors), each written in
                # lowercase: _latin would find no other word to read and only join numbers ('treinta y dos'), as
                # below (tests/grading/test_fast_paths.py compares it with _latin)
                latin = _joined_numbers(text)
                return text if latin == text or _ENGLISH_LOWER.search(lowered) else latin
            words = set(letters.decode().split())  # ASCII text's _TOKEN words, what _latin reads
            if "no" not in words and _ASCII_LEADS.isdisjoint(words):
                # no yes or no to lead with, nor a German count or Spanish 'no' for _latin to rewrite before it reads
                # the words: the text goes to _latin as it is, with these words ('orange' in an English list); where
                # _latin leaves it so, English words or not, it is the answer (tests/grading/test_fast_paths.py)
                latin = _latin(text, words)
                return text if latin == text or _ENGLISH_LOWER.search(lowered) else latin
    if not ascii_only:
        text = _FULL_WIDTH.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
    if asks_verdicts:  # asks true, false or undetermined
        text = _verdicts(text)
    lead = _YES_NO_LEAD.match(text)
    if lead:  # '不是。', 'いいえ', 'Nein.', 'Sí, …': the answer's yes or no
        said = lead.group(1).casefold()
        text = text[:lead.start(1)] + ("no" if said in _NO_WORDS else "yes") + text[lead.end(1):]
    if not ascii_only and _HAS_CJK.search(text):
        text = _cjk(text, japanese=bool(question) and bool(_KANA.search(question[-2000:])))
    # English words of every sentence ('the', 'is', 'of') say the text is English: its words are read as they are
    # (ASCII text, still ASCII here, is searched lowercased: the pattern without IGNORECASE is twice as fast)
    return text if (_ENGLISH_LOWER.search(text.lower()) if ascii_only else _ENGLISH.search(text)) else _latin(text)


_ENGLISH_WORDS = r"\b(?:the|is|are|of|and|this|there|was|with|it)\b"
# every lowercase ASCII word that english() reads in an ASCII text, when the question asks no true or false: a yes or
# no opening the answer, the Spanish 'no' before a verb, the first word of a table's entry or a word with an ending
# (_latin); a German count of times ('fünfmal') holds 'mal'
_ASCII_READ = frozenset(w for w in (*_FIRST_WORDS, *_STEMMABLE, "nein", "non", "nao", "oui", "si", "ja", "sim", "no")
                        if w.isascii())
_ENGLISH, _ENGLISH_LOWER = re.compile(_ENGLISH_WORDS, re.IGNORECASE), re.compile(_ENGLISH_WORDS)
_ASCII_READ_BYTES = frozenset(w.encode() for w in _ASCII_READ)
# the words of _ASCII_READ that _latin reads as written, where they are its only ones: English words, no first word of a
# table's entry, no side of a motion, no yes or no (english's fast path for them needs all of it)
_AS_WRITTEN_BYTES = frozenset(w.encode() for w in _SELF_STEMMED if w.isascii())
assert _SELF_STEMMED.isdisjoint(_FIRST_WORDS) and _SELF_STEMMED.isdisjoint({"no", *_ASCII_LEADS})
assert all(side in _FIRST_WORDS for side in _SIDES if side.isascii())  # a side in ASCII text is a first word


@lru_cache(maxsize=256)  # per question: asked again for every answer
def _asks_verdicts(question: str) -> bool:
    """Does the question (its last 600 characters) ask for true, false or undetermined?"""
    tail = question[-600:]
    return "false" in tail and "true" in tail


# --- the labels the families draw, in the eight languages (POLICY.md 2.7) ---------------------------------------

# The chart categories (assetgen/generate/families/charts.py CATEGORIES), a closed vocabulary the bar charts draw: an
# answer that names one in another language, with no English gloss ('Trauben', '葡萄', 'виноград', 'cerises'), names
# that label. Singular and plural; the English singular is read by the label rule itself (2.6: 'Cherry').
_LABEL_WORDS = {
    "Apples": ("苹果", "蘋果", "りんご", "リンゴ", "林檎", "사과", "manzanas", "manzana", "pommes", "pomme",
               "äpfel", "apfel", "maçãs", "maçã", "яблоки", "яблоко"),
    "Pears": ("梨子", "梨", "洋梨", "なし", "ナシ", "peras", "pera", "poires", "poire", "birnen", "birne",
              "груши", "груша"),
    "Plums": ("李子", "プラム", "すもも", "スモモ", "자두", "ciruelas", "ciruela", "prunes", "prune",
              "pflaumen", "pflaume", "ameixas", "ameixa", "сливы", "слива"),
    "Cherries": ("樱桃", "櫻桃", "车厘子", "さくらんぼ", "サクランボ", "チェリー", "체리", "cerezas", "cereza",
                 "cerises", "cerise", "kirschen", "kirsche", "cerejas", "cereja", "вишни", "вишня", "черешни",
                 "черешня"),
    "Grapes": ("葡萄", "ぶどう", "ブドウ", "포도", "uvas", "uva", "raisins", "raisin", "trauben", "traube",
               "weintrauben", "weintraube", "виноград"),
    "Lemons": ("柠檬", "檸檬", "レモン", "레몬", "limones", "limón", "limon", "citrons", "citron", "zitronen",
               "zitrone", "limões", "limão", "лимоны", "лимон"),
    "Mangoes": ("芒果", "マンゴー", "망고", "mangos", "mangues", "mangue", "mangas", "manga", "манго"),
    "Kiwis": ("猕猴桃", "獼猴桃", "奇异果", "奇異果", "キウイフルーツ", "キウイ", "키위", "киви"),
    "Figs": ("无花果", "無花果", "いちじく", "イチジク", "무화과", "higos", "higo", "figues", "figue",
             "feigen", "feige", "figos", "figo", "инжир"),
    "Limes": ("青柠", "青檸", "酸橙", "ライム", "라임", "limas", "lima", "citrons verts", "citron vert",
              "limetten", "limette", "лаймы", "лайм"),
    "Dates": ("椰枣", "椰棗", "海枣", "デーツ", "ナツメヤシ", "대추야자", "dátiles", "dátil", "dattes",
              "datte", "datteln", "dattel", "tâmaras", "tâmara", "финики", "финик"),
    "Melons": ("甜瓜", "哈密瓜", "蜜瓜", "メロン", "멜론", "melones", "melón", "melon", "melonen", "melões",
               "melão", "дыни", "дыня"),
}
LABELS = frozenset(_LABEL_WORDS)
_LABEL_OF = {word: label for label, words in _LABEL_WORDS.items() for word in words}
# CJK words stand anywhere (no spaces between words); a single Hangul syllable would be part of other words
_LABEL_WORD = re.compile("|".join(
    re.escape(w) if _HAS_CJK.match(w) else rf"(?<![^\W\d_]){re.escape(w)}(?![^\W\d_])"
    for w in sorted(_LABEL_OF, key=len, reverse=True)), re.IGNORECASE)


def is_label(value: str) -> bool:
    """Is `value` one of the labels the families draw (a chart category, 'Grapes')?"""
    return value in LABELS


_ASCII_LABEL_BYTES = frozenset(w.split()[0].encode() for w in _LABEL_OF if w.isascii())
# each ASCII letter as its lowercase, every other byte a space: split, an ASCII text's bytes so translated are the words
# ([a-z]+) of its lowercase, _TOKEN's words of an ASCII text casefolded, at a third of the cost of a regex's findall
# (tests/grading/test_fast_paths.py)
_LOWERCASE_LETTERS = bytes.maketrans(bytes(range(256)), bytes(
    b | 0x20 if 65 <= b <= 90 or 97 <= b <= 122 else 0x20 for b in range(256)))


def labels(text: str) -> str:
    """The answer with a label the families draw written in another language ('Trauben', '葡萄', 'cerises') as the
    English label ('Grapes', 'Cherries'), for a case that asks about those labels (2.7)."""
    if text.isascii() and _ASCII_LABEL_BYTES.isdisjoint(text.encode().translate(_LOWERCASE_LETTERS).split()):
        return text  # most answers: English words only, none of the vocabulary's
    return _LABEL_WORD.sub(lambda m: f" {_LABEL_OF[case_blind_key(_LABEL_OF, m.group())]} " if _HAS_CJK.match(m.group())
                           else _LABEL_OF[case_blind_key(_LABEL_OF, m.group())], text)
