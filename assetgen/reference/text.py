"""Answers to text-only prompts, worked out from the prompt it receives (never from a case or its truth).

Arithmetic is evaluated with a whitelist of ast nodes; a linear equation is solved; a syllogism is
decided by checking every model of its three terms; units problems are computed from their numbers;
code is composed for the function templates it recognises; constraints (counts, limits, forbidden
words, JSON only) are met from its own small word lists; and with `tools` in the request a tool is
chosen by keyword and its arguments filled from the prompt.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass
class TextReply:
    content: str | None = None
    tool_calls: list[dict] = field(default_factory=list)  # [{"name", "arguments": JSON string}]


def answer_text(prompt: str, tools: list | None = None) -> TextReply | None:
    """The reply to a text-only prompt, or None when no text task is recognised (the pixel solver then says
    it cannot answer)."""
    if tools:
        call = choose_tool(prompt, tools)
        if call is not None:
            return TextReply(tool_calls=[call])
    for pattern, solve in _TASKS:
        m = pattern.search(prompt[:20_000])
        if m:
            content = solve(m, prompt)
            if content is not None:
                return TextReply(content=content)
    if tools:
        return TextReply(content="None of the tools I was given fits this request, and I cannot answer it otherwise.")
    return None


# --- arithmetic and equations --------------------------------------------------------------------------------

_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.Div: lambda a, b: Fraction(a) / b}


def evaluate(expression: str) -> Fraction:
    """An arithmetic expression of numbers, + - * / and parentheses; anything else is refused."""
    text = expression.replace("×", "*").replace("−", "-").replace("÷", "/")
    if len(text) > 500 or not re.fullmatch(r"[\d\s+\-*/().]+", text):
        raise ValueError("not a plain arithmetic expression")

    def value(node) -> Fraction:
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return Fraction(node.value)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return Fraction(_OPS[type(node.op)](value(node.left), value(node.right)))
        raise ValueError("unsupported expression")

    return value(ast.parse(text, mode="eval").body)


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.6g}"


def _compute(m, prompt):
    try:
        return f"The result is {_number(evaluate(m.group(1)))}."
    except (ValueError, ZeroDivisionError, SyntaxError, RecursionError):
        return None


# --- syllogisms: decided over every model of three terms ------------------------------------------------------

_STATEMENT = re.compile(r"\b(all|some|no)\s+(\w+)\s+are\s+(not\s+)?(\w+)", re.IGNORECASE)


def _holds(statement: tuple, kinds: tuple) -> bool:
    """Does a statement hold in a model: the set of non-empty kinds (each a frozenset of the terms)."""
    quantifier, subject, negated, predicate = statement
    members = [k for k in kinds if subject in k]
    if quantifier == "all":
        return all((predicate in k) != negated for k in members)
    if quantifier == "no":
        return not any(predicate in k for k in members)
    return any((predicate in k) != negated for k in members)


def decide(premises: list[tuple], conclusion: tuple) -> str:
    """'true', 'false' or 'cannot be determined': the conclusion in every model where the premises hold
    (every term non-empty, as syllogisms assume)."""
    terms = sorted({t for s in [*premises, conclusion] for t in (s[1], s[3])})
    if len(terms) > 4:
        raise ValueError("too many terms")
    kinds = [frozenset(c) for r in range(1, len(terms) + 1) for c in itertools.combinations(terms, r)]
    verdicts = set()
    for n in range(1, len(kinds) + 1):
        for model in itertools.combinations(kinds, n):
            if all(any(t in k for k in model) for t in terms) and all(_holds(p, model) for p in premises):
                verdicts.add(_holds(conclusion, model))
    return "true" if verdicts == {True} else "false" if verdicts == {False} else "cannot be determined"


def _parse(statement: re.Match) -> tuple:
    q, s, neg, p = statement.groups()
    return q.lower(), s.lower(), bool(neg), p.lower()


def _syllogism(m, prompt):
    premises = [_parse(s) for s in _STATEMENT.finditer(m.group(1))]
    conclusion = _STATEMENT.search(m.group(2))
    if not premises or not conclusion:
        return None
    verdict = decide(premises, _parse(conclusion))
    reason = {"true": "it holds in every situation the premises allow",
              "false": "the premises rule it out", "cannot be determined":
              "the premises allow situations where it holds and situations where it does not"}[verdict]
    return f"{verdict[0].upper()}{verdict[1:]}: {reason}."


# --- units word problems --------------------------------------------------------------------------------------

def _shop(m, prompt):
    n_big, price, n_small, total_small = (int(m.group(k)) for k in (1, 3, 4, 6))
    if re.search(r"how much did one", prompt, re.IGNORECASE):
        return f"One {m.group(5).rstrip('s')} cost {_number(Fraction(total_small, n_small))} yen."
    return f"Altogether I spent {n_big * price + total_small} yen."


def _speed(m, prompt):
    km, minutes = int(m.group(1)), int(m.group(2))
    return f"The speed is {_number(Fraction(km * 60, minutes))} km/h." if minutes else None


# --- code --------------------------------------------------------------------------------------------------------

CODE = {  # function name, words its description must contain, the code
    "reverse_words": (("reverse", "words"), "def reverse_words(s):\n    return \" \".join(reversed(s.split()))\n"),
    "running_max": (("largest",), "def running_max(xs):\n    out = []\n    for x in xs:\n"
                    "        out.append(x if not out else max(out[-1], x))\n    return out\n"),
    "count_vowels": (("vowels",), "def count_vowels(s):\n    return sum(ch in \"aeiou\" for ch in s.lower())\n"),
    "is_palindrome": (("same backwards",), "def is_palindrome(s):\n"
                      "    kept = [ch.lower() for ch in s if ch.isalnum()]\n    return kept == kept[::-1]\n"),
    "second_largest": (("second largest",), "def second_largest(xs):\n    distinct = sorted(set(xs))\n"
                       "    return distinct[-2] if len(distinct) >= 2 else None\n"),
    "reverse_list": (("linked list",), "def reverse_list(head):\n    previous = None\n    while head is not None:\n"
                     "        following = head[\"next\"]\n        head[\"next\"] = previous\n"
                     "        previous, head = head, following\n    return previous\n"),
}


def _code(m, prompt):
    name, what = m.group(1), m.group(2).lower()
    known = CODE.get(name)
    if not known or not all(word in what for word in known[0]):
        return "I do not know how to write that function."
    return f"```python\n{known[1]}```"


def _linear(m, prompt):
    sign, a_text, op, b_text, c_text = m.groups()
    a = int(a_text or "1") * (-1 if sign else 1)
    b = int(b_text) * (-1 if op in "-−" else 1)
    c = int(c_text.replace("−", "-"))
    return f"x = {_number(Fraction(c - b, a))}" if a else None


# --- constraints ---------------------------------------------------------------------------------------------------

THINGS = {"fruits": ("apple", "banana", "cherry", "mango", "pear", "plum", "peach", "grape", "lemon", "kiwi", "fig",
                     "lime"),
          "colors": ("red", "blue", "green", "yellow", "purple", "orange", "pink", "brown", "black", "white", "gray",
                     "cyan"),
          "animals": ("dog", "cat", "horse", "lion", "tiger", "bear", "wolf", "fox", "rabbit", "deer", "eagle", "owl")}
FACTS = {  # short explanations, longest first
    "photosynthesis": ("Photosynthesis: plants use sunlight, water and CO2 to make sugar and release oxygen.",
                       "Plants turn sunlight, water and CO2 into sugar.", "Plants make sugar from sunlight.",
                       "Plants eat light."),
    "gravity": ("Gravity is the force by which masses attract each other, pulling objects toward Earth.",
                "Masses attract each other; Earth pulls us down.", "Masses pull on each other.", "Mass attracts."),
    "rainbow": ("A rainbow forms when sunlight is refracted and reflected inside raindrops, splitting its colors.",
                "Raindrops refract sunlight into its colors.", "Light split by raindrops.", "Refracted light."),
    "tides": ("Tides are the rise and fall of the sea caused by the Moon's and Sun's gravity on the oceans.",
              "The Moon's gravity pulls the oceans back and forth.", "The Moon's gravity pulls the sea.", "Moon pull."),
    "eclipse": ("A solar eclipse happens when the Moon passes between the Sun and Earth and casts its shadow.",
                "The Moon blocks the Sun, casting a shadow on Earth.", "The Moon blocks the Sun.", "Moon blocks Sun."),
    "inflation": ("Inflation is a general rise in prices that lowers the purchasing power of money over time.",
                  "Prices rise over time, so money buys less.", "Rising prices; money buys less.", "Prices rise."),
}
DESCRIPTIONS = {  # several descriptions, so one avoids any forbidden words asked
    "ocean": ("The ocean is a vast, salty expanse that covers most of the planet and shapes its climate.",
              "A deep, restless expanse of salt water where whales roam and tides rise and fall."),
    "forest": ("A forest is a shaded, quiet place of tall trunks, moss and ferns, alive with birds and animals.",
               "Under its dense canopy of leaves, the wild woodland hums with birds, insects and animals."),
    "winter": ("Winter is the darkest season, with short days, long nights and a bitter chill in the air.",
               "The coldest season brings frost, snow and ice, and people gather by the fire in thick coats."),
    "desert": ("A desert is a barren, arid land of dunes and cactus where rain almost never falls.",
               "A vast, dry expanse of sand and rock under a scorching sun, with an oasis here and there."),
}


def _fact(topic: str) -> tuple[str, ...] | None:
    return next((facts for key, facts in FACTS.items() if key in topic.lower()), None)


def _list(m, prompt):
    n, things = int(m.group(1)), THINGS.get(m.group(2).lower())
    if things is None or not 0 < n <= len(things):
        return None
    return "\n".join(t.capitalize() for t in things[:n])


def _chars(m, prompt):
    facts, limit = _fact(m.group(1)), int(m.group(2))
    if not facts:
        return None
    fitting = [f for f in facts if len(f) <= limit]
    return fitting[0] if fitting else facts[-1][:limit].rstrip()


def _words(m, prompt):
    facts, limit = _fact(m.group(1)), int(m.group(2))
    if not facts:
        return None
    fitting = [f for f in facts if len(f.split()) <= limit]
    return fitting[0] if fitting else " ".join(facts[-1].split()[:limit])


def _forbidden(m, prompt):
    topic = m.group(1).lower()
    words = re.findall(r'"([^"]+)"', m.group(2))
    for key, texts in DESCRIPTIONS.items():
        if key in topic:
            for text in texts:
                if not any(re.search(rf"\b{re.escape(w)}(?:s|es|ed|d|ing|y)?\b", text, re.IGNORECASE) for w in words):
                    return text
    return None


def _json_person(m, prompt):
    return json.dumps({"name": m.group(1), "age": int(m.group(2)), "city": m.group(3)}, ensure_ascii=False)


_TASKS = [(re.compile(p, re.IGNORECASE | re.DOTALL), f) for p, f in (
    (r"^Compute ([\d\s+\-−×*/().]{1,500})\. Answer with a number", _compute),
    (r"Solve for x: (−|-)?(\d*)x ([+\-−]) (\d+) = (−?-?\d+)", _linear),
    (r"Premises: (.{1,500}?)\s*Based only on these premises, is the statement \"([^\"]{1,200})\"", _syllogism),
    (r"I bought (\d+) (\w+) at (\d+) yen each and (\d+) (\w+) for (\d+) yen in total", _shop),
    (r"travels (\d+) km in (\d+) minutes", _speed),
    (r"Write a Python function (\w+)\([^)]{0,100}\) that (.{1,600}?)\. Use only", _code),
    (r"List exactly (\d+) (\w+)", _list),
    (r"Explain (.{1,60}?) in (\d+) characters or less", _chars),
    (r"Explain (.{1,60}?) in at most (\d+) words", _words),
    (r"Describe (.{1,60}?) in one or two sentences without using the words (.{1,200}?)\.", _forbidden),
    (r"^(.{1,80}?) is an? \w+ who is (\d+) years old and lives in ([^.]{1,80})\. Reply with only a JSON object",
     _json_person),
)]


# --- tools -------------------------------------------------------------------------------------------------------

_WORD = re.compile(r"[a-z]+")
_PLACE = re.compile(r"\b(?:in|to|at|for|from)\s+([A-Z][\w’'-]+(?:\s[A-Z][\w’'-]+)?)")
_STOP = {"the", "a", "an", "of", "for", "to", "in", "get", "and", "or", "e", "g", "is", "it", "one", "from"}


def _words_of(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower().replace("_", " ")) if w not in _STOP and len(w) > 2}


def _stem(words: set[str]) -> set[str]:
    return {w[:5] for w in words}


def _argument(name: str, schema: dict, prompt: str, used: list[str]):
    """A value for one parameter, read from the prompt; None when the prompt does not give one."""
    kind = schema.get("type")
    if schema.get("enum"):
        found = [(prompt.lower().find(str(v).lower()), v) for v in schema["enum"] if str(v).lower() in prompt.lower()]
        return min(found)[1] if found else None
    if kind in ("number", "integer"):
        numbers = [n for n in re.findall(r"(?<![\w/])\d+(?:\.\d+)?(?![\w/])", prompt) if n not in used]
        if not numbers:
            return None
        used.append(numbers[0])
        return float(numbers[0]) if "." in numbers[0] else int(numbers[0])
    low = name.lower()
    if "currency" in low:
        codes = [c for c in re.findall(r"\b[A-Z]{3}\b", prompt) if c not in used]
        if codes:
            used.append(codes[0])
            return codes[0]
        return None
    if "zone" in low:
        zone = re.search(r"\b[A-Z][A-Za-z]+/[A-Za-z_]+\b", prompt)
        return zone.group(0) if zone else None
    if "expression" in low:
        product = re.search(r"(\d+)\s*([*×x+\-/])\s*(\d+)", prompt)
        return f"{product.group(1)} {product.group(2).replace('×', '*').replace('x', '*')} {product.group(3)}" \
            if product else None
    if low in ("city", "location", "place", "destination", "origin"):
        places = [p for p in _PLACE.findall(prompt) if p.split()[0] not in ("The", "I", "A")]
        return places[0] if places else None
    return None


def choose_tool(prompt: str, tools: list) -> dict | None:
    """The offered function whose name and description share the most words with the prompt, called with
    arguments read from the prompt; None when no tool fits or a required argument is not in the prompt."""
    asked = _stem(_words_of(prompt))
    if re.search(r"\d\s*[*×x]\s*\d", prompt):
        asked |= {"calcu", "expre", "arith"}
    if len(re.findall(r"\b[A-Z]{3}\b", prompt)) >= 2:  # 'How much is 250 USD in EUR?'
        asked |= {"curre", "conve", "money"}
    best, best_score = None, 0
    for tool in tools[:64]:
        function = tool.get("function") if isinstance(tool, dict) else None
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            continue
        words = _stem(_words_of(f"{function['name']} {function.get('description', '')}"))
        score = len(words & asked)
        if score > best_score:
            best, best_score = function, score
    if best is None:
        return None
    parameters = best.get("parameters") if isinstance(best.get("parameters"), dict) else {}
    properties = parameters.get("properties") if isinstance(parameters.get("properties"), dict) else {}
    required = parameters.get("required") if isinstance(parameters.get("required"), list) else list(properties)
    arguments, used = {}, []
    for name, schema in properties.items():
        value = _argument(name, schema if isinstance(schema, dict) else {}, prompt, used)
        if value is not None:
            arguments[name] = value
        elif name in required:
            return None
    return {"name": best["name"], "arguments": json.dumps(arguments, ensure_ascii=False)}
