"""Tool calling (issue #15, dimension 6): tools defined in the request, graded on message.tool_calls.

Tasks: one tool offered (`single`); several offered and one is right (`choose`); the arguments need a
value stated elsewhere in the message (`from_prompt`). The truth is the tool's name and its exact JSON
arguments; the case sends its tools with tool_choice "auto" (RequestOverrides).
"""

from __future__ import annotations

from assetgen.dataset.records import RequestOverrides
from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, Question, register
from graders.records import GraderSpec, Truth

TASKS = ("single", "choose", "from_prompt")
CITIES = ("Lisbon", "Tokyo", "Nairobi", "Oslo", "Lima", "Hanoi", "Toronto", "Cairo", "Reykjavik", "Perth")
CURRENCIES = ("USD", "EUR", "JPY", "GBP", "CHF", "CAD", "AUD", "SEK")
ZONES = ("Europe/Berlin", "Asia/Tokyo", "America/New_York", "Australia/Sydney", "Africa/Lagos", "America/Lima")


def _function(name: str, description: str, properties: dict, required: list[str]) -> dict:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required, "additionalProperties": False}}}


TOOLS = {
    "get_weather": _function("get_weather", "Get the current weather for a city.", {
        "city": {"type": "string", "description": "City name, e.g. Paris"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}},
        ["city", "unit"]),
    "convert_currency": _function("convert_currency", "Convert an amount of money from one currency to another.", {
        "amount": {"type": "number", "description": "Amount to convert"},
        "from_currency": {"type": "string", "description": "ISO 4217 code of the source currency, e.g. USD"},
        "to_currency": {"type": "string", "description": "ISO 4217 code of the target currency, e.g. EUR"}},
        ["amount", "from_currency", "to_currency"]),
    "get_time": _function("get_time", "Get the current local time in an IANA time zone.", {
        "timezone": {"type": "string", "description": "IANA time zone, e.g. Europe/Paris"}}, ["timezone"]),
    "calculate": _function("calculate", "Evaluate an arithmetic expression exactly.", {
        "expression": {"type": "string", "description": "The expression, e.g. 12 * 7"}}, ["expression"]),
    "send_email": _function("send_email", "Send an email.", {
        "to": {"type": "string", "description": "Recipient address"},
        "subject": {"type": "string", "description": "Subject line"},
        "body": {"type": "string", "description": "Message text"}}, ["to", "subject", "body"]),
}


def _expressions(a: int, b: int) -> list[str]:
    """Spellings of 'a * b' a calculator accepts alike."""
    return [f"{x}{s}{op}{s}{y}" for x, y in ((a, b), (b, a)) for op in ("*", "×", "x") for s in ("", " ")]


@register
class ToolCalling(Family):
    name = "tool_calling"
    category = "tool_calling"
    modality = "text"
    summary = "Tools defined in the request; the right tool called with exact JSON arguments."
    knobs = (
        Knob("task", "any", "single tool, choose one of several, or an argument taken from the message",
             kind="choice", choices=("any", *TASKS)),
        Knob("tools", 4, "choose: tools offered", low=2, high=len(TOOLS)),
    )

    def sample(self, rng, knobs):
        task = _ask.pick(rng, knobs["task"], TASKS)
        unit = _ask.pick(rng, "any", ("celsius", "fahrenheit"))
        scene = {"task": task, "city": _ask.pick(rng, "any", CITIES), "unit": unit}
        if task == "choose":
            target = _ask.pick(rng, "any", ("convert_currency", "get_time", "calculate"))
            others = [t for t in TOOLS if t != target and t != "send_email"]
            offered = [target, *(str(t) for t in rng.choice(others, size=min(knobs["tools"], len(TOOLS)) - 1,
                                                            replace=False))]
            order = [int(i) for i in rng.permutation(len(offered))]
            scene |= {"target": target, "offered": [offered[i] for i in order],
                      "amount": int(rng.integers(2, 400)) * 5,
                      "currencies": [str(c) for c in rng.choice(CURRENCIES, size=2, replace=False)],
                      "zone": _ask.pick(rng, "any", ZONES),
                      "a": int(rng.integers(12, 99)), "b": int(rng.integers(12, 99))}
        return scene

    def question(self, scene):
        task, city, unit = scene["task"], scene["city"], scene["unit"]
        alternatives: dict[str, list] = {}
        if task == "single":
            offered = ["get_weather"]
            prompt = f"What's the weather in {city} right now? Give the temperature in {unit}."
            want = {"name": "get_weather", "arguments": {"city": city, "unit": unit}}
        elif task == "from_prompt":
            offered = ["get_weather", "send_email"]
            prompt = (f"I land in {city} tomorrow morning for a week of meetings and I'm wondering what to pack. "
                      f"Could you check the current weather there for me, in {unit}?")
            want = {"name": "get_weather", "arguments": {"city": city, "unit": unit}}
        else:
            offered, target = scene["offered"], scene["target"]
            if target == "convert_currency":
                source, dest = scene["currencies"]
                prompt = f"How much is {scene['amount']} {source} in {dest}?"
                want = {"name": target, "arguments": {"amount": scene["amount"], "from_currency": source,
                                                      "to_currency": dest}}
            elif target == "get_time":
                prompt = f"What time is it right now in the {scene['zone']} time zone?"
                want = {"name": target, "arguments": {"timezone": scene["zone"]}}
            else:
                a, b = scene["a"], scene["b"]
                prompt = f"Use the calculator: what is {a} * {b}?"
                expressions = _expressions(a, b)
                want = {"name": target, "arguments": {"expression": expressions[1]}}
                alternatives = {"expression": [e for e in expressions if e != expressions[1]]}
        if task != "choose" and city:
            alternatives = {"city": [f"{city}, {country}" for country in _COUNTRY.get(city, ())]}
        args = {"offered": offered} | ({"alternatives": alternatives} if alternatives else {})
        return Question(prompt, Truth(kind="structured", value=want), GraderSpec(name="tool_call", args=args),
                        request=RequestOverrides(tools=[TOOLS[name] for name in offered], tool_choice="auto"))


_COUNTRY = {"Lisbon": ("Portugal", "PT"), "Tokyo": ("Japan", "JP"), "Nairobi": ("Kenya", "KE"),
            "Oslo": ("Norway", "NO"), "Lima": ("Peru", "PE"), "Hanoi": ("Vietnam", "VN"),
            "Toronto": ("Canada", "CA", "ON"), "Cairo": ("Egypt", "EG"), "Reykjavik": ("Iceland", "IS"),
            "Perth": ("Australia", "AU", "WA")}
