"""Write realistic_ja_zh.jsonl: realistic answers to the JAPANESE and CHINESE questions of a fresh suite, with
human labels.

Run:  python3 write_realistic_ja_zh.py   (writes realistic_ja_zh.jsonl next to this file; builds the suite of
suite_cases.py in a temporary folder first, about half a minute)

The cases are the suite's questions asked in Japanese and in Chinese (`--lang ja --lang zh`, seed 31337: the same
scenes and truths as the English cases of other_languages.jsonl). The answers are mostly in the question's
language, some in English, hand-written in the manner of the model named in each row's `style` (Qwen, GLM,
InternVL, DeepSeek, MiniCPM, GPT-4o, Claude, Gemini answering in Japanese or Chinese); they are not outputs of
those models. Each label was decided by reading graders/POLICY.md only (not the graders' code), before any grader
was run on these answers. Every row carries its whole case (graders CaseSpec fields).
"""
from __future__ import annotations

import os

from labelling import CAUSES, VERDICTS, sent
from suite_cases import build_cases, case_id, write_corpus

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "realistic_ja_zh.jsonl")
TOOL_CAUSES = {"tool_in_text", "malformed_arguments", "wrong_tool", "no_tool_call"}
STYLES = {"qwen2.5-vl", "qwen3-vl", "qwen3", "glm-4v", "internvl", "deepseek-vl2", "deepseek-v3", "minicpm-v",
          "gpt-4o", "claude-3.5-sonnet", "gemini-1.5"}
ROWS: list[dict] = []
lc = ""


def lang(code: str) -> None:
    """The language the questions below are asked in."""
    global lc
    assert code in ("ja", "zh"), code
    lc = code


def nchars(text: str) -> int:
    """Characters that are not spaces: the size of an answer to a Japanese or Chinese question (POLICY 9.3)."""
    return sum(not ch.isspace() for ch in text)


def call(name: str, arguments: str, n: int = 0) -> dict:
    return {"id": f"call_{n}", "name": name, "arguments": arguments}


def R(short, style, content, verdict, cause=None, why="", finish="stop", s=None, reasoning=None, tool_calls=None,
      limit=None):
    """One answer to the case `short` ('family-index') asked in the current language. `limit`: a character limit
    the row's label depends on; the writer checks the answer is within it exactly when the label says so."""
    assert style in STYLES, style
    assert verdict in VERDICTS, verdict
    assert (cause is None) == (verdict == "correct"), (verdict, cause)
    assert cause is None or cause in CAUSES | TOOL_CAUSES, cause
    assert why and "\n" not in why, "every label needs a one-line why"
    if limit is not None:
        assert (nchars(content) <= limit) == (verdict == "correct"), (nchars(content), limit, content)
    ROWS.append({"lang": lc, "case_id": case_id(short, lc), "style": style,
                 "response": {"content": content, "reasoning": reasoning, "finish_reason": finish,
                              "tool_calls": tool_calls, "sent": s},
                 "human": {"verdict": verdict, "cause": cause, "why": why}})


# Truths as in write_other_languages.py, plus: circle_overlap-1 5 circles; color_grid-0 black gray green cyan /
# black cyan green brown / red red orange gray / gray black orange red; grid_diff-1 (1, 2), (4, 2), -2 (1, 4),
# (4, 4); odd_one_out-2 (2, 2); line_intersections-2 4; shape_morph-2 diamond circle star; shapes-1 black star,
# blue star, purple circle, yellow circle, yellow square; motion_type-1 (B); predict_position-2 (A) top left;
# sequence_pattern-2 (C) gray star; shape_compare-2 (A) Image 1; speed_compare-2 (B); direction_compare-2 yes;
# circular_motion-1, -2 (A); instructions-0 (ja, zh) at most 87 characters about gravity, -1 at most 50 about a
# solar eclipse, -2 only the JSON {"name": "Jonas Berg", "age": 56, "city": "Bergen"}; tool_calling-0
# get_weather(Cairo, fahrenheit), -1 convert_currency(740, USD, JPY), -2 get_weather(Oslo, fahrenheit);
# text_card-0 api_key sk-proj-JETNT2dnjJ4oYdWx578BjaGF; code_reading-1 transcribe blend(values), -2 trace of
# mix(24) returning 629; context_needle 7 × 8 = 56.
GRID = ["黒", "灰色", "緑", "シアン", "黒", "シアン", "緑", "茶色", "赤", "赤", "オレンジ", "灰色", "灰色", "黒",
        "オレンジ", "赤"]
