"""graders/POLICY.md rules 6.11 and section 9 (tool calls, constraints, code, logic), one row per rule:
the row id starts with the rule's number, as in test_policy_table.py."""

from __future__ import annotations

import pytest

from graders import CAUSES, grade


def case(value, grader, args=None, kind="structured", prompt="p"):
    return {"id": "t", "family": "f", "category": "c", "modality": "text", "prompt": prompt,
            "truth": {"kind": kind, "value": value}, "grader": {"name": grader, "args": args or {}}}


def ok(content, **extra):
    return {"content": content, "finish_reason": "stop", **extra}


def called(name, arguments, finish="tool_calls", content=None, more=()):
    calls = [{"id": "call_1", "name": name, "arguments": arguments}, *more]
    return {"content": content, "finish_reason": finish, "tool_calls": calls}


WEATHER = case({"name": "get_weather", "arguments": {"city": "Lisbon", "unit": "celsius"}}, "tool_call",
               {"offered": ["get_weather", "get_time", "convert_currency"],
                "alternatives": {"city": ["Lisbon, Portugal"]}},
               prompt="What's the weather in Lisbon right now, in celsius?")
RIGHT = '{"city": "Lisbon", "unit": "celsius"}'
FIFTY = case({"kind": "max_chars", "limit": 50, "topic": ["photosynth", "light", "sun", "plant"]}, "constraint",
             prompt="Explain photosynthesis in 50 characters or less.")
FRUITS = case({"kind": "exact_count", "count": 3, "things": "fruits",
               "vocabulary": ["apple", "banana", "cherry", "mango", "orange", "pear", "grape", "kiwi"]}, "constraint",
              prompt="List exactly 3 fruits.")
OCEAN = ["ocean", "sea", "salt", "water", "wave", "tide"]
WORDS = case({"kind": "max_words", "limit": 20, "min_words": 3, "topic": OCEAN}, "constraint",
             prompt="Describe the ocean in at most 20 words.")
FORBIDDEN = case({"kind": "forbidden_words", "words": ["water", "blue", "wave"], "min_words": 5,
                  "topic": ["ocean", "sea", "salt", "tide", "deep"]}, "constraint",
                 prompt="Describe the ocean in one sentence without the words water, blue or wave.")
FORBIDDEN_LEAF = case({"kind": "forbidden_words", "words": ["leaf", "green", "wood"], "min_words": 5,
                       "topic": ["forest", "oak", "moss", "canopy"]}, "constraint",
                      prompt="Describe a forest in one or two sentences without the words leaf, green or wood.")
JSON_ONLY = case({"kind": "json_only", "object": {"city": "Arden", "population": 48200}}, "constraint",
                 prompt="Reply with only a JSON object with keys city and population: Arden has 48,200 people.")
CODE = case({"function": "running_max", "tests": [[[[1, 3, 2]], [1, 3, 3]], [[[]], []], [[[5, 1]], [5, 5]],
                                                  [[[-2, -5]], [-2, -2]]]},
            "code_tests", prompt="Write running_max(xs).")
GOOD = "```python\ndef running_max(xs):\n    out, best = [], None\n    for x in xs:\n" \
       "        best = x if best is None else max(best, x)\n        out.append(best)\n    return out\n```"
SYLLOGISM = case("undetermined", "logic", kind="text",
                 prompt="All bloops are razzies. Some razzies are lazzies. Is 'some bloops are lazzies' true, false, "
                        "or cannot be determined?")

LIME = {"id": "t", "family": "f", "category": "c", "modality": "text", "grader": {"name": "numeric", "args": {}},
        "prompt": "I bought 4 limes for 320 yen in total. How much did one lime cost, in yen? Answer with a number.",
        "truth": {"kind": "number", "value": 80, "unit": "yen"}}

