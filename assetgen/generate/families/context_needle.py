"""Context length scaling: seeded filler of a given size, with a question whose answer is in the prompt.

The filler is a text asset (`assets/context_needle/<id>.txt`, sent before the question by the runner),
so a 128K-token prompt stays out of cases.jsonl and the reports. Its size is counted in the reference
tokenizer's tokens (a word or a punctuation mark each, `assetgen.media.tokens.count_tokens`): the
filler is built from such tokens, so the size is exact by construction for that tokenizer and close for
BPE tokenizers on common English words. A real server's count comes from its `usage` and `/tokenize`.

Needles: 'arithmetic' ends the prompt with the seed article's "What is 7 × 8?"; 'fact' hides one
sentence ("The secret number of the blue heron is 4127.") at a depth of the filler and asks for it.

Asked in Japanese or Chinese (issue #35), the filler is Japanese or Chinese prose drawn the same way
('静かな川が緑の野原を横切る。', '安静的河流穿过绿色的田野。'), the fact and the name asked of are said in the
language ('青いサギの秘密の数字は4127です。'), and the size is counted as the reference tokenizer counts CJK
text: a token per character.
"""

from __future__ import annotations

import numpy as np

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.lang import CJK
from assetgen.media.tokens import count_tokens

ADJECTIVES = ("quiet", "narrow", "golden", "distant", "gentle", "ancient", "busy", "cold", "bright", "humble",
              "steady", "wide", "simple", "hidden", "early", "late", "small", "long", "green", "open")
NOUNS = ("river", "market", "valley", "bridge", "garden", "harbor", "village", "road", "forest", "library",
         "window", "mountain", "station", "field", "kitchen", "tower", "island", "school", "workshop", "meadow")
VERBS = ("crosses", "follows", "faces", "passes", "joins", "shelters", "overlooks", "reaches", "circles", "touches")
NEEDLE_COLORS = ("blue", "red", "green", "yellow", "purple", "orange", "silver", "brown")
NEEDLE_ANIMALS = ("heron", "otter", "falcon", "badger", "lynx", "tortoise", "salmon", "beetle")
NEEDLES = ("arithmetic", "fact")


def _sentence(rng: np.random.Generator) -> list[str]:
    """Eight tokens: 'The quiet river crosses the green field.' (the full stop is a token)."""
    a, b = (ADJECTIVES[int(i)] for i in rng.integers(len(ADJECTIVES), size=2))
    n, m = (NOUNS[int(i)] for i in rng.integers(len(NOUNS), size=2))
    return ["The", a, n, VERBS[int(rng.integers(len(VERBS)))], "the", b, m + "."]


def filler(seed: int, tokens: int) -> list[str]:
    """Sentences adding up to exactly `tokens` tokens (a last short sentence pads the count)."""
    rng = np.random.default_rng(seed)
    sentences, count = [], 0
    while count + 8 <= tokens:
        sentences.append(" ".join(_sentence(rng)))
        count += 8
    rest = tokens - count  # 0..7 tokens left: 'Then' and nouns, then a full stop
    if rest:
        words = [NOUNS[int(i)] for i in rng.integers(len(NOUNS), size=max(0, rest - 2))]
        sentences.append(" ".join(["Then", *words]) + "." if rest > 1 else ".")
    return sentences


