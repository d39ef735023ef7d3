"""Write other_languages.jsonl: answers in eight other languages to ENGLISH questions, with human labels.

Run:  python3 write_other_languages.py   (writes other_languages.jsonl next to this file; builds the suite of
suite_cases.py in a temporary folder first, about half a minute)

Models often answer in the user's language or in their own: these are answers in Chinese, Japanese, Korean,
Spanish, French, German, Portuguese and Russian to the English cases of a fresh suite (seed 31337, not in
golden/). The answers are hand-written in the manner of the model named in each row's `style`; they are not
outputs of those models. Each label was decided by reading graders/POLICY.md only (not the graders' code),
before any grader was run on these answers. Every row carries its whole case (graders CaseSpec fields).
"""
from __future__ import annotations

import os

from labelling import CAUSES, VERDICTS, sent
from suite_cases import build_cases, case_id, write_corpus

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "other_languages.jsonl")
LANGS = ("zh", "ja", "ko", "es", "fr", "de", "pt", "ru")
STYLES = {"qwen2.5-vl", "qwen3-vl", "glm-4v", "internvl", "deepseek-vl2", "minicpm-v", "gpt-4o", "claude-3.5-sonnet",
          "gemini-1.5", "llava-1.6", "pixtral", "llama-3.2-vision", "gemma-3", "molmo"}
ROWS: list[dict] = []
lc = ""


def lang(code: str) -> None:
    """The language the rows below answer in."""
    global lc
    assert code in LANGS, code
    lc = code


def R(short, style, content, verdict, cause=None, why="", finish="stop", s=None, reasoning=None):
    """One answer to the English case `short` ('family-index'), in the current language."""
    assert style in STYLES, style
    assert verdict in VERDICTS, verdict
    assert (cause is None) == (verdict == "correct"), (verdict, cause)
    assert cause is None or cause in CAUSES, cause
    assert why and "\n" not in why, "every label needs a one-line why"
    ROWS.append({"lang": lc, "case_id": case_id(short), "style": style,
                 "response": {"content": content, "reasoning": reasoning, "finish_reason": finish, "sent": s},
                 "human": {"verdict": verdict, "cause": cause, "why": why}})


# Truths (seed 31337): arithmetic 264 / 171 / 5913; bar_chart-0 Limes 94, -1 'Grapes' (label), -2 Mangoes 62;
# bounce 3 / 4 / 6; circles 5, overlapping pairs (circle_overlap-2) 10; circular_motion-0 (A) clockwise;
# color_cycle 5; color_grid-0 16 cells, -1 five blue cells, -2 red; color_order-0 blue cyan purple pink green,
# -1 orange cyan yellow black gray, -2 purple black brown pink orange; direction_compare-0 no, -1 yes;
# equation-0 -8, -5, -1 1, 5, -2 9; flashing 5; grid_diff-0 (3, 1), (3, 3); instructed_answer-0 green, -1 cyan
# (one word); line_chart-0 Mar 59, -1 'Feb'; line_intersections-0 2; linear_motion-0 (D) bottom to top, -1 (C)
# top to bottom, -2 (E) toward the bottom right; motion_type-0 (B) bouncing, -2 (A) straight line; nested
# squares 4; odd_one_out-0 (2, 3), -1 (2, 4); predict_position-0 (A) top left, -1 (F) middle right; pulsing 7;
# race_to_line pink / green / purple; sequence_pattern-0 (B) gray triangle, -1 (C) brown circle; shape_compare-0
# (B) Image 2, -1 (A) Image 1; shape_morph-0 square diamond star, -1 square diamond circle; shapes-0 blue square,
# brown star, pink square, purple hexagon, red triangle, -2 three stars; speed_compare-0 (B) second, -1 (A) first;
# reasoning-0 cannot be determined; ball_across-0 brown ball right to left, -1 purple left to right, -2 blue
# right to left.

# ---------------------------------------------------------------- Chinese
lang("zh")
R("color_grid-2", "qwen2.5-vl", "红色", "correct", why="red")
R("color_grid-1", "glm-4v", "图中共有５个蓝色格子。", "correct",
  why="full-width 5 before the counter")
R("arithmetic-1", "internvl", "一百七十一", "correct", why="171 in Chinese numerals")
R("arithmetic-2", "deepseek-vl2", "计算结果为：5931", "incorrect", "wrong",
  why="5931 for 5913: digits swapped")
R("bar_chart-1", "qwen2.5-vl", "葡萄（Grapes）", "correct",
  why="the label glossed in brackets (2.7)")
