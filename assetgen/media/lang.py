# ruff: noqa: E501  (the templates are CJK text, which ruff counts two columns a character)
"""The question languages (issue #35): English, Japanese and Chinese question templates, in one place.

Families write their questions in English; a case asked in Japanese or Chinese has its prompt rewritten here
from templates written for that language (natural phrasing, not word for word). Each template is a triple
(English, Japanese, Chinese) with the same fields:

- `{#name}` a number, copied as written (`-?\\d+(\\.\\d+)?`);
- `{@name}` a closed-vocabulary value (a color, a shape, a direction, 'red circle'), translated through
  `VOCABULARY` both ways;
- `{name}` any text, copied verbatim (a chart label, a city, a code call, a name drawn into a document).
- `{^name}` a name the family itself says in the question's language (the context needle's '青いサギ'), copied
  verbatim both ways.

The same table runs both ways: `localize` turns an English prompt into ja/zh (the build), and `to_english`
turns a ja/zh prompt back into the English one (the reference endpoint, which parses the question it received
and so can keep its English solver patterns). It lives in `assetgen.media`, the lowest stage both
`assetgen.generate` and `assetgen.reference` may import.

Where the next family's templates go: add its triples to `TEMPLATES` under a comment naming the family (and
its closed-vocabulary words to `VOCABULARY`); `tests/test_lang.py` builds every family in ja and zh and fails
on any English sentence left in a prompt.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

LANGS = ("en", "ja", "zh")
"""Question languages; 'en' is the default and the language families write in."""
CJK = ("ja", "zh")
"""Languages whose limits are counted in characters (no spaces between words)."""


def parse_langs(values: Iterable[str] | None) -> tuple[str, ...]:
    """`--lang` values (repeatable, comma lists, 'all') as language codes in LANGS order; none means English."""
    chosen: set[str] = set()
    for value in values or ():
        for part in str(value).split(","):
            part = part.strip().lower()
            if part == "all":
                chosen.update(LANGS)
            elif part in LANGS:
                chosen.add(part)
            elif part:
                raise ValueError(f"unknown language {part!r}; valid: {', '.join(LANGS)} or all")
    return tuple(lang for lang in LANGS if lang in chosen) or ("en",)


def lang_suffix(lang: str) -> str:
    """What a case id ends with in `lang`: nothing for English (golden ids unchanged), '-ja' / '-zh' otherwise,
    so the same scene's cases pair by id."""
    return "" if lang == "en" else f"-{lang}"


def paired_id(case_id: str, lang: str) -> str:
    """The English case id a case of `lang` pairs with."""
    suffix = lang_suffix(lang)
    return case_id[: -len(suffix)] if suffix and case_id.endswith(suffix) else case_id


# --- closed vocabularies: English -> (Japanese, Chinese) --------------------------------------------------------

VOCABULARY: dict[str, tuple[str, str]] = {
    # colors (assetgen.media.colors.PALETTE)
    "red": ("赤", "红色"), "green": ("緑", "绿色"), "blue": ("青", "蓝色"), "yellow": ("黄色", "黄色"),
    "orange": ("オレンジ", "橙色"), "purple": ("紫", "紫色"), "pink": ("ピンク", "粉色"), "brown": ("茶色", "棕色"),
    "black": ("黒", "黑色"), "white": ("白", "白色"), "gray": ("灰色", "灰色"), "cyan": ("水色", "青色"),
    # shapes (assetgen.generate.drawing.SHAPES)
    "circle": ("円", "圆形"), "square": ("正方形", "正方形"), "triangle": ("三角形", "三角形"),
    "diamond": ("ひし形", "菱形"), "star": ("星形", "星形"), "hexagon": ("六角形", "六边形"),
    # yes / no, turns, directions, positions, motions
    "yes": ("はい", "是"), "no": ("いいえ", "否"),
    "clockwise": ("時計回り", "顺时针"), "counterclockwise": ("反時計回り", "逆时针"),
    "left to right": ("左から右", "从左到右"), "right to left": ("右から左", "从右到左"),
    "top to bottom": ("上から下", "从上到下"), "bottom to top": ("下から上", "从下到上"),
    "toward the bottom right": ("右下へ", "向右下"), "toward the bottom left": ("左下へ", "向左下"),
    "toward the top right": ("右上へ", "向右上"), "toward the top left": ("左上へ", "向左上"),
    "top left": ("左上", "左上"), "top center": ("中央上", "中上"), "top right": ("右上", "右上"),
    "middle left": ("中央左", "中左"), "middle center": ("中央", "正中"), "middle right": ("中央右", "中右"),
    "bottom left": ("左下", "左下"), "bottom center": ("中央下", "中下"), "bottom right": ("右下", "右下"),
    "a straight line": ("直線を描いて", "沿直线"), "bouncing off the walls": ("壁で跳ね返りながら", "在墙壁间反弹"),
    "a circle": ("円を描いて", "沿圆周"),
    "the first video": ("1本目の動画", "第一个视频"), "the second video": ("2本目の動画", "第二个视频"),
    # things to list, tool units
    "fruits": ("果物", "水果"), "colors": ("色", "颜色"), "animals": ("動物", "动物"),
    "celsius": ("摂氏", "摄氏度"), "fahrenheit": ("華氏", "华氏度"),
    # topics of the text dimensions
    "photosynthesis": ("光合成", "光合作用"), "gravity": ("重力", "重力"), "a rainbow": ("虹", "彩虹"),
    "the tides": ("潮の満ち引き", "潮汐"), "a solar eclipse": ("日食", "日食"), "inflation": ("インフレ", "通货膨胀"),
    "the ocean": ("海", "海洋"), "a forest": ("森", "森林"), "winter": ("冬", "冬天"), "a desert": ("砂漠", "沙漠"),
    "water": ("水", "水"), "wave": ("波", "波浪"), "sea": ("海", "海"), "tree": ("木", "树"), "wood": ("林", "木"),
    "leaf": ("葉", "叶"), "cold": ("寒い", "冷"), "snow": ("雪", "雪"), "ice": ("氷", "冰"), "freeze": ("凍る", "冻"),
    "sand": ("砂", "沙"), "hot": ("暑い", "热"), "dry": ("乾燥", "干"), "sun": ("太陽", "太阳"),
    "computing": ("コンピューター", "计算机"), "flight": ("航空", "航空"), "medicine": ("医学", "医学"),
    "printing": ("印刷", "印刷"), "electricity": ("電気", "电力"),
    "nurse": ("看護師", "护士"), "carpenter": ("大工", "木匠"), "pilot": ("パイロット", "飞行员"),
    "teacher": ("教師", "教师"), "chemist": ("化学者", "化学家"), "baker": ("パン職人", "面包师"),
    "architect": ("建築家", "建筑师"), "librarian": ("司書", "图书管理员"),
    "telecommunication": ("電気通信", "电信"), "astronomy": ("天文学", "天文学"), "railways": ("鉄道", "铁路"),
    "photography": ("写真", "摄影"),
    # fruits of the units problems (plural and singular read the same in ja/zh)
    "apples": ("りんご", "苹果"), "apple": ("りんご", "苹果"), "pears": ("梨", "梨"), "pear": ("梨", "梨"),
    "peaches": ("桃", "桃子"), "peach": ("桃", "桃子"), "plums": ("すもも", "李子"), "plum": ("すもも", "李子"),
    "tangerines": ("みかん", "橘子"), "tangerine": ("みかん", "橘子"), "lemons": ("レモン", "柠檬"),
    "lemon": ("レモン", "柠檬"), "limes": ("ライム", "青柠"), "lime": ("ライム", "青柠"), "kiwis": ("キウイ", "猕猴桃"),
    "kiwi": ("キウイ", "猕猴桃"),
}
_SHAPE_WORDS = ("circle", "square", "triangle", "diamond", "star", "hexagon")
_COLOR_WORDS = ("red", "green", "blue", "yellow", "orange", "purple", "pink", "brown", "black", "white", "gray",
                "cyan")

