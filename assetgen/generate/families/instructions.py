"""Instruction following with a measurable constraint (issue #15, dimension 7).

"List exactly N things", "explain X in 50 characters or less" (the second seed article), a word limit,
forbidden words, and a JSON-only answer whose values come from the prompt. Graded by the constraint
(graders/constraints.py) and, where checkable, by the answer being on topic.
"""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, Question, register
from assetgen.media.lang import CJK, word
from graders.records import GraderSpec, Truth

TASKS = ("exact_count", "max_chars", "max_words", "forbidden_words", "json_only")
THINGS = {
    "fruits": ("apple", "banana", "cherry", "mango", "orange", "pear", "grape", "kiwi", "lemon", "lime", "peach",
               "plum", "apricot", "pineapple", "strawberry", "raspberry", "blueberry", "blackberry", "watermelon",
               "melon", "cantaloupe", "papaya", "guava", "fig", "date", "pomegranate", "coconut", "lychee", "tangerine",
               "clementine", "grapefruit", "nectarine", "passion fruit", "dragon fruit", "avocado", "cranberry",
               "persimmon", "quince", "gooseberry", "currant", "mandarin", "jackfruit", "durian", "starfruit",
               "tomato", "olive", "kumquat", "mulberry", "elderberry", "honeydew", "banana"),
    "colors": ("red", "orange", "yellow", "green", "blue", "purple", "violet", "indigo", "pink", "brown", "black",
               "white", "gray", "grey", "cyan", "magenta", "teal", "turquoise", "maroon", "navy", "olive", "beige",
               "gold", "silver", "crimson", "lavender", "lime", "coral", "salmon", "tan", "ivory", "scarlet", "amber",
               "aqua", "fuchsia", "charcoal", "burgundy", "mint", "peach", "khaki", "emerald", "azure", "ochre"),
    "animals": ("dog", "cat", "horse", "cow", "pig", "sheep", "goat", "lion", "tiger", "elephant", "giraffe",
                "zebra", "bear", "wolf", "fox", "rabbit", "deer", "monkey", "gorilla", "kangaroo", "koala", "panda",
                "dolphin", "whale", "shark", "eagle", "owl", "penguin", "parrot", "snake", "frog", "turtle",
                "crocodile", "alligator", "mouse", "rat", "squirrel", "camel", "hippopotamus", "rhinoceros", "cheetah",
                "leopard", "octopus", "bee", "ant", "butterfly", "duck", "chicken", "goose", "swan", "otter", "bat",
                "hedgehog", "moose", "bison", "donkey", "llama", "seal", "salmon", "raccoon", "jaguar", "lynx"),
}
TOPICS = {  # what to explain, and words one of which an answer about it contains
    "photosynthesis": ("photosynth", "plant", "light", "sun", "sugar", "glucose", "chlorophyll", "energy", "co2",
                       "carbon"),
    "gravity": ("gravit", "mass", "attract", "pull", "force", "fall", "weight", "spacetime"),
    "a rainbow": ("rainbow", "light", "refract", "rain", "droplet", "color", "colour", "spectrum", "prism", "sun"),
    "the tides": ("tide", "moon", "gravit", "sea", "ocean", "pull", "water"),
    "a solar eclipse": ("eclipse", "moon", "sun", "shadow", "block"),
    "inflation": ("inflation", "price", "money", "purchasing", "cost", "currency"),
}
FORBIDDEN = {  # topic to describe, words that may not appear, words of which one shows it is about the topic
    "the ocean": (("water", "blue", "wave", "sea"), ("ocean", "salt", "tide", "deep", "vast", "marine", "fish",
                                                     "current", "coast", "shore", "whale", "earth", "planet")),
    "a forest": (("tree", "green", "wood", "leaf"), ("forest", "pine", "oak", "canopy", "moss", "birds", "wild",
                                                     "shade", "branch", "fern", "bark", "nature", "animals")),
    "winter": (("cold", "snow", "ice", "freeze"), ("winter", "frost", "chill", "december", "january", "dark",
                                                   "short days", "season", "coat", "scarf", "fire", "holiday")),
    "a desert": (("sand", "hot", "dry", "sun"), ("desert", "dune", "cactus", "arid", "camel", "heat", "barren",
                                                 "rain", "oasis", "scorch", "vast", "bare")),
}
NAMES = ("Mara Lind", "Tomas Reyes", "Aiko Tanaka", "Lena Novak", "Omar Haddad", "Priya Nair", "Jonas Berg",
         "Sofia Costa", "Kwame Mensah", "Elif Yilmaz")