R("bar_chart-1", "minicpm-v", "葡萄", "incorrect", "wrong",
  why="the English label translated with no gloss: free text is never translated (2.7)")
R("bar_chart-0", "glm-4v", "Limes 的数值约为 94。", "correct", why="94")
R("linear_motion-0", "qwen3-vl", "答案：D", "correct", why="D after a Chinese marker")
R("linear_motion-2", "internvl", "球朝右下方向移动，答案是 E。", "correct",
  why="E, toward the bottom right")
R("circular_motion-0", "deepseek-vl2", "逆时针", "incorrect", "wrong",
  why="counterclockwise")
R("direction_compare-0", "glm-4v", "不是。第一个视频中的球向右移动，第二个视频中的球向上移动。", "correct",
  why="leading 不是: no")
R("speed_compare-0", "qwen2.5-vl", "第二个视频中的球更快。", "correct", why="the second video")
R("color_order-0", "qwen3-vl", "蓝色、青色、紫色、粉色、绿色", "correct",
  why="all five in order, 、 between them")
R("shape_morph-0", "internvl", "正方形，菱形，五角星", "correct", why="square, diamond, star")
R("shapes-0", "qwen2.5-vl", "蓝色正方形、棕色星形、粉色正方形、紫色六边形、红色三角形", "correct",
  why="all five shapes")
R("shapes-0", "minicpm-v", "蓝色正方形，棕色五角星，红色三角形", "partial", "wrong",
  why="3 of 5 shapes, none wrong")
R("equation-0", "deepseek-vl2", "x = -8 或 x = -5", "correct", why="both roots")
R("equation-1", "glm-4v", "x = -1，x = -5", "incorrect", "wrong",
  why="both roots wrong (signs)")
R("bounce_count-0", "qwen2.5-vl", "球一共碰撞墙壁三次。", "correct", why="three times")
R("pulsing_circle-0", "internvl", "圆一共达到最大6次。", "incorrect", "wrong", why="6 for 7")
R("race_to_line-0", "qwen3-vl", "粉色的球先到达终点线。", "correct", why="pink")
R("instructed_answer-2", "qwen2.5-vl", "{\"color\": \"青色\", \"shape\": \"三角形\", \"direction\": \"左\"}",
  "correct", why="cyan, triangle, left said in Chinese inside the JSON: a value in another language grades as the "
  "English one (2.7)")
R("race_to_line-1", "llava-1.6", "抱歉，我无法观看视频内容，因此无法判断哪个球先到达终点线。", "no_answer",
  "refusal", why="declines in Chinese")
R("color_order-2", "internvl", "按出现顺序，颜色依次为：紫色、", "no_answer", "truncation", finish="length",
  s=sent(video_mode="video_url", max_tokens=12), why="cut after one colour of five")
R("reasoning-0", "deepseek-vl2", "无法确定。", "correct", why="cannot be determined")
R("motion_type-0", "glm-4v", "(B) 在墙壁之间来回反弹", "correct", why="B, bouncing")
R("circle_overlap-0", "qwen2.5-vl", "图中共有5个圆。", "correct",
  why="5 after a CJK character, with 个")
R("line_intersections-0", "minicpm-v", "有两个交点。", "correct", why="两 is 2")

R("color_grid-2", "glm-4v", "可能是红色，也可能是橙色。", "incorrect", "wrong",
  why="hedge between red and orange")
R("instructed_answer-0", "internvl", "这个物体是绿色的。", "partial", "format",
  why="green, but a sentence where one word was asked")
R("color_cycle-0", "qwen3-vl", "", "no_answer", "reasoning_exhausted", finish="length",
  s=sent(video_mode="video_url", max_tokens=256, thinking=True), why="the reasoning used the whole budget, no content",
  reasoning="背景颜色依次是：红色、蓝色……等一下，第3帧和第4帧的颜色是否相同？我需要再看一遍。第1帧是红色，第2帧是蓝色，"
  "第3帧是绿色，第4帧好像还是绿色，也可能是青色。让我重新数一遍：红色、蓝色、绿色、")
R("color_order-1", "minicpm-v", "橙色、青色、黄色、黑色、灰色" + "、灰色" * 120, "partial", "degenerate_repetition",
  finish="length", s=sent(video_mode="video_url", max_tokens=512),
  why="the right five, then gray repeated to the limit: "
  "a right list in a loop earns half (1.4)")