# --- templates: (English, Japanese, Chinese), longest English first when applied -------------------------------

TEMPLATES: tuple[tuple[str, str, str], ...] = (
    # shared endings
    ("Answer with a number.", "数字で答えてください。", "请用数字回答。"),
    ("Answer with the number only.", "数字だけで答えてください。", "只回答数字。"),
    ("Answer yes or no.", "「はい」か「いいえ」で答えてください。", "请回答“是”或“否”。"),
    ("Answer with one color name.", "色の名前を一つだけ答えてください。", "请只回答一个颜色名称。"),
    ("Answer with its color.", "その色で答えてください。", "请回答它的颜色。"),
    ("Answer with its label.", "そのラベルで答えてください。", "请回答它的标签。"),
    # color_grid
    ("This image shows a grid of colored squares with {#rows} rows and {#cols} columns.",
     "この画像には、色のついた正方形が{#rows}行{#cols}列のグリッド状に並んでいます。",
     "这张图片显示了一个{#rows}行{#cols}列的彩色方格网格。"),
    ("List the color of every cell, row by row from the top, left to right within each row, as one "
     "comma-separated list of color names.",
     "上の行から順に、各行は左から右へ、すべてのマスの色をカンマ区切りの色名のリスト一つで答えてください。",
     "请从最上面一行开始逐行、每行从左到右，列出每个格子的颜色，用逗号分隔的一个颜色名称列表回答。"),
    ("What color is the cell in row {#row}, column {#col} (counting rows from the top and columns from the left, "
     "starting at 1)?",
     "{#row}行目・{#col}列目のマスは何色ですか（行は上から、列は左から、1から数えます）？",
     "第{#row}行第{#col}列的格子是什么颜色（行从上往下、列从左往右数，从1开始）？"),
    ("How many cells in this grid are {@color}?", "このグリッドで{@color}のマスはいくつありますか？",
     "这个网格中有多少个{@color}的格子？"),
    # shapes
    ("List every shape in this image as 'color shape' (for example 'red circle'), separated by commas.",
     "この画像の図形をすべて「色 図形」の形（例：「red circle」）で、カンマで区切って挙げてください。",
     "请以“颜色 形状”的形式（例如“red circle”）列出图中的所有图形，用逗号分隔。"),
    ("How many {@shape}s are in this image?", "この画像に{@shape}はいくつありますか？", "这张图片中有几个{@shape}？"),
    ("How many {@color} shapes are in this image?", "この画像に{@color}の図形はいくつありますか？",
     "这张图片中有几个{@color}的图形？"),
    ("Which shape is furthest to the left? Answer as 'color shape'.",
     "いちばん左にある図形はどれですか？「色 図形」の形で答えてください。", "最左边的是哪个图形？请按“颜色 形状”的形式回答。"),
    ("Is the {@a} to the left of the {@b}?", "{@a}は{@b}の左にありますか？", "{@a}在{@b}的左边吗？"),
    ("Is the {@a} above the {@b}?", "{@a}は{@b}の上にありますか？", "{@a}在{@b}的上方吗？"),
    # grid_diff, odd_one_out
    ("The two images show {#rows}x{#cols} grids of colored squares that differ in some cells. List every cell that "
     "differs as (row, column), counting from the top-left cell (1, 1), separated by commas.",
     "2枚の画像には{#rows}x{#cols}の色つき正方形のグリッドがあり、いくつかのマスが異なります。左上のマスを(1, 1)として、"
     "異なるマスをすべて(行, 列)の形でカンマ区切りで挙げてください。",
     "两张图片各有一个{#rows}x{#cols}的彩色方格网格，其中有些格子不同。以左上角的格子为(1, 1)，"
     "请用(行, 列)的形式列出所有不同的格子，用逗号分隔。"),
    ("One shape in this grid differs from all the others. Give its position as (row, column), counting from the "
     "top-left cell (1, 1).",
     "このグリッドには、ほかと違う図形が一つあります。左上のマスを(1, 1)として、その位置を(行, 列)の形で答えてください。",
     "这个网格中有一个图形与其他的都不同。以左上角的格子为(1, 1)，请用(行, 列)的形式给出它的位置。"),
    # shape_compare, sequence_pattern
    ("You are shown {#n} images, in order. Which image contains the most {@shape}s?",
     "{#n}枚の画像を順番に示します。{@shape}がいちばん多いのはどの画像ですか？",
     "下面按顺序给出{#n}张图片。哪张图片中的{@shape}最多？"),
    ("Image {#n}", "画像{#n}", "图片{#n}"),
    ("The shapes in this image follow a repeating pattern. Which shape comes next, in place of the question mark?",
     "この画像の図形は、あるパターンを繰り返しています。「?」の位置に次に来るのはどの図形ですか？",
     "这张图片中的图形按一定的规律重复排列。问号处接下来应该是哪个图形？"),
    # text_card
    ("Transcribe all the text in this image exactly, line by line.",
     "この画像の文字をすべて、1行ずつ正確に書き起こしてください。", "请逐行准确地转写这张图片中的所有文字。"),
    ("What is the value of {field} in this image? Reproduce it exactly.",
     "この画像の{field}の値は何ですか？正確にそのまま書き写してください。", "这张图片中{field}的值是什么？请原样准确写出。"),
    ("What is the value of {field} in this image? Answer with the value only.",
     "この画像の{field}の値は何ですか？値だけを答えてください。", "这张图片中{field}的值是什么？只回答这个值。"),
    # bar_chart, line_chart
    ("In this bar chart, what is the value of the bar labelled '{label}'?",
     "この棒グラフで、「{label}」の棒の値はいくつですか？", "在这张柱状图中，标为“{label}”的柱子的数值是多少？"),
    ("In this bar chart, how much larger is '{a}' than '{b}'?",
     "この棒グラフで、「{a}」は「{b}」よりいくつ大きいですか？", "在这张柱状图中，“{a}”比“{b}”大多少？"),
    ("Which category has the largest value in this bar chart?", "この棒グラフで値がいちばん大きい項目はどれですか？",
     "在这张柱状图中，哪个类别的数值最大？"),
    ("Which category has the smallest value in this bar chart?", "この棒グラフで値がいちばん小さい項目はどれですか？",
     "在这张柱状图中，哪个类别的数值最小？"),
    ("In this line chart, what is the value for {label}?", "この折れ線グラフで、{label}の値はいくつですか？",
     "在这张折线图中，{label}的数值是多少？"),
    ("In this line chart, by how much did the value change from {a} to {b}? Answer with a signed number (negative "
     "for a decrease).",
     "この折れ線グラフで、{a}から{b}までに値はどれだけ変化しましたか？符号つきの数字で答えてください（減少ならマイナス）。",
     "在这张折线图中，从{a}到{b}数值变化了多少？请用带符号的数字回答（减少为负数）。"),
    ("In this line chart, which month has the highest value? Answer with the month as labelled.",
     "この折れ線グラフで、値がいちばん高いのは何月ですか？グラフのラベルどおりに答えてください。",
     "在这张折线图中，哪个月的数值最高？请按图中的标签回答月份。"),
    # equation, arithmetic, nested_squares, circle_overlap, line_intersections
    ("Solve the equation in this image for x. Answer with the value of x.",
     "この画像の方程式をxについて解いてください。xの値で答えてください。", "请解出这张图片中关于x的方程，回答x的值。"),
    ("Solve the equation in this image for x.", "この画像の方程式をxについて解いてください。", "请解出这张图片中关于x的方程。"),
    ("Give every solution, separated by commas.", "解がいくつかある場合は、すべてカンマで区切って答えてください。",
     "请给出所有的解，用逗号分隔。"),
    ("Compute the result of the expression in this image.", "この画像の式を計算してください。", "请计算这张图片中算式的结果。"),
    ("How many squares are drawn in this image?", "この画像には正方形がいくつ描かれていますか？", "这张图片中画了几个正方形？"),
    ("How many circles are in this image? Overlapping circles count separately.",
     "この画像に円はいくつありますか？重なっている円も別々に数えます。", "这张图片中有几个圆？重叠的圆分别计数。"),
    ("How many pairs of circles in this image overlap (their outlines cross)?",
     "この画像で重なっている（輪郭が交わっている）円の組はいくつありますか？", "这张图片中有几对圆相互重叠（轮廓相交）？"),
    ("How many points are there where two of the line segments in this image cross each other?",
     "この画像で、2本の線分が交わっている点はいくつありますか？", "这张图片中，两条线段相交的点有几个？"),
    # code_reading
    ("Transcribe the Python code in this image exactly, preserving indentation.",
     "この画像のPythonコードを、インデントも含めて正確に書き起こしてください。", "请准确转写这张图片中的Python代码，保留缩进。"),
    ("What does {call} return, for the function in this image?", "この画像の関数で、{call}は何を返しますか？",
     "对于这张图片中的函数，{call}返回什么？"),
    ("Trace {call} for the function in this image step by step: for every iteration of the loop write the value of "
     "i and of total after that iteration, one line each. Then give the return value on a final line as "
     "'Answer: <number>'.",
     "この画像の関数について、{call}を一歩ずつトレースしてください。ループを1回まわるごとに、その回の後のiとtotalの値を"
     "1行ずつ書いてください。最後の行に戻り値を「Answer: <数字>」の形で書いてください。",
     "请逐步跟踪这张图片中函数的{call}：循环每执行一次，写出该次之后i和total的值，每次一行。"
     "最后一行以“Answer: <数字>”的形式给出返回值。"),
    # videos
    ("Objects appear one at a time in this video, each only briefly. How many objects appear in total?",
     "この動画では物体が一つずつ、それぞれ短い間だけ現れます。全部でいくつの物体が現れますか？",
     "这个视频中物体一个接一个地出现，每个只出现很短的时间。总共出现了多少个物体？"),
    ("Describe in one sentence what happens in this video: what object, what color, and how it moves.",
     "この動画で何が起きているかを一文で説明してください。どんな物体が、何色で、どのように動くか。",
     "请用一句话描述这个视频中发生了什么：什么物体、什么颜色、如何移动。"),
    ("How many times does the ball bounce off a wall (an edge of the frame) in this video?",
     "この動画で、ボールは壁（画面の端）に何回跳ね返りますか？", "在这个视频中，球从墙壁（画面边缘）反弹了几次？"),
    ("The ball in this video moves around a circle. Does it go clockwise or counterclockwise (as seen on screen)?",
     "この動画のボールは円を描いて動いています。（画面上で見て）時計回りですか、反時計回りですか？",
     "这个视频中的球沿着圆周运动。（从屏幕上看）它是顺时针还是逆时针运动？"),
    ("The background color of this video keeps changing. How many different background colors appear in the whole "
     "video?", "この動画の背景色は次々に変わります。動画全体で何種類の背景色が現れますか？",
     "这个视频的背景颜色不断变化。整个视频中一共出现了几种不同的背景颜色？"),
    ("Colored squares appear one after another in this video. List their colors in the order they appeared, as a "
     "comma-separated list.", "この動画では色つきの正方形が次々に現れます。現れた順にその色をカンマ区切りで挙げてください。",
     "这个视频中彩色方块接连出现。请按出现的顺序列出它们的颜色，用逗号分隔。"),
    ("You are shown two videos, each with one moving ball. Do the two balls move in the same direction?",
     "2本の動画があり、それぞれにボールが一つ動いています。2つのボールは同じ方向に動いていますか？",
     "下面有两个视频，每个视频中都有一个移动的球。两个球的移动方向相同吗？"),
    ("You are shown two videos, each with one moving ball. In which video does the ball move faster?",
     "2本の動画があり、それぞれにボールが一つ動いています。ボールが速く動いているのはどちらの動画ですか？",
     "下面有两个视频，每个视频中都有一个移动的球。哪个视频中的球移动得更快？"),
    ("The lamp in this video is gray when off and lights up yellow when it flashes. How many times does it flash?",
     "この動画のランプは、消えているときは灰色で、点滅すると黄色に光ります。何回点滅しますか？",
     "这个视频中的灯熄灭时是灰色，闪烁时亮成黄色。它闪了几次？"),
    ("In which direction does the ball move in this video?", "この動画で、ボールはどの方向に動いていますか？",
     "这个视频中的球朝哪个方向移动？"),
    ("How does the ball move in this video? It moves in", "この動画で、ボールはどのように動いていますか？動き方：",
     "这个视频中的球是怎样运动的？它的运动方式："),
    ("The ball in this video moves at a constant speed in a straight line. If it keeps moving the same way, where in "
     "the frame will it be {#n} seconds after the video ends? Think of the frame as a 3x3 grid.",
     "この動画のボールは一定の速さでまっすぐ動いています。このまま同じように動き続けると、動画が終わってから{#n}秒後には"
     "画面のどこにありますか？画面を3x3のマスに分けて考えてください。",
     "这个视频中的球沿直线匀速运动。如果它继续这样运动，视频结束{#n}秒后它会在画面的哪个位置？请把画面看作3x3的网格。"),
    ("The circle in this video pulses: it grows and shrinks again and again. How many times does it reach its largest "
     "size?", "この動画の円は大きくなったり小さくなったりを繰り返します。いちばん大きくなるのは何回ですか？",
     "这个视频中的圆一次次地变大又变小。它有几次达到最大？"),
    ("Two balls move toward the black finish line in this video. Which ball reaches the line first?",
     "この動画では2つのボールが黒いゴールラインに向かって動きます。先にラインに着くのはどちらのボールですか？",
     "这个视频中两个球朝黑色终点线移动。哪个球先到达终点线？"),
    ("The object in this video changes shape over time. List every shape it takes, in order, as a comma-separated "
     "list.", "この動画の物体は時間とともに形が変わります。変わった形を順番にすべて、カンマ区切りで挙げてください。",
     "这个视频中的物体随时间改变形状。请按顺序列出它呈现的所有形状，用逗号分隔。"),
    ("What color is the moving object in this video? Answer with exactly one word.",
     "この動画で動いている物体は何色ですか？一語だけで答えてください。", "这个视频中移动的物体是什么颜色？请只用一个词回答。"),
    ("Give the moving object's color, its shape, and the direction it moves (left or right), in that order, as one "
     "comma-separated line and nothing else.",
     "動いている物体の色、形、動く方向（left か right）を、この順にカンマ区切りの1行だけで答えてください。",
     "请按顺序给出移动物体的颜色、形状和移动方向（left 或 right），只写一行，用逗号分隔，不要写其他内容。"),
    ("Reply with only a JSON object with the keys {keys}: the moving object's color, its shape, and the direction it "
     "moves ('left' or 'right').",
     "キーが {keys} のJSONオブジェクトだけで答えてください。値は動いている物体の色、形、動く方向（'left' か 'right'）です。",
     "只回复一个键为 {keys} 的JSON对象：值分别是移动物体的颜色、形状和移动方向（'left' 或 'right'）。"),
    # reasoning
    ("Compute {expr}.", "{expr} を計算してください。", "请计算 {expr}。"),
    ("Solve for x: {eq}. Answer with the value of x.", "xについて解いてください：{eq}。xの値で答えてください。",
     "解方程求x：{eq}。请回答x的值。"),
    ("Premises: {p}\nBased only on these premises, is the statement \"{c}\" true, false, or cannot be determined? "
     "Answer with one of: true, false, cannot be determined.",
     "前提：{p}\nこれらの前提だけに基づくと、「{c}」という命題は真、偽、判断できない、のどれですか？"
     "true、false、cannot be determined のいずれかで答えてください。",
     "前提：{p}\n仅根据这些前提，命题“{c}”是真、假，还是无法确定？请用 true、false、cannot be determined 之一回答。"),
    ("All {~a} are {~b}.", "{~a}はすべて{~b}である。", "所有{~a}都是{~b}。"),
    ("Some {~a} are {~b}.", "一部の{~a}は{~b}である。", "有些{~a}是{~b}。"),
    ("No {~a} are {~b}.", "{~a}はどれも{~b}ではない。", "没有{~a}是{~b}。"),
    ("All {~a} are {~b}", "{~a}はすべて{~b}である", "所有{~a}都是{~b}"),
    ("Some {~a} are {~b}", "一部の{~a}は{~b}である", "有些{~a}是{~b}"),
    ("No {~a} are {~b}", "{~a}はどれも{~b}ではない", "没有{~a}是{~b}"),
    ("A train travels {#km} km in {#min} minutes at a constant speed. What is its speed in km/h?",
     "列車が一定の速さで{#min}分間に{#km} km走ります。この列車の速さは時速何kmですか？",
     "一列火车以恒定速度在{#min}分钟内行驶了{#km}公里。它的速度是每小时多少公里？"),
    ("I bought {#n} {@fruit} at {#p} yen each and {#m} {@small} for {#t} yen in total.",
     "1個{#p}円の{@fruit}を{#n}個と、{@small}を{#m}個で合計{#t}円分買いました。",
     "我买了{#n}个{@fruit}，每个{#p}日元，又买了{#m}个{@small}，一共{#t}日元。"),
    ("How much did one {@small} cost, in yen?", "{@small}1個はいくらでしたか（円）？", "一个{@small}多少日元？"),
    ("How much did I spend altogether, in yen?", "全部でいくら使いましたか（円）？", "我一共花了多少日元？"),
    ("Write a Python function {sig} that {@what}. Use only the standard library. Answer with the code in one ```python "
     "block.", "{@what}Python関数 {sig} を書いてください。標準ライブラリだけを使い、コードを ```python ブロック一つで答えてください。",
     "请编写一个Python函数 {sig}，{@what}。只使用标准库，并把代码放在一个 ```python 代码块中回答。"),
    # instructions
    ("List exactly {#n} {@things}, one per line.", "{@things}をちょうど{#n}個、1行に1つずつ挙げてください。",
     "请正好列出{#n}种{@things}，每行一个。"),
    ("Explain {@topic} in {#n} characters or less.", "{@topic}について{#n}文字以内で説明してください。",
     "请用{#n}个字以内解释{@topic}。"),
    ("Describe {@topic} in one or two sentences without using the words {%words}.",
     "{%words}という言葉を使わずに、{@topic}を1〜2文で描写してください。", "请用一两句话描述{@topic}，但不要使用{%words}这些词。"),
    ("{person} is a {@job} who is {#age} years old and lives in {city}. Reply with only a JSON object with the keys "
     "\"name\" (string), \"age\" (integer) and \"city\" (string) for this person: no other text, no code fence.",
     "{person}は{city}に住む{#age}歳の{@job}です。この人物について、キーが \"name\"（文字列）、\"age\"（整数）、"
     "\"city\"（文字列）のJSONオブジェクトだけで答えてください。ほかの文章やコードフェンスは不要です。",
     "{person}是一名{#age}岁的{@job}，住在{city}。请只回复这个人的JSON对象，键为 \"name\"（字符串）、\"age\"（整数）和"
     "\"city\"（字符串），不要其他文字，也不要代码块。"),
    # tool_calling
    ("What's the weather in {city} right now? Give the temperature in {@unit}.",
     "今の{city}の天気はどうですか？気温は{@unit}で教えてください。", "{city}现在天气怎么样？请用{@unit}告诉我气温。"),
    ("I land in {city} tomorrow morning for a week of meetings and I'm wondering what to pack. Could you check the "
     "current weather there for me, in {@unit}?",
     "明日の朝{city}に着いて、1週間会議の予定です。何を持っていけばいいか迷っているので、現地の今の天気を{@unit}で調べてもらえますか？",
     "我明天早上到{city}，要开一周的会，正在想该带些什么。能帮我查一下那里现在的天气吗？温度请用{@unit}。"),
    ("How much is {#amount} {src} in {dst}?", "{#amount} {src}は{dst}でいくらですか？", "{#amount} {src}换成{dst}是多少？"),
    ("What time is it right now in the {zone} time zone?", "{zone}のタイムゾーンでは今何時ですか？", "{zone}时区现在几点？"),
    ("Use the calculator: what is {#a} * {#b}?", "電卓を使ってください：{#a} * {#b} はいくつですか？",
     "请使用计算器：{#a} * {#b} 等于多少？"),
    # output_length, prompt_complexity, concurrency_burst, context_needle
    ("Write a detailed essay about the history of {@subject}, from {@start} to {@end}.",
     "{@start}から{@end}までの{@subject}の歴史について、詳しい小論文を書いてください。",
     "请写一篇详细的文章，介绍{@subject}从{@start}到{@end}的历史。"),
    ("In which field did {name} work? Answer in one word.", "{name}はどの分野で活動しましたか？一語で答えてください。",
     "{name}在哪个领域工作？请用一个词回答。"),
    ("What is {#a} + {#b}?", "{#a} + {#b} はいくつですか？", "{#a} + {#b} 等于多少？"),
    ("Explain {@concept} in 3 paragraphs.", "{@concept}を3段落で説明してください。", "请用三段话解释{@concept}。"),
    ("Prove that the square root of {#p} is irrational.", "{#p}の平方根が無理数であることを証明してください。",
     "请证明{#p}的平方根是无理数。"),
    ("Write a detailed essay of about {#n} words about the history of {@subject}, from {@start} to {@end}. Mention "
     "{name} by name.",
     "{@start}から{@end}までの{@subject}の歴史について、約{#n}語（日本語なら{#n}文字程度）の詳しい小論文を書いてください。"
     "{name}の名前に必ず触れてください。",
     "请写一篇约{#n}词（中文约{#n}字）的详细文章，介绍{@subject}从{@start}到{@end}的历史，并提到{name}的名字。"),
    ("What is {#a} × {#b}?", "{#a} × {#b} はいくつですか？", "{#a} × {#b} 等于多少？"),
    ("What is the secret number of the {^name} in the text above?", "上の文章で、{^name}の秘密の数字はいくつですか？",
     "在上面的文字中，{^name}的秘密数字是多少？"),
)
"""Every question sentence, as (English, Japanese, Chinese). Add a family's sentences under its comment."""