ROWS = [
    ("5.2-number-bound-to-the-unit", LIME, ok("One lime cost 80 yen."), "correct", None),
    ("5.2-unit-bound-wrong-number", LIME, ok("One lime costs 8 yen."), "incorrect", "wrong"),
    ("9.1-right-call", WEATHER, called("get_weather", RIGHT), "correct", None),
    ("9.1-alternative-value", WEATHER, called("get_weather", '{"city": "Lisbon, Portugal", "unit": "celsius"}'),
     "correct", None),
    ("9.1-case-folded-string", WEATHER, called("get_weather", '{"city": "lisbon", "unit": "Celsius"}'),
     "correct", None),
    ("9.1-finish-stop-is-format", WEATHER, called("get_weather", RIGHT, finish="stop"), "partial", "format"),
    ("9.1-wrong-argument-value", WEATHER, called("get_weather", '{"city": "Porto", "unit": "celsius"}'),
     "partial", "wrong"),
    ("9.1-extra-argument", WEATHER, called("get_weather", '{"city": "Lisbon", "unit": "celsius", "days": 3}'),
     "partial", "wrong"),
    ("9.1-number-as-string-is-wrong", case({"name": "add", "arguments": {"a": 2}}, "tool_call"),
     called("add", '{"a": "2"}'), "incorrect", "wrong"),
    ("6.11-wrong-tool", WEATHER, called("get_time", '{"city": "Lisbon"}'), "incorrect", "wrong_tool"),
    ("6.11-right-and-another", WEATHER, called("get_weather", RIGHT, more=[{"name": "get_time", "arguments": "{}"}]),
     "partial", "wrong_tool"),
    ("6.11-malformed-arguments", WEATHER, called("get_weather", "{city: Lisbon, unit: celsius}"), "incorrect",
     "malformed_arguments"),
    ("6.11-arguments-a-list", WEATHER, called("get_weather", '["Lisbon"]'), "incorrect", "malformed_arguments"),
    ("6.11-hermes-tags-in-text", WEATHER,
     ok(f'<tool_call>\n{{"name": "get_weather", "arguments": {RIGHT}}}\n</tool_call>'),
     "partial", "tool_in_text"),
    ("6.11-llama-json-in-text", WEATHER, ok(f'{{"name": "get_weather", "parameters": {RIGHT}}}'), "partial",
     "tool_in_text"),
    ("6.11-pythonic-in-text", WEATHER, ok('[get_weather(city="Lisbon", unit="celsius")]'), "partial", "tool_in_text"),
    ("6.11-wrong-call-in-text", WEATHER, ok('I will call get_time(city="Lisbon").'), "incorrect", "tool_in_text"),
    ("6.11-no-call-prose", WEATHER, ok("It is sunny in Lisbon today, about 22 °C."), "incorrect", "no_tool_call"),
    ("6.11-no-call-empty", WEATHER, {"content": "", "finish_reason": "stop"}, "no_answer", "no_tool_call"),
    ("6.5-declined-without-call", WEATHER, ok("I'm sorry, but I can't access real-time weather data."),
     "no_answer", "refusal"),
    ("6.6-cut-before-a-call", WEATHER, {"content": None, "finish_reason": "length"}, "no_answer", "truncation"),
    ("9.3-fifty-chars", FIFTY, ok("Plants turn sunlight, CO2 and water into sugar."), "correct", None),
    ("9.3-over-fifty-chars", FIFTY, ok("Photosynthesis is the process by which green plants use sunlight to make "
                                       "glucose from carbon dioxide and water."), "incorrect", "wrong"),
    ("9.3-short-but-off-topic", FIFTY, ok("I like trains."), "incorrect", "wrong"),
    ("9.3-reasoning-not-counted", FIFTY, ok("<think>" + "Let me count characters. " * 20 + "</think>Plants make sugar "
                                            "from light."), "correct", None),
    ("9.3-three-fruits-numbered", FRUITS, ok("Here are three fruits:\n1. Apple\n2. Banana\n3. Mango"), "correct", None),
    ("9.3-three-fruits-comma", FRUITS, ok("Apples, bananas and cherries."), "correct", None),
    ("9.3-four-fruits", FRUITS, ok("- Apple\n- Banana\n- Cherry\n- Kiwi"), "incorrect", "wrong"),
    ("9.3-not-fruits", FRUITS, ok("1. Apple\n2. Carrot\n3. Banana"), "incorrect", "wrong"),
    ("9.3-word-limit", WORDS, ok("A vast, restless body of salt water covering most of Earth."), "correct", None),
    ("9.3-word-limit-broken", WORDS, ok("The ocean " + "is deep and wide and " * 6 + "old."), "incorrect", "wrong"),
    ("9.3-no-forbidden-word", FORBIDDEN, ok("The ocean is a vast, salty expanse that shapes the climate of Earth."),
     "correct", None),
    ("9.3-forbidden-word-inflected", FORBIDDEN, ok("The ocean waves roll in under a grey sky, deep and cold."),
     "incorrect", "wrong"),
    ("9.3-json-only", JSON_ONLY, ok('{"city": "Arden", "population": 48200}'), "correct", None),
    ("9.3-json-in-fence-is-format", JSON_ONLY, ok('```json\n{"city": "Arden", "population": 48200}\n```'),
     "partial", "format"),
    ("9.3-json-in-prose-is-format", JSON_ONLY, ok('Sure! {"city": "Arden", "population": 48200}'), "partial", "format"),
    ("9.3-json-wrong-value", JSON_ONLY, ok('{"city": "Arden", "population": "48,200"}'), "partial", "wrong"),
    ("9.4-code-passes", CODE, ok("Here you go:\n" + GOOD + "\nIt keeps the best so far."), "correct", None),
    ("9.4-code-partly-right", CODE, ok("```python\ndef running_max(xs):\n    out, best = [], 0\n    for x in xs:\n"
                                       "        best = max(best, x)\n        out.append(best)\n    return out\n```"),
           "partial", "wrong"),
    ("9.4-only-an-edge-case-passes", CODE, ok("```python\ndef running_max(xs):\n    return xs[:1] * 0\n```"),
     "incorrect", "wrong"),
    ("9.3-forbidden-word-irregular-plural", FORBIDDEN_LEAF, ok("Sunlight filters through the leaves of tall oaks "
                                                               "onto the mossy ground."), "incorrect", "wrong"),
    ("6.6-call-cut-mid-json", WEATHER, called("get_weather", '{"city": "Lis', finish="length"), "no_answer",
     "truncation"),
    ("9.4-no-code", CODE, ok("Keep a running maximum and append it at each step."), "incorrect", "wrong"),
    ("9.4-last-defining-block", CODE, ok("```python\ndef running_max(xs):\n    return xs\n```\nOops, fixed:\n" + GOOD),
     "correct", None),
    ("9.5-cannot-be-determined", SYLLOGISM, ok("It cannot be determined from the premises."), "correct", None),
    ("9.5-does-not-follow", SYLLOGISM, ok("No — it does not follow. The razzies that are lazzies need not be bloops."),
     "correct", None),
    ("9.5-not-necessarily-true", SYLLOGISM, ok("**Cannot be determined.** The statement is not necessarily true."),
     "correct", None),
    ("9.5-true-is-wrong", SYLLOGISM, ok("True. Since all bloops are razzies, some bloops are lazzies."),
     "incorrect", "wrong"),
    ("9.5-hedge", SYLLOGISM, ok("It could be true. Or false."), "incorrect", "wrong"),
]