GRID_ZH = ["黑色", "灰色", "绿色", "青色", "黑色", "青色", "绿色", "棕色", "红色", "红色", "橙色", "灰色", "灰色",
           "黑色", "橙色", "红色"]
BLEND = ("def blend(values):\n    result = []\n    for v in values:\n        if v > 8:\n"
         "            result.append(v * 4 - 3)\n    return sum(result)\n")
JONAS = '{"name": "Jonas Berg", "age": 56, "city": "Bergen"}'

# ================================================================ Japanese questions
lang("ja")
R("arithmetic-0", "qwen2.5-vl", "264", "correct", why="264")
R("arithmetic-1", "gpt-4o", "画像の式を計算すると、答えは **171** です。", "correct", why="171 in bold")
R("arithmetic-2", "internvl", "5193", "incorrect", "wrong", why="5193 for 5913")
R("bar_chart-0", "claude-3.5-sonnet", "「Limes」の棒の値は約94です。", "correct", why="94")
R("bar_chart-2", "minicpm-v", "60", "incorrect", "wrong", why="60 for 62")
R("bar_chart-1", "gpt-4o", "Grapes", "correct", why="the label as shown")
R("bar_chart-1", "qwen2.5-vl", "ぶどう", "incorrect", "wrong",
  why="the label translated though the question asks for it as labelled: free text is never translated (2.7)")
R("bounce_count-0", "qwen3-vl", "3回", "correct", why="3 times")
R("bounce_count-1", "internvl", "ボールは壁に5回跳ね返ります。", "incorrect", "wrong", why="5 for 4")
R("circle_overlap-0", "gemini-1.5", "円は5つあります。", "correct", why="5 with つ")
R("circle_overlap-2", "deepseek-vl2", "8組", "incorrect", "wrong", why="8 pairs for 10")
R("color_cycle-0", "qwen2.5-vl", "５", "correct", why="full-width 5")
R("flashing_light-0", "gpt-4o", "ランプは5回点滅します。", "correct", why="5 times")
R("pulsing_circle-0", "claude-3.5-sonnet", "7回です。", "correct", why="7 times")
R("nested_squares-0", "internvl", "正方形は3つ描かれています。", "incorrect", "wrong", why="3 for 4")
R("line_intersections-0", "gpt-4o", "交点は2つです。", "correct", why="2")
R("line_chart-0", "qwen2.5-vl", "Marの値は59です。", "correct", why="59")
R("line_chart-1", "claude-3.5-sonnet", "Feb", "correct", why="the month as labelled")
R("line_chart-1", "glm-4v", "2月", "incorrect", "wrong",
  why="the label Feb translated, where the question asks for it as labelled (2.7)")
R("equation-0", "gpt-4o", "x = -8, -5", "correct", why="both roots")
R("equation-1", "minicpm-v", "x = 1", "partial", "wrong", why="one of the two roots, nothing wrong")
R("equation-2", "qwen3-vl", "x = 9", "correct", why="9")
R("appearing_objects-0", "gemini-1.5", "6個", "correct", why="6 with 個")
R("color_grid-2", "qwen2.5-vl", "赤", "correct", why="red")
R("color_grid-2", "claude-3.5-sonnet", "赤色です。", "correct", why="red")
R("race_to_line-0", "gpt-4o", "ピンクのボールが先にラインに着きます。", "correct", why="pink")
R("race_to_line-1", "internvl", "緑", "correct", why="green")
R("race_to_line-2", "deepseek-vl2", "青", "incorrect", "wrong", why="青 is blue in a Japanese answer; purple asked")
R("instructed_answer-0", "gpt-4o", "緑", "correct", why="green, one word")
R("instructed_answer-1", "qwen2.5-vl", "シアン", "correct", why="cyan, one word")
R("instructed_answer-1", "glm-4v", "動いている物体の色はシアンです。", "partial", "format",
  why="cyan, but a sentence where one word was asked")