# free-text fields a family fills in, translated as phrases (topics of the text dimensions, coding tasks)
PHRASES: dict[str, tuple[str, str]] = {
    "modern AI": ("現代のAI", "现代人工智能"), "the Montgolfier balloons": ("モンゴルフィエの気球", "孟格菲兄弟的热气球"),
    "jet airliners": ("ジェット旅客機", "喷气式客机"), "mRNA vaccines": ("mRNAワクチン", "mRNA疫苗"),
    "the optical telegraph": ("腕木通信", "光学电报"), "fibre-optic networks": ("光ファイバー網", "光纤网络"),
    "the James Webb telescope": ("ジェイムズ・ウェッブ宇宙望遠鏡", "詹姆斯·韦布望远镜"), "woodblocks": ("木版", "雕版"),
    "digital publishing": ("電子出版", "数字出版"), "horse-drawn wagonways": ("馬車軌道", "马拉轨道车"),
    "high-speed rail": ("高速鉄道", "高速铁路"), "the camera obscura": ("カメラ・オブスクラ", "暗箱"),
    "smartphone sensors": ("スマートフォンのセンサー", "智能手机传感器"),
    "the Wright brothers": ("ライト兄弟", "莱特兄弟"), "the power grid": ("電力網", "电网"),
    "how a CPU works": ("CPUの仕組み", "CPU的工作原理"),
    "how DNS resolves a name": ("DNSが名前を解決する仕組み", "DNS如何解析域名"),
    "how a hash table works": ("ハッシュテーブルの仕組み", "哈希表的工作原理"),
    "how TCP recovers lost packets": ("TCPが失われたパケットを回復する仕組み", "TCP如何恢复丢失的数据包"),
    "how a compiler optimises a loop": ("コンパイラがループを最適化する仕組み", "编译器如何优化循环"),
    "how public-key encryption works": ("公開鍵暗号の仕組み", "公钥加密的工作原理"),
    "returns the words of the string s in reverse order, separated by single spaces (words are separated by "
    "whitespace)": ("文字列sの単語を逆順にし、半角スペース1つで区切って返す（単語は空白で区切られる）",
                    "返回字符串s中的单词按相反顺序排列、以单个空格分隔的结果（单词以空白分隔）"),
    "returns a list whose i-th element is the largest of xs[0..i] (an empty list for an empty list)":
        ("i番目の要素がxs[0..i]の最大値であるリストを返す（空のリストには空のリストを返す）",
         "返回一个列表，其第i个元素是xs[0..i]中的最大值（空列表返回空列表）"),
    "returns how many of the characters of s are vowels (a, e, i, o, u, upper or lower case)":
        ("sの文字のうち母音（a, e, i, o, u、大文字・小文字とも）がいくつあるかを返す",
         "返回s中元音字母（a, e, i, o, u，不分大小写）的个数"),
    "returns True if s reads the same backwards, ignoring case and every character that is not a letter or digit, "
    "else False": ("大文字・小文字の違いと英数字以外の文字を無視して、sが逆から読んでも同じならTrue、そうでなければFalseを返す",
                   "忽略大小写以及所有非字母和数字的字符后，如果s正读反读都相同则返回True，否则返回False"),
    "returns the second largest distinct value of the list of integers xs, or None when there are fewer than two "
    "distinct values": ("整数のリストxsの中で2番目に大きい異なる値を返す（異なる値が2つ未満ならNone）",
                        "返回整数列表xs中第二大的不同值；不同的值少于两个时返回None"),
    "reverses a singly linked list and returns its new head; a node is a dict {\"val\": value, \"next\": next node or "
    "None}, and an empty list is None": ("単方向連結リストを反転して新しい先頭を返す（ノードは辞書 {\"val\": 値, \"next\": "
                                         "次のノードまたはNone}、空のリストはNone）",
                                         "反转单向链表并返回新的头节点；节点是字典 {\"val\": 值, \"next\": 下一个节点或None}，"
                                         "空链表为None"),
}