R("arithmetic-0", "qwen3-vl", "<think>\n先算乘法，再算加法。\n</think>\n\n答案是246。", "incorrect", "wrong",
  why="246 for 264 after the think block")

# ---------------------------------------------------------------- Japanese
lang("ja")
R("color_grid-2", "gpt-4o", "赤", "correct", why="赤 is red")
R("race_to_line-2", "claude-3.5-sonnet", "紫のボールが先にゴールしました。", "correct", why="purple")
R("race_to_line-1", "qwen2.5-vl", "青いボールです。", "incorrect", "wrong",
  why="blue for green")
R("color_grid-1", "gpt-4o", "青いマスは５つあります。", "correct", why="full-width 5 with つ")
R("arithmetic-0", "gemini-1.5", "答え：264", "correct", why="264 after 答え")
R("arithmetic-1", "qwen3-vl", "百七十一です。", "correct", why="171 in kanji")
R("bounce_count-1", "internvl", "ボールは壁に3回跳ね返ります。", "incorrect", "wrong",
  why="3 for 4")
R("bounce_count-2", "gpt-4o", "6回", "correct", why="6 times")
R("color_order-1", "claude-3.5-sonnet", "オレンジ、シアン、黄色、黒、灰色", "correct",
  why="all five in order")
R("color_order-0", "gemini-1.5", "青、水色、紫、ピンク、緑", "correct",
  why="水色 is the Japanese name for the cyan swatch beside 青 blue: all five (judgement)")
R("shape_morph-1", "qwen2.5-vl", "正方形、ひし形、円", "correct",
  why="square, diamond, circle")
R("shape_morph-1", "internvl", "正方形、ひし形、星形", "partial", "wrong",
  why="2 of 3 in place: star for circle")
R("linear_motion-1", "gpt-4o", "答え：C", "correct", why="C after 答え")
R("linear_motion-0", "claude-3.5-sonnet", "ボールは下から上へ移動しています。答え：D", "correct",
  why="bottom to top, D")
R("predict_position-0", "qwen3-vl", "(I) 右下", "incorrect", "wrong",
  why="bottom right for top left")
R("predict_position-1", "gpt-4o", "右中央のあたり、つまり (F) です。", "correct",
  why="middle right, F")
R("circular_motion-0", "gemini-1.5", "時計回り（A）", "correct", why="clockwise")
R("direction_compare-1", "claude-3.5-sonnet", "はい、どちらのボールも左から右へ動いています。", "correct",
  why="はい: yes")
R("direction_compare-0", "qwen2.5-vl", "はい。", "incorrect", "wrong", why="yes for no")
R("speed_compare-1", "gpt-4o", "1本目の動画のボールの方が速いです。", "correct",
  why="the first video")
R("shape_compare-0", "internvl", "画像3", "incorrect", "wrong",
  why="Image 3 for Image 2")
R("bar_chart-1", "claude-3.5-sonnet", "ぶどう (Grapes)", "correct",
  why="the label glossed in brackets (2.7)")
R("bar_chart-1", "qwen2.5-vl", "ブドウ", "incorrect", "wrong",
  why="the label translated with no gloss (2.7)")
R("flashing_light-0", "llava-1.6", "申し訳ありませんが、動画を再生することはできないため、点滅の回数はわかりません。",
  "no_answer", "refusal", why="declines in Japanese")
R("shapes-0", "gpt-4o", "画像には次の図形があります：\n\n1. 青い正方形\n2. 茶色の星\n3. ピンクの正方形\n4. 紫の",
  "partial", "truncation", finish="length", s=sent(max_tokens=48), why="cut after 3 right shapes of 5, none wrong")
R("odd_one_out-0", "gemini-1.5", "2行目の3列目です。", "correct", why="row 2, column 3")
R("equation-2", "qwen3-vl", "x＝９", "correct", why="full-width 9")
R("circle_overlap-0", "internvl", "円は全部で6個あります。", "incorrect", "wrong",
  why="6 for 5, with 個")
R("arithmetic-2", "minicpm-v", "五九一三", "correct",
  why="5913 in positional kanji digits")
R("circle_overlap-2", "qwen2.5-vl", "重なっている円のペアは一〇組です。", "correct",
  why="一〇 is 10 in positional kanji")

R("race_to_line-0", "qwen2.5-vl", "ピンクか紫のどちらかだと思います。", "incorrect", "wrong",
  why="hedge between pink and purple")
R("bounce_count-0", "internvl", "ボールは右の壁、下の壁、左の壁、上の壁に当たるので、4回です。", "incorrect", "wrong",
  why="4 for 3")