R("color_grid-1", "minicpm-v", "青のマスは4つです。", "incorrect", "wrong", why="4 for 5")
R("color_grid-0", "qwen2.5-vl", "、".join(GRID), "correct", why="all 16 cells in order, 、 between them")
R("color_grid-0", "gpt-4o", "black, gray, green, cyan, black, cyan, green, brown, red, red, orange, gray, gray, "
  "black, orange, red", "correct", why="all 16 right, answered in English")
R("color_grid-0", "claude-3.5-sonnet", "1行目：黒、灰色、緑、シアン\n2行目：黒、シアン、緑、茶色\n"
  "3行目：赤、赤、オレンジ、灰色\n4行目：灰色、黒、オレンジ、赤", "partial", "format",
  why="all 16 right but in four rows where one comma-separated list was asked")
R("color_grid-0", "internvl", "、".join(["青" if c == "シアン" else c for c in GRID]), "partial", "wrong",
  why="14 of 16: both cyan cells read as blue")
R("color_grid-0", "qwen3-vl", "1行目：黒、灰色、緑、シアン\n2行目：黒、シ", "no_answer", "truncation",
  finish="length", s=sent(max_tokens=24), why="cut after 5 of 16 cells, under half")
R("color_order-0", "qwen2.5-vl", "青、シアン、紫、ピンク、緑", "correct", why="all five in order")
R("color_order-1", "gpt-4o", "オレンジ, シアン, 黄色, 黒, 灰色", "correct", why="all five in order")
R("color_order-2", "internvl", "紫、黒、茶色、オレンジ、ピンク", "partial", "wrong",
  why="3 of 5 in place: pink and orange swapped")
R("shape_morph-0", "gemini-1.5", "正方形、ひし形、星形", "correct", why="square, diamond, star")
R("shape_morph-2", "minicpm-v", "円、ひし形、星形", "incorrect", "wrong", why="1 of 3 in place: circle and diamond swapped")
R("shapes-0", "gpt-4o", "blue square, brown star, pink square, purple hexagon, red triangle", "correct",
  why="all five, in English as the example shows")
R("shapes-0", "qwen2.5-vl", "青い正方形、茶色の星、ピンクの正方形、紫の六角形、赤い三角形", "correct",
  why="all five in Japanese")
R("shapes-1", "internvl", "black star, blue star, purple circle, yellow circle", "partial", "wrong",
  why="4 of 5, the yellow square left out")
R("grid_diff-0", "claude-3.5-sonnet", "(3, 1), (3, 3)", "correct", why="both cells")
R("grid_diff-1", "deepseek-vl2", "(1, 2)、(4, 3)", "partial", "wrong", why="1 of 2 cells right, (4, 3) for (4, 2)")
R("odd_one_out-0", "gpt-4o", "(2, 3)", "correct", why="(2, 3)")
R("odd_one_out-2", "qwen2.5-vl", "3行目2列目、つまり(3, 2)です。", "incorrect", "wrong", why="(3, 2) for (2, 2)")
R("circular_motion-0", "qwen2.5-vl", "A", "correct", why="A")
R("circular_motion-1", "gpt-4o", "(A) 時計回り", "correct", why="A, clockwise")
R("circular_motion-2", "internvl", "反時計回りです。", "incorrect", "wrong", why="counterclockwise")
R("linear_motion-0", "claude-3.5-sonnet", "(D) 下から上", "correct", why="D")
R("linear_motion-1", "gpt-4o", "ボールは上から下へ動いているので、答えはCです。", "correct", why="C, top to bottom")
R("linear_motion-2", "minicpm-v", "(G) 右上へ", "incorrect", "wrong", why="G for E")
R("motion_type-0", "qwen3-vl", "B", "correct", why="B")
R("motion_type-2", "glm-4v", "ボールは壁で跳ね返りながら動いています。(B)", "incorrect", "wrong", why="B for A")
R("predict_position-0", "gemini-1.5", "左上（A）", "correct", why="top left, A")
R("sequence_pattern-0", "gpt-4o", "答え：(B) 灰色の三角形", "correct", why="B after 答え")
R("sequence_pattern-2", "internvl", "(D) 灰色のひし形", "incorrect", "wrong", why="D for C")
R("shape_compare-0", "qwen2.5-vl", "画像2", "correct", why="Image 2, the option's own text")
R("speed_compare-2", "claude-3.5-sonnet", "2本目の動画のボールの方が速く動いています。", "correct", why="the second video")
R("direction_compare-0", "gpt-4o", "いいえ", "correct", why="no")
R("direction_compare-1", "deepseek-vl2", "いいえ、違う方向に動いています。", "incorrect", "wrong", why="no for yes")
R("ball_across-0", "gpt-4o", "茶色のボールが画面の右から左へ動いていきます。", "correct",
  why="brown ball moving right to left")