_NUMBER = r"-?\d+(?:\.\d+)?"
_FIELD = re.compile(r"\{([#@~%^]?)(\w+)\}")
# A text field never crosses a sentence's end and is bounded. Read from ja/zh (the reference endpoint, on any
# text it receives) a verbatim field holds no CJK character and a translated one is one of the known words, so
# a field ends where the template's CJK text resumes and a hostile text costs linear time per template.
_TEXT = r"[^。？！\n]{1,300}?"
_KINDS = {"#": _NUMBER, "~": r"[A-Za-z]{1,40}", "@": _TEXT, "%": _TEXT, "^": _TEXT, "": _TEXT}
# '{^name}': a name the family says in the question's language ('青いサギ'), copied verbatim both ways: read from
# ja/zh it may hold CJK, up to the next mark or space
_LOCAL_NAME = r"[^\s。？！、，,.?!\n]{1,30}?"
_NOT_CJK = r"[^\u3000-\u9fff\uff00-\uffef\n]{1,300}?"


def _column(lang: str) -> int:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; valid: {', '.join(LANGS)}")
    return LANGS.index(lang)


@lru_cache(maxsize=16)
def _compiled(source: str, table: str = "questions") -> tuple[tuple[re.Pattern, tuple[str, str, str]], ...]:
    """Each template as a regex over the `source` language's text, longest first (a sentence before its end)."""
    column = _column(source)
    out = []
    for triple in sorted(TEMPLATES if table == "questions" else ANSWERS, key=lambda t: -len(t[column])):
        parts, end, named = [], 0, set()
        for m in _FIELD.finditer(triple[column]):
            parts.append(re.escape(triple[column][end:m.start()]))
            name = m.group(2)  # a field written twice matches the same text twice
            parts.append(f"(?P={name})" if name in named else f"(?P<{name}>{_kind(m.group(1), source)})")
            named.add(name)
            end = m.end()
        parts.append(re.escape(triple[column][end:]))
        out.append((re.compile("".join(parts), re.DOTALL), triple))
    return tuple(out)