CITIES = ("Tromsø", "Valparaíso", "Kraków", "Nagoya", "Porto", "Tbilisi", "Cusco", "Gdańsk", "Arden", "Bergen")
JOBS = ("nurse", "carpenter", "pilot", "teacher", "chemist", "baker", "architect", "librarian")


@register
class Instructions(Family):
    name = "instructions"
    category = "instruction_following"
    modality = "text"
    summary = "An instruction with a measurable constraint: an exact list count, a character or word limit, " \
              "forbidden words, JSON only."
    knobs = (
        Knob("task", "any", "which constraint", kind="choice", choices=("any", *TASKS)),
        Knob("count", 0, "exact_count: items to list (0: drawn from 2..7)", low=0, high=12),
        Knob("limit", 0, "max_chars / max_words: the limit (0: max_chars 50, max_words drawn from 8..30)",
             low=0, high=500),
    )

    def sample(self, rng, knobs):
        task = _ask.pick(rng, knobs["task"], TASKS)
        scene = {"task": task}
        if task == "exact_count":
            scene |= {"things": _ask.pick(rng, "any", tuple(THINGS)),
                      "count": knobs["count"] or int(rng.integers(2, 8))}
        elif task in ("max_chars", "max_words"):
            default = 50 if task == "max_chars" else int(rng.integers(8, 31))
            scene |= {"topic": _ask.pick(rng, "any", tuple(TOPICS)), "limit": knobs["limit"] or default}
        elif task == "forbidden_words":
            topic = _ask.pick(rng, "any", tuple(FORBIDDEN))
            words = [str(w) for w in rng.choice(FORBIDDEN[topic][0], size=3, replace=False)]
            scene |= {"topic": topic, "words": words}
        else:
            scene |= {"name": _ask.pick(rng, "any", NAMES), "age": int(rng.integers(19, 80)),
                      "city": _ask.pick(rng, "any", CITIES), "job": _ask.pick(rng, "any", JOBS)}
        return scene

    def question(self, scene):
        task = scene["task"]
        if task == "exact_count":
            n, things = scene["count"], scene["things"]
            value = {"kind": "exact_count", "count": n, "things": things, "vocabulary": list(THINGS[things])}
            return _constraint(f"List exactly {n} {things}, one per line.", value)
        if task == "max_chars":
            value = {"kind": "max_chars", "limit": scene["limit"], "topic": list(TOPICS[scene["topic"]])}
            return _constraint(f"Explain {scene['topic']} in {scene['limit']} characters or less.", value)
        if task == "max_words":
            value = {"kind": "max_words", "limit": scene["limit"], "min_words": 3,
                     "topic": list(TOPICS[scene["topic"]])}
            return _constraint(f"Explain {scene['topic']} in at most {scene['limit']} words.", value)
        if task == "forbidden_words":
            words = scene["words"]
            listed = ", ".join(f'"{w}"' for w in words[:-1]) + f' or "{words[-1]}"'
            value = {"kind": "forbidden_words", "words": words, "min_words": 5,
                     "topic": list(dict.fromkeys([scene["topic"].split()[-1], *FORBIDDEN[scene["topic"]][1]]))}
            return _constraint(f"Describe {scene['topic']} in one or two sentences without using the words {listed}.",
                               value)
        person = {"name": scene["name"], "age": scene["age"], "city": scene["city"]}
        prompt = (f"{scene['name']} is a {scene['job']} who is {scene['age']} years old and lives in {scene['city']}. "
                  "Reply with only a JSON object with the keys \"name\" (string), \"age\" (integer) and \"city\" "
                  "(string) for this person: no other text, no code fence.")
        return _constraint(prompt, {"kind": "json_only", "object": person})


    def question_in(self, scene, lang):
        """In Japanese and Chinese (issue #35) a limit is counted in characters, as those languages count: a word
        limit becomes a character limit (CHARS_PER_WORD a word), forbidden words are the language's own, and an
        answer is on topic by the language's words as well as the English ones."""
        if lang not in CJK:
            return super().question_in(scene, lang)
        task = scene["task"]
        if task == "max_words":  # asked as the max_chars task is, graded in characters
            scene = scene | {"task": "max_chars", "limit": scene["limit"] * CHARS_PER_WORD}
        question = super().question_in(scene, lang)
        value = question.truth.value
        if task in ("max_chars", "max_words"):
            value["topic"] = [*value["topic"], *TOPICS_CJK[scene["topic"]][CJK.index(lang)]]
            value["kind"] = "max_chars"
            question.grader.args["unit"] = "chars"
        elif task == "forbidden_words":
            own = [word(w, lang) for w in scene["words"]]
            english = ", ".join(f'"{w}"' for w in scene["words"][:-1]) + f' or "{scene["words"][-1]}"'
            listed = "".join(f"「{w}」" for w in own) if lang == "ja" else "、".join(f"“{w}”" for w in own)
            question.prompt = question.prompt.replace(english, listed)
            value["words"] = own
            value["topic"] = [*value["topic"], *TOPICS_CJK[scene["topic"]][CJK.index(lang)]]
            question.grader.args["unit"] = "chars"
        elif task == "exact_count":
            value["vocabulary"] = []  # an item in ja/zh is not in the English list: the count alone is graded
        return question