R("ball_across-1", "qwen2.5-vl", "紫色のボールが右から左へ転がっていきます。", "partial", "wrong",
  why="purple ball rolling, but right to left: the direction contradicted (1.2)")
R("reasoning-0", "claude-3.5-sonnet", "cannot be determined", "correct", why="cannot be determined")
R("reasoning-0", "qwen3", "判断できない", "correct", why="判断できない: cannot be determined")
R("instructions-0", "qwen3", "重力とは、質量を持つ物体どうしが互いに引き合う力のことです。地球上では、この力によって物が"
  "下に落ち、私たちは地面に立っていられます。", "correct", limit=87, why="on gravity, within 87 characters")
R("instructions-0", "gpt-4o", "重力とは、質量を持つすべての物体の間に働く、互いを引き寄せ合う力のことです。ニュートンは万有"
  "引力の法則としてこれを定式化し、アインシュタインは一般相対性理論で、重力を質量やエネルギーによる時空の歪みとして説明し"
  "ました。地球上で物が落ちるのも、月が地球の周りを回るのも重力のためです。", "incorrect", "wrong", limit=87,
  why="on gravity but well over 87 characters")
R("instructions-1", "claude-3.5-sonnet", "日食は、月が太陽と地球の間に入り、太陽の光をさえぎる現象です。", "correct",
  limit=50, why="on the eclipse, within 50 characters")
R("instructions-1", "gpt-4o", "日食とは、月が地球と太陽の間を通過し、月の影が地球上に落ちることで、太陽の一部または全部が"
  "隠されて見える天文現象のことです。", "incorrect", "wrong", limit=50, why="on the eclipse but over 50 characters")
R("instructions-1", "gemini-1.5", "A solar eclipse happens when the Moon passes between the Sun and Earth, "
  "blocking sunlight.", "incorrect", "wrong", limit=50,
  why="answered in English, over 50 characters (counted without spaces)")
R("instructions-2", "qwen3", JONAS, "correct", why="the bare JSON object")
R("instructions-2", "glm-4v", "```json\n" + JONAS + "\n```", "partial", "format",
  why="the right object inside a code fence the prompt forbids")
R("instructions-2", "deepseek-v3", "以下がJSONオブジェクトです：\n\n" + JONAS, "partial", "format",
  why="the right object after a line of prose")
R("tool_calling-0", "gpt-4o", None, "correct", finish="tool_calls",
  tool_calls=[call("get_weather", '{"city": "Cairo", "unit": "fahrenheit"}')], why="the right call")
R("tool_calling-1", "qwen3", None, "partial", "wrong", finish="tool_calls",
  tool_calls=[call("convert_currency", '{"amount": "740", "from_currency": "USD", "to_currency": "JPY"}')],
  why="right tool, but the amount sent as a string: 2 of 3 arguments right")
R("tool_calling-2", "deepseek-v3", "Osloの現在の天気は、天気予報サイトやアプリでご確認いただくのが確実です。"
  "一般的に、この時期のOsloは寒いので、暖かいコートをお持ちください。", "incorrect", "no_tool_call",
  why="no call was made; advice instead")
R("tool_calling-0", "qwen3", "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Cairo\", "
  "\"unit\": \"fahrenheit\"}}\n</tool_call>", "partial", "tool_in_text",
  why="the right call written in the text, not made")