R("instructed_answer-1", "gemini-1.5", "シアン色です。", "partial", "format",
  why="cyan, but 色 and the copula です make it a sentence where one word was asked (judgement)")

# ---------------------------------------------------------------- Korean
lang("ko")
R("color_grid-2", "gpt-4o", "빨간색", "correct", why="red")
R("color_grid-1", "qwen2.5-vl", "파란색 칸은 다섯 개입니다.", "correct", why="다섯 개: five")
R("arithmetic-0", "gemini-1.5", "정답: 264", "correct", why="264 after 정답")
R("arithmetic-2", "claude-3.5-sonnet", "계산 결과는 5913입니다.", "correct", why="5913")
R("arithmetic-1", "internvl", "결과는 117입니다.", "incorrect", "wrong", why="117 for 171")
R("nested_squares-0", "gpt-4o", "사각형은 총 네 개입니다.", "correct", why="네 개: four")
R("nested_squares-0", "llava-1.6", "3개", "incorrect", "wrong", why="3 for 4")
R("bounce_count-0", "qwen3-vl", "공은 벽에 세 번 튕깁니다.", "correct", why="세 번: three times")
R("pulsing_circle-0", "gemini-1.5", "일곱 번", "correct", why="일곱: seven")
R("linear_motion-2", "gpt-4o", "정답: E", "correct", why="E after 정답")
R("linear_motion-1", "internvl", "공은 아래에서 위로 움직입니다. 정답: D", "incorrect", "wrong",
  why="bottom to top (D) for top to bottom")
R("circular_motion-0", "claude-3.5-sonnet", "시계 방향으로 움직입니다.", "correct",
  why="clockwise")
R("direction_compare-0", "gpt-4o", "아니요, 두 공은 서로 다른 방향으로 움직입니다.", "correct",
  why="아니요: no")
R("direction_compare-1", "qwen2.5-vl", "아니요.", "incorrect", "wrong",
  why="no for yes")
R("speed_compare-0", "gemini-1.5", "두 번째 영상의 공이 더 빠릅니다.", "correct",
  why="the second video")
R("color_order-0", "gpt-4o", "파란색, 청록색, 보라색, 분홍색, 초록색", "correct",
  why="all five in order (청록색 cyan)")
R("color_order-2", "internvl", "보라색, 검은색, 분홍색, 갈색, 주황색", "partial", "wrong",
  why="3 of 5 in place: brown and pink swapped")
R("shapes-2", "qwen3-vl", "별은 3개입니다.", "correct", why="3 stars")
R("race_to_line-0", "claude-3.5-sonnet", "분홍색 공", "correct", why="pink")
R("race_to_line-2", "llava-1.6", "파란색", "incorrect", "wrong", why="blue for purple")
R("bar_chart-1", "gpt-4o", "포도(Grapes)", "correct",
  why="the label glossed in brackets (2.7)")
R("shape_compare-1", "gemini-1.5", "정답: A", "correct", why="A")
R("appearing_objects-0", "llava-1.6", "죄송하지만 영상을 볼 수 없어서 답변드릴 수 없습니다.", "no_answer", "refusal",
  why="declines in Korean")
R("grid_diff-0", "qwen2.5-vl", "두 이미지를 행별로 비교해 보겠습니다.\n\n1행: 동일\n2행: 동일\n3행:", "no_answer",
  "truncation", finish="length", s=sent(max_tokens=32), why="cut before any cell was named")
R("motion_type-2", "gpt-4o", "(A) 직선", "correct", why="A, a straight line")

R("speed_compare-1", "llava-1.6", "첫 번째 또는 두 번째 영상", "incorrect", "wrong",
  why="hedge between the two videos")
R("odd_one_out-0", "internvl", "3행 2열", "incorrect", "wrong",
  why="row 3, column 2 for (2, 3)")

# ---------------------------------------------------------------- Spanish
lang("es")
R("arithmetic-1", "gpt-4o", "ciento setenta y uno", "correct", why="171 in words")
R("bar_chart-0", "gemini-1.5", "noventa y cuatro", "correct", why="94 in words")
R("bar_chart-2", "llama-3.2-vision", "El valor de Mangoes es 26.", "incorrect", "wrong",
  why="26 for 62")
R("color_grid-2", "pixtral", "Rojo.", "correct", why="red")
R("instructed_answer-0", "gpt-4o", "Verde", "correct", why="green, one word")
R("instructed_answer-1", "llama-3.2-vision", "El objeto es de color cian.", "partial", "format",
  why="cyan, but a sentence where one word was asked")