CHARS_PER_WORD = 3
"""A word limit asked in Japanese or Chinese becomes this many characters a word (an English word is ~1.5 CJK
characters of meaning; 3 leaves room, so a limit that fits in English fits in the language)."""
TOPICS_CJK = {  # topic -> (Japanese words, Chinese words) of which an answer about it contains one
    "photosynthesis": (("光合成", "植物", "光", "太陽", "二酸化炭素", "糖", "葉緑素", "エネルギー"),
                       ("光合作用", "植物", "光", "太阳", "二氧化碳", "糖", "叶绿素", "能量")),
    "gravity": (("重力", "引力", "質量", "引き", "落ち", "力"),
                ("重力", "引力", "质量", "吸引", "下落", "力")),
    "a rainbow": (("虹", "光", "屈折", "雨", "水滴", "色", "太陽"),
                  ("彩虹", "光", "折射", "雨", "水滴", "颜色", "太阳")),
    "the tides": (("潮", "月", "引力", "海"), ("潮", "月", "引力", "海")),
    "a solar eclipse": (("日食", "月", "太陽", "影"), ("日食", "月", "太阳", "影")),
    "inflation": (("インフレ", "物価", "お金", "通貨", "価値"), ("通货膨胀", "物价", "货币", "价格", "钱")),
    "the ocean": (("海", "塩", "潮", "深", "魚", "地球"), ("海", "盐", "潮", "深", "鱼", "地球")),
    "a forest": (("森", "林", "木", "鳥", "動物", "自然"), ("森林", "树", "鸟", "动物", "自然")),
    "winter": (("冬", "霜", "年末", "暗", "季節", "マフラー", "暖"), ("冬", "霜", "年底", "季节", "围巾", "暖")),
    "a desert": (("砂漠", "砂丘", "サボテン", "ラクダ", "暑", "オアシス"),
                 ("沙漠", "沙丘", "仙人掌", "骆驼", "炎热", "绿洲")),
}


def _constraint(prompt: str, value: dict) -> Question:
    return Question(prompt, Truth(kind="structured", value=value), GraderSpec(name="constraint"))