def _kind(mark: str, source: str) -> str:
    if source == "en" or mark in ("#", "~"):
        return _KINDS[mark]
    if mark == "%":  # a list of quoted words: 「雪」「寒い」 or “雪”、“冷”
        return r"(?:[「“][^」”\n]{1,20}[」”]、?){1,8}"
    if mark == "^":
        return _LOCAL_NAME
    if mark == "@":
        known = sorted((w for w in _words(source, "en") if not w.isascii()), key=len, reverse=True)
        return "(?:" + "|".join(map(re.escape, known)) + "|" + _NOT_CJK + ")"
    return _NOT_CJK


@lru_cache(maxsize=8)
def _words(source: str, target: str) -> dict[str, str]:
    """Closed-vocabulary values and phrases from `source` to `target`, 'color shape' pairs included."""
    table = {"en": {k: k for k in [*VOCABULARY, *PHRASES]}}
    for lang in CJK:
        i = CJK.index(lang)
        table[lang] = {k: v[i] for k, v in [*VOCABULARY.items(), *PHRASES.items()]}
    for color in _COLOR_WORDS:
        for shape in _SHAPE_WORDS:
            table["en"][f"{color} {shape}"] = f"{color} {shape}"
            table["ja"][f"{color} {shape}"] = f"{VOCABULARY[color][0]}の{VOCABULARY[shape][0]}"
            table["zh"][f"{color} {shape}"] = f"{VOCABULARY[color][1]}{VOCABULARY[shape][1]}"
    # the first English word of a ja/zh one wins ('apples' before 'apple', 'the ocean' before 'sea')
    return {table[source][k]: table[target][k] for k in reversed(table["en"])}