@pytest.mark.parametrize("case_, response, verdict, cause", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_text_policy(case_, response, verdict, cause):
    got = grade(case_, response)
    assert (got.verdict, got.cause) == (verdict, cause), got.explanation


def test_every_new_cause_has_a_row():
    causes = {r[4] for r in ROWS}
    assert {"tool_in_text", "malformed_arguments", "wrong_tool", "no_tool_call"} <= causes <= set(CAUSES) | {None}


def test_tool_calls_are_capped_on_read():
    record = called("get_weather", RIGHT)
    record["tool_calls"] = record["tool_calls"] * 100
    from graders import Response

    assert len(Response.model_validate({"case_id": "t", **record}).tool_calls) == 16


HOSTILE = {"tool-call-tags": "<tool_call>" * 4000, "backticks": "```" * 13000, "fence-openers": "```python\n" * 4000,
           "pythonic-call-sites": "get_weather(" * 4000 + ")", "closing-parens": "get_weather(city=" + ")" * 20000,
           "bullets": "- apple\n" * 6000, "braces": "{" * 100_000, "quoted-keys": '{"name": "' * 5000}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_text_graders_are_total_on_hostile_answers(text):
    """POLICY.md 7.1 for the text graders (times: benchmarks/grade_text_worst.py)."""
    for case_ in (WEATHER, FIFTY, FRUITS, WORDS, FORBIDDEN, JSON_ONLY, SYLLOGISM):
        got = grade(case_, {"content": text, "finish_reason": "stop"})
        assert got.verdict != "error" and 0 <= got.score <= 1, got.explanation
    from graders.codetests import code_of

    assert code_of(text, "running_max") is None