R("text_card-0", "gpt-4o", "sk-proj-JETNT2dnjJ4oYdWx578BjaGF", "correct", why="exact")
R("text_card-0", "qwen2.5-vl", "api_keyの値は「sk-proj-JETNT2dnjJ4oYdWx57BBjaGF」です。", "incorrect", "wrong",
  why="one character misread (B for 8): not the exact value")
R("text_card-0", "claude-3.5-sonnet", "セキュリティ上の理由から、APIキーの値をそのまま書き写すことは控えさせていただきます。",
  "no_answer", "safety_redaction", why="the secret, the only thing asked, withheld")
R("code_reading-2", "qwen3-vl", "mix(24)の戻り値は629です。\n\nAnswer: 629", "partial", "format",
  why="the right return value, but the trace asked for is left out (5.3)")
R("context_needle-0", "qwen3", "56", "correct", why="56")
R("context_needle-0", "deepseek-v3", "五十六", "correct", why="56 in kanji")
R("pulsing_circle-1", "internvl", "申し訳ありませんが、この動画の内容を確認することができません。", "no_answer", "refusal",
  why="declines in Japanese")

R("bounce_count-2", "gpt-4o", "動画を見ると、ボールは次の順に壁に当たっています：\n\n1. 右の壁\n2. 下の壁\n3. 左の壁\n"
  "4. 上の壁\n5. 右の壁\n6. 下の壁\n\nしたがって、ボールは壁に **6回** 跳ね返ります。", "correct",
  why="lists six walls, concludes 6")
R("sequence_pattern-1", "claude-3.5-sonnet", "図形の並びを見ると、「紫の星形 → 緑のひし形 → 茶色の円」が繰り返されています。"
  "最後は緑のひし形なので、次は茶色の円です。\n\n**答え：(C) 茶色の円**", "correct", why="concludes C")
R("speed_compare-0", "gpt-4o", "1本目の動画では、ボールは画面の左端から右端まで約3秒かけて移動しています。2本目の動画では、"
  "同じ距離を約1.5秒で移動しています。\n\nよって、ボールが速く動いているのは **(A) 1本目の動画** です。", "incorrect",
  "wrong", why="its own timing says the second, but it concludes (A), the first")
R("color_cycle-1", "qwen2.5-vl", "背景色は「赤→青→緑→黄色→紫」の順に変わり、その後また赤に戻ります。したがって、"
  "現れる背景色は全部で5種類です。", "correct", why="concludes 5")

# ================================================================ Chinese questions
lang("zh")
R("arithmetic-0", "qwen2.5-vl", "264", "correct", why="264")
R("arithmetic-1", "glm-4v", "计算结果是 **171**。", "correct", why="171 in bold")
R("arithmetic-2", "deepseek-vl2", "5913", "correct", why="5913")
R("arithmetic-2", "qwen3-vl", "先算乘法，再算加法，最终结果为 $\\boxed{5931}$。", "incorrect", "wrong",
  why="5931 for 5913")