def word(value: str, lang: str, source: str = "en") -> str:
    """A closed-vocabulary value or known phrase in `lang`; anything else unchanged."""
    return _words(source, lang).get(value, _words(source, lang).get(value.lower(), value))


def _fill(template: str, values: dict[str, str], source: str, target: str) -> str:
    def one(m: re.Match) -> str:
        value = values[m.group(2)]
        return word(value, target, source) if m.group(1) == "@" or value in _words(source, target) else value
    return _FIELD.sub(one, template)


_OPTIONS = re.compile(r"\(([A-L])\) (.+?)(?= \([A-L]\) |$)", re.DOTALL)


def _translate(text: str, source: str, target: str) -> str:
    if source == target or not text:
        return text
    t = _column(target)
    _column(source)
    # options '(A) … (B) …' at the end: letters stay, each option's words translated
    head, tail = text, ""
    first = re.search(r"\(A\) ", text)
    if first:
        head, tail = text[:first.start()].rstrip(), text[first.start():]
        tail = " ".join(f"({letter}) {_option(body.strip(), source, target)}" for letter, body in _OPTIONS.findall(tail))
    for _ in range(3):  # a template whose field holds sentences of others matches once they are translated
        before = head
        for pattern, triple in _compiled(source):
            def replace(m: re.Match, triple=triple) -> str:
                return _fill(triple[t], {k: v for k, v in m.groupdict().items()}, source, target)
            head = pattern.sub(replace, head)
        if head == before:
            break
    if target in CJK:
        head = re.sub(r"(?<=[。？！）」]) +(?=\S)", "", head)  # CJK sentences run on without spaces
    elif source in CJK:
        head = re.sub(r"(?<=[.?!])(?=[A-Z])", " ", head)
    joiner = "" if target in CJK and head.endswith(("：", "？", "。")) else " "
    return f"{head}{joiner}{tail}" if tail else head