# --- Japanese and Chinese: (adjectives, nouns, verbs with their particles), a sentence of them, nouns to pad with --
WORDS = {
    "ja": (("静かな", "細い", "金色の", "遠くの", "穏やかな", "古い", "にぎやかな", "冷たい", "明るい", "素朴な",
            "落ち着いた", "広い", "小さな", "隠れた", "朝の", "夕方の", "長い", "緑の", "開けた", "大きな"),
           ("川", "市場", "谷", "橋", "庭", "港", "村", "道", "森", "図書館", "窓", "山", "駅", "野原", "台所", "塔",
            "島", "学校", "工房", "草原"),
           ("を横切る", "に沿って続く", "と向かい合う", "のそばを通る", "につながる", "を守る", "を見下ろす",
            "に届く", "を囲む", "に触れる")),
    "zh": (("安静", "狭窄", "金色", "遥远", "温和", "古老", "热闹", "寒冷", "明亮", "朴素", "平稳", "宽阔", "小小",
            "隐蔽", "清晨", "傍晚", "漫长", "绿色", "开阔", "高大"),
           ("河流", "市场", "山谷", "石桥", "花园", "港口", "村庄", "道路", "森林", "图书馆", "窗户", "高山", "车站",
            "田野", "厨房", "塔楼", "小岛", "学校", "工坊", "草地"),
           ("穿过", "沿着", "面对", "经过", "连接", "守护", "俯瞰", "通向", "环绕", "靠近")),
}
PAD = {"ja": ("川", "谷", "橋", "庭", "港", "村", "道", "森", "山", "駅", "島", "市場", "野原", "草原", "図書館"),
       "zh": ("河", "桥", "山", "村", "路", "林", "岛", "塔", "湖", "港", "花园", "市场", "车站", "图书馆")}
NAMES = {  # the needle's name, as said in the language: 'blue heron' is 青いサギ, 蓝色苍鹭
    "ja": {"blue": "青い", "red": "赤い", "green": "緑の", "yellow": "黄色い", "purple": "紫の",
           "orange": "オレンジ色の", "silver": "銀色の", "brown": "茶色の", "heron": "サギ", "otter": "カワウソ",
           "falcon": "ハヤブサ", "badger": "アナグマ", "lynx": "オオヤマネコ", "tortoise": "カメ", "salmon": "サケ",
           "beetle": "カブトムシ"},
    "zh": {"blue": "蓝色", "red": "红色", "green": "绿色", "yellow": "黄色", "purple": "紫色", "orange": "橙色",
           "silver": "银色", "brown": "棕色", "heron": "苍鹭", "otter": "水獭", "falcon": "猎鹰", "badger": "獾",
           "lynx": "猞猁", "tortoise": "乌龟", "salmon": "鲑鱼", "beetle": "甲虫"},
}


def _sentence_cjk(rng: np.random.Generator, lang: str) -> str:
    """'静かな川が緑の野原を横切る。', '安静的河流穿过绿色的田野。' (a token per character, the full stop one)."""
    adjectives, nouns, verbs = WORDS[lang]
    a, b = (adjectives[int(i)] for i in rng.integers(len(adjectives), size=2))
    n, m = (nouns[int(i)] for i in rng.integers(len(nouns), size=2))
    verb = verbs[int(rng.integers(len(verbs)))]
    return f"{a}{n}が{b}{m}{verb}。" if lang == "ja" else f"{a}的{n}{verb}{b}的{m}。"


def _pad_cjk(rng: np.random.Generator, lang: str, tokens: int) -> str:
    """Exactly `tokens` tokens (1 or more): nouns separated by '、', then '。' ('川、市場、森。'). Each noun is
    chosen so that what is left can still be filled (never one token with no room for '、' and a noun)."""
    left, items = tokens - 1, []
    while left > 0:
        sep = 1 if items else 0
        fits = [w for w in PAD[lang] if len(w) + sep == left or len(w) + sep <= left - 2]
        word = fits[int(rng.integers(len(fits)))]
        items.append(word)
        left -= len(word) + sep
    return "、".join(items) + "。"


def filler_in(seed: int, tokens: int, lang: str) -> list[str]:
    """Japanese or Chinese sentences adding up to exactly `tokens` reference tokens."""
    rng = np.random.default_rng(seed)
    longest = max(len(a) for a in WORDS[lang][0]) * 2 + max(len(n) for n in WORDS[lang][1]) * 2 + \
        max(len(v) for v in WORDS[lang][2]) + 3
    sentences, count = [], 0
    while tokens - count > longest:
        sentences.append(_sentence_cjk(rng, lang))
        count += count_tokens(sentences[-1])
    while tokens - count > 0:  # the last few: whole sentences while they fit, then nouns to pad
        sentence = _sentence_cjk(rng, lang)
        size = count_tokens(sentence)
        sentence = sentence if size <= tokens - count else _pad_cjk(rng, lang, tokens - count)
        sentences.append(sentence)
        count += count_tokens(sentence)
    return sentences