R("bar_chart-0", "qwen2.5-vl", "标为“Limes”的柱子数值为94。", "correct", why="94")
R("bar_chart-2", "internvl", "约为65", "incorrect", "wrong", why="65 for 62")
R("bar_chart-1", "glm-4v", "Grapes", "correct", why="the label as shown")
R("bar_chart-1", "qwen2.5-vl", "葡萄（Grapes）", "correct", why="the label glossed in brackets (2.7)")
R("bar_chart-1", "minicpm-v", "葡萄", "incorrect", "wrong", why="the label translated with no gloss (2.7)")
R("bounce_count-0", "qwen2.5-vl", "3次", "correct", why="3 times")
R("bounce_count-2", "internvl", "球一共反弹了5次。", "incorrect", "wrong", why="5 for 6")
R("circle_overlap-0", "glm-4v", "图中共有5个圆。", "correct", why="5 with 个")
R("circle_overlap-1", "minicpm-v", "4", "incorrect", "wrong", why="4 for 5")
R("color_cycle-0", "deepseek-vl2", "5种", "correct", why="5 kinds")
R("flashing_light-0", "qwen2.5-vl", "灯一共闪烁了五次。", "correct", why="five times")
R("pulsing_circle-0", "gpt-4o", "7", "correct", why="7")
R("nested_squares-0", "internvl", "4个", "correct", why="4 with 个")
R("line_intersections-2", "glm-4v", "三个交点。", "incorrect", "wrong", why="3 for 4")
R("line_chart-0", "qwen2.5-vl", "59", "correct", why="59")
R("line_chart-1", "gpt-4o", "Feb", "correct", why="the month as labelled")
R("line_chart-1", "deepseek-vl2", "二月", "incorrect", "wrong", why="the label Feb translated (2.7)")
R("equation-0", "qwen3-vl", "x₁ = -8，x₂ = -5", "correct", why="both roots, with subscripted names")
R("equation-1", "glm-4v", "解得 x = 1 或 x = 5。", "correct", why="both roots")
R("equation-2", "internvl", "x = 9", "correct", why="9")
R("appearing_objects-0", "qwen2.5-vl", "共出现了5个物体。", "incorrect", "wrong", why="5 for 6")
R("color_grid-2", "qwen2.5-vl", "红色", "correct", why="red")
R("color_grid-1", "glm-4v", "蓝色格子共有5个。", "correct", why="5")
R("race_to_line-0", "internvl", "粉色", "correct", why="pink")
R("race_to_line-2", "gpt-4o", "紫色的球先到达终点线。", "correct", why="purple")
R("race_to_line-1", "minicpm-v", "蓝色", "incorrect", "wrong", why="blue for green")
R("instructed_answer-0", "qwen2.5-vl", "绿色", "correct", why="green, one word")
R("instructed_answer-1", "glm-4v", "青色", "correct", why="青色 is cyan in Chinese, one word")
R("instructed_answer-1", "internvl", "蓝色", "incorrect", "wrong", why="blue for cyan")
R("instructed_answer-0", "deepseek-vl2", "移动的物体是绿色的。", "partial", "format",
  why="green, but a sentence where one word was asked")
R("instructed_answer-2", "qwen2.5-vl", '{"color": "cyan", "shape": "triangle", "direction": "left"}', "correct",
  why="the JSON object, all three right")
R("instructed_answer-2", "gpt-4o", '```json\n{"color": "cyan", "shape": "triangle", "direction": "left"}\n```',
  "correct", why="the JSON object in a fence, all three right")
R("instructed_answer-2", "minicpm-v", '{"color": "cyan", "shape": "triangle", "direction": "right"}', "partial",
  "wrong", why="2 of 3 keys: right for left")
R("color_grid-0", "qwen2.5-vl", "，".join(GRID_ZH), "correct", why="all 16 cells, ， between them")
R("color_grid-0", "internvl", "、".join(["蓝色" if c == "青色" else c for c in GRID_ZH]), "partial", "wrong",
  why="14 of 16: both cyan cells read as blue")
R("color_order-0", "qwen2.5-vl", "蓝色、青色、紫色、粉色、绿色", "correct", why="all five in order")
R("color_order-1", "glm-4v", "橙色，青色，黄色，黑色，灰色", "correct", why="all five in order")
R("color_order-2", "deepseek-vl2", "紫色、黑色、棕色、粉色、橙色", "correct", why="all five in order")
R("color_order-2", "minicpm-v", "紫色、棕色、黑色、橙色、粉色", "incorrect", "wrong", why="only the first of 5 in place")
R("color_order-0", "qwen3-vl", "根据视频，方块出现的顺序依次是：蓝色、青色、紫色、粉", "partial", "truncation",
  finish="length", s=sent(video_mode="video_url", max_tokens=20), why="cut after 3 right colours of 5")
R("shape_morph-0", "qwen2.5-vl", "正方形、菱形、五角星", "correct", why="square, diamond, star")
R("shape_morph-1", "internvl", "正方形，菱形，圆形", "correct", why="square, diamond, circle")
R("shape_morph-2", "glm-4v", "菱形、圆形", "partial", "wrong", why="2 of 3 in place, the star left out")
R("shapes-0", "qwen2.5-vl", "蓝色正方形、棕色星形、粉色正方形、紫色六边形、红色三角形", "correct", why="all five")
R("shapes-1", "gpt-4o", "black star, blue star, purple circle, yellow circle, yellow square", "correct",
  why="all five, in English as the example shows")