def _option(body: str, source: str, target: str) -> str:
    for pattern, triple in _compiled(source):
        m = pattern.fullmatch(body)
        if m:
            return _fill(triple[_column(target)], m.groupdict(), source, target)
    return word(body, target, source)


def localize(text: str | None, lang: str) -> str | None:
    """An English prompt (or system prompt) as asked in `lang`; text the templates do not know stays as is."""
    return text if text is None else _translate(text, "en", lang)


def to_english(text: str, lang: str | None = None) -> str:
    """A ja/zh prompt read back into the English one its templates came from (for the reference endpoint)."""
    lang = lang or detect(text)
    return text if lang == "en" else _translate(text, lang, "en")


# --- answers in the language asked (the reference endpoint) ----------------------------------------------------

_ANSWER_WORDS = frozenset([*_COLOR_WORDS, *_SHAPE_WORDS, "yes", "no", "clockwise", "counterclockwise",
                           *(f"{c} {s}" for c in _COLOR_WORDS for s in _SHAPE_WORDS)])
"""Closed-vocabulary answers said in the language asked: the graders read them back (graders/languages.py)."""


ANSWERS: tuple[tuple[str, str, str], ...] = (
    ("The answer is {#n}.", "答えは{#n}です。", "答案是{#n}。"),
    ("The cell is {@c}.", "そのマスは{@c}です。", "这个格子是{@c}。"),
    ("The {@c} ball.", "{@c}のボールです。", "{@c}的球。"),
    ("The {@c}.", "{@c}です。", "是{@c}。"),
    ("It flashes {#n} times.", "{#n}回点滅します。", "闪了{#n}次。"),
    ("Yes.", "はい。", "是。"),
    ("No.", "いいえ。", "否。"),
    ("No cells differ.", "異なるマスはありません。", "没有不同的格子。"),
)
"""The reference endpoint's answer sentences whose words the graders read in ja/zh (graders/languages.py)."""