R("bounce_count-2", "gemini-1.5", "La pelota rebota seis veces.", "correct",
  why="six times")
R("color_cycle-0", "pixtral", "Aparecen 4 colores de fondo distintos.", "incorrect", "wrong",
  why="4 for 5")
R("linear_motion-0", "gpt-4o", "Respuesta: D", "correct", why="D after Respuesta")
R("linear_motion-1", "claude-3.5-sonnet", "La pelota se mueve de arriba hacia abajo.", "correct",
  why="top to bottom")
R("circular_motion-0", "llava-1.6", "En sentido antihorario.", "incorrect", "wrong",
  why="counterclockwise")
R("direction_compare-0", "gemini-1.5", "No, las pelotas se mueven en direcciones distintas.", "correct",
  why="no")
R("direction_compare-1", "gpt-4o", "Sí.", "correct", why="yes")
R("speed_compare-1", "pixtral", "En el segundo video.", "incorrect", "wrong",
  why="the second video for the first")
R("color_order-1", "gpt-4o", "naranja, cian, amarillo, negro, gris", "correct",
  why="all five in order")
R("shape_morph-0", "gemini-1.5", "cuadrado, rombo, estrella", "correct",
  why="square, diamond, star")
R("shapes-0", "claude-3.5-sonnet", "cuadrado azul, estrella marrón, cuadrado rosa, hexágono morado, triángulo rojo",
  "correct", why="all five shapes")
R("ball_across-0", "gpt-4o", "Una pelota marrón se mueve de derecha a izquierda por la pantalla.", "correct",
  why="brown ball, moves, right to left")
R("ball_across-2", "llama-3.2-vision", "Una pelota azul se desplaza de izquierda a derecha.", "partial", "wrong",
  why="blue ball moving, but left to right: direction contradicted (1.2)")
R("bar_chart-1", "pixtral", "Uvas", "incorrect", "wrong",
  why="the label translated with no gloss (2.7)")
R("predict_position-1", "gemini-1.5", "Respuesta: (F) centro derecha", "correct",
  why="F, middle right")
R("flashing_light-0", "llava-1.6",
  "Lo siento, no puedo analizar videos, así que no puedo saber cuántas veces parpadea la luz.", "no_answer",
  "refusal", why="declines in Spanish")
R("arithmetic-2", "llama-3.2-vision", "Para calcular la expresión, primero resolvemos la multiplicación y luego",
  "no_answer", "truncation", finish="length", s=sent(max_tokens=16), why="cut before any result")
R("reasoning-0", "gpt-4o", "No se puede determinar.", "correct",
  why="cannot be determined")
R("equation-0", "claude-3.5-sonnet", "Las soluciones son x = -8 y x = -5.", "correct",
  why="both roots")

R("shapes-2", "pixtral", "Hay dos estrellas.", "incorrect", "wrong",
  why="two for three")
R("color_order-2", "llama-3.2-vision", "morado, negro, marrón, rosa", "partial", "wrong",
  why="4 of 5 in place, the last (orange) left out")

# ---------------------------------------------------------------- French
lang("fr")
R("arithmetic-1", "pixtral", "cent soixante et onze", "correct", why="171 in words")
R("arithmetic-0", "gpt-4o", "Réponse : 264", "correct", why="264 after Réponse")
R("bar_chart-2", "claude-3.5-sonnet", "La barre « Mangoes » vaut soixante-deux.", "correct",
  why="62 in words")
R("line_chart-0", "llava-1.6", "La valeur pour Mar est d'environ 57.", "incorrect", "wrong",
  why="57 for 59")
R("line_chart-1", "pixtral", "Févr.", "incorrect", "wrong",
  why="the month label Feb translated and abbreviated: free text is never translated (2.7)")
R("line_chart-1", "gpt-4o", "Le mois le plus élevé est Feb.", "correct",
  why="the label as shown")
R("color_grid-2", "gemini-1.5", "Rouge", "correct", why="red")
R("color_grid-1", "pixtral", "Il y a cinq cases bleues.", "correct", why="five")
R("instructed_answer-0", "gpt-4o", "Vert.", "correct", why="green, one word")
R("race_to_line-1", "claude-3.5-sonnet", "La balle verte.", "correct", why="green")
R("race_to_line-2", "llava-1.6", "La balle rose arrive en premier.", "incorrect", "wrong",
  why="pink for purple")
R("linear_motion-2", "gpt-4o", "Réponse : E (vers le bas à droite)", "correct",
  why="E")