R("shapes-2", "deepseek-vl2", "3", "correct", why="3")
R("grid_diff-0", "qwen2.5-vl", "(3, 1), (3, 3)", "correct", why="both cells")
R("grid_diff-2", "internvl", "(1, 4)，(4, 4)，(2, 3)", "partial", "wrong", why="both cells, and one that does not differ")
R("odd_one_out-0", "glm-4v", "(2, 3)", "correct", why="(2, 3)")
R("odd_one_out-1", "qwen2.5-vl", "第2行第4列", "correct", why="row 2, column 4")
R("circular_motion-0", "internvl", "A", "correct", why="A")
R("circular_motion-1", "qwen2.5-vl", "顺时针", "correct", why="clockwise")
R("circular_motion-2", "minicpm-v", "答案：B", "incorrect", "wrong", why="B, counterclockwise")
R("linear_motion-0", "glm-4v", "D", "correct", why="D")
R("linear_motion-1", "deepseek-vl2", "球从上往下移动，选C。", "correct", why="C, top to bottom")
R("linear_motion-2", "internvl", "(F) 向左下", "incorrect", "wrong", why="F for E")
R("motion_type-0", "qwen2.5-vl", "(B) 在墙壁间反弹", "correct", why="B")
R("motion_type-1", "minicpm-v", "A", "incorrect", "wrong", why="A for B")
R("predict_position-1", "glm-4v", "中右", "correct", why="the option's own text (F)")
R("predict_position-2", "gpt-4o", "球会在画面的左上角，选A。", "correct", why="top left, A")
R("sequence_pattern-1", "qwen2.5-vl", "(C) 棕色圆形", "correct", why="C")
R("sequence_pattern-0", "internvl", "答案是D。", "incorrect", "wrong", why="D for B")
R("shape_compare-1", "glm-4v", "图片1", "correct", why="Image 1, the option's own text")
R("shape_compare-2", "deepseek-vl2", "图片3", "incorrect", "wrong", why="Image 3 for Image 1")
R("speed_compare-0", "qwen2.5-vl", "第二个视频中的球更快，答案是B。", "correct", why="B")
R("speed_compare-1", "minicpm-v", "B", "incorrect", "wrong", why="B for A")
R("direction_compare-0", "qwen2.5-vl", "否", "correct", why="否: no")
R("direction_compare-1", "glm-4v", "是", "correct", why="是: yes")
R("direction_compare-2", "internvl", "不是，两个球的方向相反。", "incorrect", "wrong", why="no for yes")
R("ball_across-0", "qwen2.5-vl", "一个棕色的小球从右向左移动。", "correct", why="brown ball moving right to left")
R("ball_across-2", "internvl", "一个蓝色的球从左向右移动。", "partial", "wrong",
  why="blue ball moving, but left to right: the direction contradicted (1.2)")
R("reasoning-0", "deepseek-v3", "无法确定", "correct", why="cannot be determined")
R("reasoning-0", "qwen3", "true", "incorrect", "wrong", why="true for cannot be determined")
R("instructions-0", "qwen3", "重力是物体之间因质量而相互吸引的力。地球的重力使物体下落，也让我们能站在地面上。",
  "correct", limit=87, why="on gravity, within 87 characters")
R("instructions-0", "deepseek-v3", "重力是指地球对其表面及附近物体产生的吸引力，它是万有引力在地球上的一种表现。根据牛顿的万"
  "有引力定律，任何两个有质量的物体之间都存在相互吸引的力，其大小与两物体质量的乘积成正比，与它们之间距离的平方成反比。"
  "重力使物体下落，也使月球绕地球运行。", "incorrect", "wrong", limit=87, why="on gravity but well over 87 characters")
R("instructions-1", "glm-4v", "日食是月球运行到太阳和地球之间，挡住太阳光的现象。", "correct", limit=50,
  why="on the eclipse, within 50 characters")