# A Japanese answer of kanji alone reads as Chinese to the graders (no kana to tell), where 青, 紫, 茶色, 白 and
# 水色 are no color; said alone, these take the form both languages read (or the katakana one Japanese uses too).
_BARE_JA = {"blue": "ブルー", "purple": "紫色", "brown": "ブラウン", "white": "白色", "cyan": "シアン"}


def _bare(item: str, lang: str) -> str:
    if lang != "ja":
        return word(item, lang)
    if " " in item:  # 'color shape': its 'の' is kana, so the pair reads as Japanese
        return word(item, lang)
    return _BARE_JA.get(item, word(item, lang))


def answer_in(answer: str, lang: str) -> str:
    """A reference answer in `lang` where the graders read it there: closed-vocabulary words (a color, 'red
    circle', yes, a comma list of them), an option letter with its option, or one of ANSWERS' sentences; any
    other answer (a number, a label as drawn, JSON, code, a description) unchanged."""
    if lang not in CJK:
        return answer
    items = [item.strip().lower() for item in answer.strip().rstrip(".").split(",")]
    if items and all(item in _ANSWER_WORDS for item in items):
        return "、".join(_bare(item, lang) for item in items)
    option = re.fullmatch(r"\(([A-L])\) (.+)", answer.strip())
    if option:  # the letter stays; its option's words as the question showed them
        return f"({option.group(1)}) {_option(option.group(2), 'en', lang)}"
    for pattern, triple in _compiled("en", "answers"):
        m = pattern.fullmatch(answer.strip())
        if m and all(k != "c" or v.lower() in _ANSWER_WORDS for k, v in m.groupdict().items()):
            return _fill(triple[_column(lang)], m.groupdict(), "en", lang)
    return answer


# --- which language a text is written in --------------------------------------------------------------------

_KANA = re.compile(r"[\u3040-\u30ff]")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")


def script(text: str) -> str:
    """'cjk' when CJK characters outnumber Latin letters by the usual weight (one ideograph ~ a word), 'latin'
    when Latin letters are there, '' when neither (a bare number, a letter, empty): a simple script detector."""
    cjk = len(_KANA.findall(text)) + len(_HAN.findall(text))
    latin = len(_LATIN.findall(text))
    if not cjk and not latin:
        return ""
    return "cjk" if cjk * 3 >= latin else "latin"


def detect(text: str) -> str:
    """'ja' when there is kana, 'zh' when there are ideographs without kana, else 'en'."""
    if _KANA.search(text):
        return "ja"
    return "zh" if _HAN.search(text) else "en"


_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*")


def answered_in_other_language(answer: str, lang: str, copied: str = "") -> bool | None:
    """Whether an answer is written in another script than its question's language; None when the answer has
    no letters to tell by (a number, an option letter: language-neutral). Latin words found in `copied` (the
    question and the truth: a label or a text drawn into the image, code, JSON keys the question names) are
    copied, not a language chosen: 'Cherries' read off a chart answers a Japanese question in no other language."""
    if copied and lang in CJK:  # (an English question's own words are its language: nothing to take out)
        known = {w.casefold() for w in _LATIN_WORD.findall(copied)}
        answer = _LATIN_WORD.sub(lambda m: " " if m.group().casefold() in known else m.group(), answer)
    seen = script(re.sub(r"\b[A-L]\b|\([A-L]\)", "", answer))
    if not seen:
        return None
    return seen != ("cjk" if lang in CJK else "latin")