R("linear_motion-0", "pixtral", "La balle se déplace de haut en bas.", "incorrect", "wrong",
  why="top to bottom for bottom to top")
R("circular_motion-0", "gemini-1.5", "Dans le sens des aiguilles d'une montre.", "correct",
  why="clockwise")
R("direction_compare-0", "gpt-4o", "Non.", "correct", why="no")
R("speed_compare-0", "claude-3.5-sonnet", "La balle de la deuxième vidéo est plus rapide. Réponse : B", "correct",
  why="B, the second video")
R("shape_compare-0", "llava-1.6", "Réponse : D", "incorrect", "wrong",
  why="a letter the three options lack (4.4)")
R("color_order-0", "pixtral", "bleu, cyan, violet, rose, vert", "correct",
  why="all five in order")
R("color_order-2", "gpt-4o", "violet, noir, marron, rose, orange", "correct",
  why="all five in order")
R("shapes-2", "gemini-1.5", "Il y a trois étoiles.", "correct", why="three")
R("pulsing_circle-0", "pixtral", "7 fois", "correct", why="7 times")
R("bounce_count-1", "claude-3.5-sonnet", "La balle rebondit quatre fois.", "correct",
  why="four times")
R("instructed_answer-1", "llava-1.6", "Désolé, je ne peux pas déterminer la couleur à partir de cette vidéo.",
  "no_answer", "refusal", why="declines in French")
R("shapes-0", "gpt-4o", "Voici les formes : carré bleu, étoile marron, carré rose, hexagone violet, tri", "partial",
  "truncation", finish="length", s=sent(max_tokens=24), why="cut after 4 right shapes of 5")
R("ball_across-1", "gemini-1.5", "Une balle violette se déplace de gauche à droite.", "correct",
  why="purple ball, moves, left to right")
R("equation-1", "pixtral", "x = 1 ou x = 5", "correct", why="both roots")

R("circular_motion-0", "llava-1.6", "Plutôt dans le sens horaire, ou peut-être antihoraire.", "incorrect", "wrong",
  why="hedge between clockwise and counterclockwise")
R("nested_squares-0", "pixtral", "Il y a trois carrés.", "incorrect", "wrong",
  why="three for four")

# ---------------------------------------------------------------- German
lang("de")
R("arithmetic-2", "gpt-4o", "Das Ergebnis ist 5913.", "correct", why="5913")
R("arithmetic-0", "gemma-3", "zweihundertvierundsechzig", "correct",
  why="264 in words")
R("bar_chart-0", "claude-3.5-sonnet", "Antwort: 94", "correct",
  why="94 after Antwort")
R("bar_chart-1", "gemma-3", "Trauben", "incorrect", "wrong",
  why="the label translated with no gloss (2.7)")
R("bar_chart-1", "gpt-4o", "Trauben (Grapes)", "correct",
  why="the label glossed in brackets (2.7)")
R("color_grid-2", "llama-3.2-vision", "Rot", "correct", why="red")
R("instructed_answer-1", "gpt-4o", "Cyan", "correct", why="cyan, one word")
R("bounce_count-0", "gemini-1.5", "Der Ball prallt dreimal von der Wand ab.", "correct",
  why="dreimal: three times")
R("flashing_light-0", "gpt-4o", "Die Lampe blinkt fünfmal.", "correct",
  why="fünfmal: five times")
R("pulsing_circle-0", "llama-3.2-vision", "sechsmal", "incorrect", "wrong",
  why="six for seven")
R("linear_motion-1", "claude-3.5-sonnet", "Antwort: C", "correct",
  why="C after Antwort")
R("linear_motion-2", "gemma-3", "Der Ball bewegt sich nach rechts unten. Antwort: F", "incorrect", "wrong",
  why="the letter after the marker is F (toward the bottom left), whatever the sentence before says (4.1)")
R("circular_motion-0", "gpt-4o", "im Uhrzeigersinn", "correct", why="clockwise")
R("direction_compare-1", "gemini-1.5", "Ja, beide Bälle bewegen sich nach links.", "correct",
  why="yes")
R("direction_compare-0", "llama-3.2-vision", "Ja.", "incorrect", "wrong",
  why="yes for no")
R("speed_compare-1", "claude-3.5-sonnet", "Im ersten Video bewegt sich der Ball schneller.", "correct",
  why="the first video")
R("color_order-1", "gpt-4o", "Orange, Cyan, Gelb, Schwarz, Grau", "correct",
  why="all five in order")