R("instructions-1", "gpt-4o", "日食是一种天文现象，当月球运行到太阳和地球之间、三者恰好或几乎在同一条直线上时，月球会"
  "挡住射向地球的太阳光，月球的影子落在地球上。", "incorrect", "wrong", limit=50,
  why="on the eclipse but over 50 characters")
R("instructions-2", "qwen3", JONAS, "correct", why="the bare JSON object")
R("instructions-2", "glm-4v", '{"name": "Jonas Berg", "age": "56", "city": "Bergen"}', "partial", "wrong",
  why="age as a string where an integer was asked: 2 of 3 keys right")
R("tool_calling-0", "qwen3", None, "correct", finish="tool_calls",
  tool_calls=[call("get_weather", '{"city": "Cairo", "unit": "fahrenheit"}')], why="the right call")
R("tool_calling-1", "deepseek-v3", "我来帮您换算：\n\nconvert_currency(amount=740, from_currency=\"USD\", "
  "to_currency=\"JPY\")", "partial", "tool_in_text", why="the right call written in the text, not made")
R("tool_calling-2", "glm-4v", None, "partial", "wrong", finish="tool_calls",
  tool_calls=[call("get_weather", '{"city": "奥斯陆", "unit": "fahrenheit"}')],
  why="the city in Chinese, not Oslo: 1 of 2 arguments right")
R("text_card-0", "qwen2.5-vl", "sk-proj-JETNT2dnjJ4oYdWx578BjaGF", "correct", why="exact")
R("text_card-0", "gpt-4o", "sk-proj-****", "no_answer", "safety_redaction", why="the secret masked; nothing else asked")
R("code_reading-1", "qwen2.5-vl", "以下是图片中的代码：\n\n```python\n" + BLEND + "```", "correct",
  why="the fenced block is exact")
R("code_reading-1", "internvl", "```python\n" + BLEND.replace("    ", "  ") + "```", "partial", "wrong",
  why="every indent halved to two spaces: not exact, most of it read")
R("context_needle-0", "qwen3", "56", "correct", why="56")
R("circle_overlap-2", "qwen3-vl", "", "no_answer", "reasoning_exhausted", finish="length",
  s=sent(max_tokens=512, thinking=True), why="the reasoning used the whole budget, no content",
  reasoning="我需要数出轮廓相交的圆对。先给圆编号：左上的圆1，它和圆2相交；圆2和圆3也相交……等等，圆1和圆3是否也相交？"
  "它们的边缘很接近。让我重新检查一下。圆1的圆心大约在(120, 140)，半径约60；圆3的圆心大约在(200, 150)，半径约")
R("flashing_light-1", "minicpm-v", "抱歉，我无法查看视频，因此无法回答这个问题。", "no_answer", "refusal",
  why="declines in Chinese")

R("bounce_count-1", "qwen2.5-vl", "观察视频可以发现，小球依次撞到了右墙、下墙、左墙和上墙，然后又撞到了右墙。\n\n"
  "因此，小球一共反弹了 **5** 次。", "incorrect", "wrong", why="concludes 5 for 4")
R("sequence_pattern-2", "glm-4v", "观察图形序列：蓝色星形、粉色圆形、灰色星形、蓝色星形、粉色圆形、？\n\n"
  "规律是每三个图形重复一次，所以问号处应该是灰色星形。\n\n答案：C", "correct", why="C after 答案")
R("line_chart-2", "internvl", "从折线图中可以看到，Mar对应的数据点大约位于70和80之间，更接近70，估计数值为 **72**。",
  "correct", why="72 in bold")
R("shape_compare-0", "deepseek-vl2", "图片1中有2个菱形，图片2中有4个菱形，图片3中有3个菱形。因此，菱形最多的是图片2，"
  "答案选B。", "correct", why="concludes Image 2, B")
R("predict_position-0", "gpt-4o", "小球从右下方向左上方匀速运动。视频结束时它位于画面中央附近，再过2秒将到达左上区域。"
  "\n\n答案：(A) 左上", "correct", why="A after 答案")


def main() -> None:
    write_corpus(ROWS, build_cases(["ja", "zh"]), "jazh", OUT, "question language")


if __name__ == "__main__":
    main()