def local_name(name: str, lang: str) -> str:
    """The needle's name in `lang` ('blue heron' -> '青いサギ', '蓝色苍鹭'); English as it is."""
    return name if lang not in CJK else "".join(NAMES[lang][w] for w in name.split())


def needle_sentence(scene: dict, lang: str = "en") -> str:
    name = local_name(scene["name"], lang)
    if lang == "ja":
        return f"{name}の秘密の数字は{scene['value']}です。"
    if lang == "zh":
        return f"{name}的秘密数字是{scene['value']}。"
    return f"The secret number of the {name} is {scene['value']}."


@register
class ContextNeedle(Family):
    name = "context_needle"
    version = 1
    category = "context"
    modality = "text"
    summary = "Seeded filler of a given token count with a needle: '7 × 8' at the end, or a fact at a depth."
    knobs = (
        Knob("tokens", 1000, "prompt size in reference tokens (filler + question)", low=32, high=131_072),
        Knob("needle", "arithmetic", "what is asked", kind="choice", choices=NEEDLES),
        Knob("depth", 0.5, "where the fact sits in the filler (needle 'fact'), 0 = start, 1 = end", kind="float",
             low=0.0, high=1.0),
        Knob("max_tokens", 256, "max_tokens of the request", low=1, high=32_768),
    )

    def sample(self, rng, knobs):
        scene = {"tokens": knobs["tokens"], "needle": knobs["needle"], "depth": knobs["depth"],
                 "max_tokens": knobs["max_tokens"], "filler_seed": int(rng.integers(2**31 - 1))}
        if knobs["needle"] == "arithmetic":
            return scene | {"a": 7, "b": 8}  # the seed article's question, kept as it asked it
        color = NEEDLE_COLORS[int(rng.integers(len(NEEDLE_COLORS)))]
        animal = NEEDLE_ANIMALS[int(rng.integers(len(NEEDLE_ANIMALS)))]
        return scene | {"name": f"{color} {animal}", "value": int(rng.integers(1000, 10_000))}

    def _prompt(self, scene) -> str:
        if scene["needle"] == "arithmetic":
            return f"What is {scene['a']} × {scene['b']}? Answer with the number only."
        return f"What is the secret number of the {scene['name']} in the text above? Answer with the number only."

    def question(self, scene):
        from assetgen.dataset.records import RequestOverrides

        value = scene["a"] * scene["b"] if scene["needle"] == "arithmetic" else scene["value"]
        q = _ask.number(self._prompt(scene), value)
        q.request = RequestOverrides(max_tokens=scene["max_tokens"])
        return q

    documents_by_lang = True

    def question_in(self, scene, lang):
        """In Japanese or Chinese the name asked of is said in the language too ('青いサギ'); the truth unchanged."""
        if lang in CJK and scene["needle"] == "fact":
            return super().question_in(scene | {"name": local_name(scene["name"], lang)}, lang)
        return super().question_in(scene, lang)

    def documents(self, scene) -> list[str]:
        return self.documents_in(scene, "en")

    def documents_in(self, scene, lang) -> list[str]:
        """The filler (with the fact at its depth), in the question's language: question and filler together make
        `tokens` tokens."""
        room = scene["tokens"] - count_tokens(self.question_in(scene, lang).prompt)
        fill = (lambda seed, n: filler_in(seed, n, lang)) if lang in CJK else filler
        if scene["needle"] == "fact":
            needle = needle_sentence(scene, lang)
            sentences = fill(scene["filler_seed"], max(0, room - count_tokens(needle)))
            sentences.insert(round(scene["depth"] * len(sentences)), needle)
        else:
            sentences = fill(scene["filler_seed"], max(0, room))
        return [("" if lang in CJK else " ").join(sentences)]