R("shape_morph-1", "gemini-1.5", "Quadrat, Raute, Kreis", "correct",
  why="square, diamond, circle")
R("shapes-0", "claude-3.5-sonnet", "blaues Quadrat, brauner Stern, rosa Quadrat, lila Sechseck, rotes Dreieck",
  "correct", why="all five shapes (lila is purple)")
R("shapes-0", "gemma-3", "blaues Quadrat, brauner Stern, rotes Dreieck, grünes Sechseck", "partial", "wrong",
  why="3 of 5 right, a green hexagon for the purple one, pink square missing")
R("race_to_line-0", "llava-1.6", "Leider kann ich keine Videos analysieren.", "no_answer", "refusal",
  why="declines in German")
R("color_order-1", "llama-3.2-vision", "Die Farben erscheinen in dieser Reihenfolge: Orange, Cyan, Gelb, Schw",
  "partial", "truncation", finish="length", s=sent(video_mode="video_url", max_tokens=16),
  why="cut after 3 right colours of 5")
R("odd_one_out-1", "gpt-4o", "Zeile 2, Spalte 4", "correct", why="row 2, column 4")
R("motion_type-0", "gemini-1.5", "Antwort: (B) Er prallt von den Wänden ab.", "correct",
  why="B, bouncing")
R("equation-2", "gemma-3", "x = 6", "incorrect", "wrong", why="6 for 9")

R("instructed_answer-0", "gemma-3", "Die Farbe ist grün.", "partial", "format",
  why="green, but a sentence where one word was asked")
R("sequence_pattern-1", "llama-3.2-vision", "Antwort: (D) blauer Kreis", "incorrect", "wrong",
  why="D, blue circle, for the brown one")

# ---------------------------------------------------------------- Portuguese
lang("pt")
R("arithmetic-1", "gpt-4o", "cento e setenta e um", "correct", why="171 in words")
R("arithmetic-0", "llava-1.6", "Resposta: 246", "incorrect", "wrong",
  why="246 for 264")
R("bar_chart-2", "gemini-1.5", "sessenta e dois", "correct", why="62 in words")
R("color_grid-2", "gpt-4o", "Vermelho", "correct", why="red")
R("color_grid-1", "pixtral", "Há 4 células azuis.", "incorrect", "wrong",
  why="4 for 5")
R("instructed_answer-0", "claude-3.5-sonnet", "Verde.", "correct",
  why="green, one word")
R("bounce_count-1", "gpt-4o", "A bola quica quatro vezes nas paredes.", "correct",
  why="four times")
R("color_cycle-0", "gemini-1.5", "cinco", "correct", why="five")
R("linear_motion-0", "gpt-4o", "Resposta: D", "correct", why="D after Resposta")
R("linear_motion-1", "llava-1.6", "De baixo para cima.", "incorrect", "wrong",
  why="bottom to top for top to bottom")
R("circular_motion-0", "claude-3.5-sonnet", "Sentido horário.", "correct",
  why="clockwise")
R("direction_compare-0", "gpt-4o", "Não, elas se movem em direções diferentes.", "correct",
  why="no")
R("speed_compare-0", "pixtral", "No primeiro vídeo.", "incorrect", "wrong",
  why="the first video for the second")
R("color_order-0", "gemini-1.5", "azul, ciano, roxo, rosa, verde", "correct",
  why="all five in order")
R("color_order-1", "llava-1.6", "laranja, ciano, amarelo, preto", "partial", "wrong",
  why="4 of 5 in place, the last (gray) left out")
R("shape_morph-0", "gpt-4o", "quadrado, losango, estrela", "correct",
  why="square, diamond, star")
R("sequence_pattern-1", "claude-3.5-sonnet", "Resposta: (C) círculo marrom", "correct",
  why="C, brown circle")
R("sequence_pattern-0", "pixtral", "A próxima forma é um triângulo azul (A).", "incorrect", "wrong",
  why="A, blue triangle, for the gray one")
R("bar_chart-1", "gemini-1.5", "Uvas (Grapes)", "correct",
  why="the label glossed in brackets (2.7)")
R("predict_position-0", "gpt-4o", "canto superior esquerdo", "correct",
  why="top left")
R("bounce_count-2", "llava-1.6", "Desculpe, não consigo ver o vídeo para contar os quiques.", "no_answer", "refusal",
  why="declines in Portuguese")
R("arithmetic-2", "pixtral", "Vamos calcular passo a passo. Primeiro a multiplicação", "no_answer", "truncation",
  finish="length", s=sent(max_tokens=12), why="cut before any result")
R("equation-2", "claude-3.5-sonnet", "O valor de x é nove.", "correct", why="nine")
R("reasoning-0", "llava-1.6", "Falso.", "incorrect", "wrong",
  why="false for cannot be determined")
R("race_to_line-2", "gpt-4o", "A bola roxa.", "correct", why="purple")

R("pulsing_circle-0", "pixtral", "seis vezes", "incorrect", "wrong",
  why="six for seven")
R("odd_one_out-1", "llava-1.6", "linha 2, coluna 3", "incorrect", "wrong",
  why="row 2, column 3 for (2, 4)")

# ---------------------------------------------------------------- Russian
lang("ru")
R("arithmetic-1", "gpt-4o", "Сто семьдесят один.", "correct", why="171 in words")
R("arithmetic-2", "claude-3.5-sonnet", "Ответ: 5913", "correct",
  why="5913 after Ответ")
R("nested_squares-0", "gemini-1.5", "четыре", "correct", why="four")
R("nested_squares-0", "llava-1.6", "На изображении шесть квадратов.", "incorrect", "wrong",
  why="six for four")
R("color_grid-2", "gpt-4o", "Красный", "correct", why="red")
R("color_grid-1", "qwen2.5-vl", "пять", "correct", why="five")
R("bounce_count-2", "gemini-1.5", "Мяч отскакивает от стен шесть раз.", "correct",
  why="six times")
R("flashing_light-0", "pixtral", "Лампа мигает 4 раза.", "incorrect", "wrong",
  why="4 for 5")
R("linear_motion-1", "gpt-4o", "Ответ: C", "correct", why="C after Ответ")
R("linear_motion-2", "claude-3.5-sonnet", "Мяч движется вправо вниз.", "correct",
  why="to the right and down: toward the bottom right")
R("circular_motion-0", "llava-1.6", "Против часовой стрелки.", "incorrect", "wrong",
  why="counterclockwise")
R("circular_motion-0", "gpt-4o", "По часовой стрелке.", "correct", why="clockwise")
R("direction_compare-1", "gemini-1.5", "Да, оба мяча движутся в одном направлении.", "correct",
  why="yes")
R("direction_compare-0", "pixtral", "Да.", "incorrect", "wrong", why="yes for no")
R("speed_compare-0", "qwen2.5-vl", "Ответ: Б", "correct",
  why="Б, the second letter of the Russian alphabet, for the second option (B) (judgement)")
R("speed_compare-1", "llava-1.6", "Во втором видео.", "incorrect", "wrong",
  why="the second video for the first")
R("color_order-2", "gpt-4o", "фиолетовый, чёрный, коричневый, розовый, оранжевый", "correct",
  why="all five in order")
R("color_order-0", "gemini-1.5", "синий, голубой, фиолетовый, розовый, зелёный", "correct",
  why="голубой beside синий is the cyan swatch: all five in order (judgement)")
R("shape_morph-1", "claude-3.5-sonnet", "квадрат, ромб, круг", "correct",
  why="square, diamond, circle")
R("shapes-2", "gpt-4o", "Три звезды.", "correct", why="three")
R("race_to_line-1", "gemini-1.5", "Зелёный мяч.", "correct", why="green")
R("bar_chart-0", "pixtral", "Значение для Limes — 49.", "incorrect", "wrong",
  why="49 for 94")
R("pulsing_circle-0", "llava-1.6", "Извините, я не могу просматривать видео.", "no_answer", "refusal",
  why="declines in Russian")
R("shapes-0", "gpt-4o",
  "На изображении есть: синий квадрат, коричневая звезда, розовый квадрат, фиолетовый шестиугольник, красн",
  "partial", "truncation", finish="length", s=sent(max_tokens=40), why="cut after 4 right shapes of 5")
R("ball_across-2", "claude-3.5-sonnet", "Синий мяч движется справа налево.", "correct",
  why="blue ball, moves, right to left")

R("direction_compare-1", "pixtral", "Нет, они движутся в разные стороны.", "incorrect", "wrong",
  why="no for yes")
R("color_order-1", "qwen2.5-vl", "оранжевый, голубой, жёлтый, серый, чёрный", "partial", "wrong",
  why="3 of 5 in place (голубой is cyan: judgement): black and gray swapped")


def main() -> None:
    write_corpus(ROWS, build_cases(["en"]), "lang", OUT, "language")


if __name__ == "__main__":
    main()
