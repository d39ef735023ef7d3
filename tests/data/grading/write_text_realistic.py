"""Write realistic answers to the 18 text cases of suites.QUALITY (seed 0), with human labels.

Run:  python3 write_text_realistic.py   (writes text_realistic.jsonl next to this file)

Each answer is written the way a family of models answers these prompts (Qwen3 with <think> in content or
a reasoning field, GPT-4o's markdown, Llama 3.1's JSON tool calls as text, Gemma's terse replies,
DeepSeek-R1's long reasoning), with what the server returned (tool_calls, finish_reason). The label is
what a careful human gives under graders/POLICY.md, decided before the graders were run on it, with a
one-line reason.
"""
from __future__ import annotations

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
VERDICTS = {"correct", "partial", "incorrect", "no_answer", "error"}
CAUSES = {"truncation", "reasoning_exhausted", "refusal", "tool_in_text", "malformed_arguments", "wrong_tool",
          "no_tool_call", "format", "wrong", "transport"}
STYLES = {"qwen3", "gpt-4o", "llama-3.1", "gemma-3", "deepseek-r1", "mistral"}
ROWS: list[dict] = []
_case = [""]


def case(cid: str) -> None:
    _case[0] = cid


def call(name: str, arguments, cid: str = "chatcmpl-tool-1") -> dict:
    return {"id": cid, "name": name, "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments)}


def R(style, content, verdict, cause=None, why="", *, reasoning=None, finish="stop", calls=None, status="ok",
      http_status=None, error=None, max_tokens=None):
    assert style in STYLES and verdict in VERDICTS, (style, verdict)
    assert (cause is None) == (verdict == "correct") and (cause is None or cause in CAUSES), (verdict, cause)
    assert why
    ROWS.append({"id": f"{_case[0]}-r{sum(r['case_id'] == _case[0] for r in ROWS) + 1:02d}", "case_id": _case[0],
                 "style": style,
                 "response": {"content": content, "reasoning": reasoning, "finish_reason": finish, "tool_calls": calls,
                              "status": status, "http_status": http_status, "error": error,
                              "sent": {"max_tokens": max_tokens} if max_tokens else None},
                 "human": {"verdict": verdict, "cause": cause, "why": why}})


def think(reasoning: str, answer: str) -> str:
    return f"<think>\n{reasoning}\n</think>\n\n{answer}"


# --- reasoning ------------------------------------------------------------------------------------------------
case("reasoning-s0-0000")  # ((48 + 17) + 35) + 53 = 153
R("qwen3", think("48 + 17 = 65. 65 + 35 = 100. 100 + 53 = 153.", "153"), "correct", why="153 after the think block")
R("gpt-4o", "Let's compute step by step:\n\n1. 48 + 17 = 65\n2. 65 + 35 = 100\n3. 100 + 53 = 153\n\n**Answer: 153**",
  "correct", why="explicit answer 153")
R("llama-3.1", "The result of the expression is 143.", "incorrect", "wrong", why="143 is wrong")
R("gemma-3", "((48 + 17) + 35) + 53 = 153", "correct", why="the value after the last '=' is 153")
R("qwen3", "Let's add step by step: 48 + 17 = 65. Then 65 + 35 = 100. Then 100 +", "no_answer", "truncation",
  why="cut at max_tokens before the final sum", finish="length", max_tokens=24)
R("deepseek-r1", None, "no_answer", "reasoning_exhausted", why="all budget spent reasoning",
  reasoning="Okay, so I need to compute ((48 + 17) + 35) + 53. Let me start with the innermost parentheses. "
  "48 plus 17... 48 + 10 = 58, 58 + 7 = 65. Then 65 + 35", finish="length", max_tokens=48)

case("reasoning-s0-0001")  # -5x + 8 = -102 -> x = 22
R("gpt-4o", "To solve -5x + 8 = -102:\n\nSubtract 8 from both sides: -5x = -110\nDivide by -5: x = 22\n\n**x = 22**",
  "correct", why="x = 22")
R("qwen3", think("-5x = -102 - 8 = -110, so x = 22.", "x = 22"), "correct", why="x = 22")
R("llama-3.1", "x = -22", "incorrect", "wrong", why="sign error")
R("gemma-3", "-5x + 8 = -102 → -5x = -94 → x = 18.8", "incorrect", "wrong", why="added 8 instead of subtracting")

case("reasoning-s0-0002")  # All tovs are daxes. Some daxes are lazzies. Some tovs are lazzies? undetermined
R("gemma-3", "Cannot be determined.", "correct", why="the invalid form recognised")
R("gpt-4o", "**Cannot be determined.**\n\nThe premises tell us every tov is a dax and that some daxes are lazzies, "
  "but the lazzies among the daxes might not include any tovs.", "correct", why="cannot be determined, explained")
R("llama-3.1", "True. Since all tovs are daxes and some daxes are lazzies, some tovs must be lazzies.", "incorrect",
  "wrong", why="the classic fallacy: claims true")
R("deepseek-r1", think("All tovs are daxes; some daxes are lazzies. The lazzies could be daxes that are not tovs. "
                       "Undistributed middle, so it does not follow.", "The answer is: cannot be determined"),
  "correct", why="cannot be determined after the reasoning")
R("mistral", "false", "incorrect", "wrong", why="false is not what the premises give")
R("qwen3", "It's not necessarily true — the answer is **cannot be determined**.", "correct",
  why="not necessarily true = cannot be determined", reasoning="Some daxes are lazzies, but are those daxes tovs? "
  "Not necessarily.")

case("reasoning-s0-0003")  # All zibs are vands. All tovs are vands. All zibs are tovs? undetermined
R("gpt-4o", "No, it does not follow: both zibs and tovs are vands, but that says nothing about whether zibs are "
  "tovs. Answer: cannot be determined.", "correct", why="does not follow; answer cannot be determined")
R("gemma-3", "True", "incorrect", "wrong", why="claims true")
R("qwen3", "The statement could be true or false; we cannot tell from the premises.", "correct",
  why="could be either = cannot be determined")
R("llama-3.1", "False. Zibs and tovs are different kinds of vands.", "incorrect", "wrong",
  why="claims false, inventing a premise")

case("reasoning-s0-0004")  # 7 kiwis for 350 yen -> 50 yen each
R("gemma-3", "One kiwi cost 50 yen.", "correct", why="50 yen")
R("gpt-4o", "7 kiwis cost 350 yen, so each kiwi costs 350 ÷ 7 = **50 yen**.", "correct", why="50 yen, in bold")
R("qwen3", "Total spent: 5 × 110 + 350 = 900 yen. One kiwi costs 50 yen.", "correct",
  why="the question asks the price of one kiwi: 50 yen; the total is extra information")
R("llama-3.1", "Each kiwi costs 70 yen.", "incorrect", "wrong", why="70 is wrong")
R("deepseek-r1", think("350 / 7 = 50", "50"), "correct", why="50")

case("reasoning-s0-0005")  # 20 km in 30 min -> 40 km/h
R("gemma-3", "40 km/h", "correct", why="40 km/h")
R("gpt-4o", "Speed = distance / time = 20 km / 0.5 h = **40 km/h**", "correct", why="40 km/h")
R("qwen3", "The train's speed is 0.67 km per minute, which is 40 km/h.", "correct",
  why="converts to 40 km/h as asked")
R("llama-3.1", "10 km/h", "incorrect", "wrong", why="wrong conversion")

case("reasoning-s0-0006")  # reverse_list on dict nodes
R("gpt-4o", "Here's an iterative solution:\n\n```python\ndef reverse_list(head):\n    prev = None\n    current = head\n"
  "    while current:\n        nxt = current[\"next\"]\n        current[\"next\"] = prev\n        prev = current\n"
  "        current = nxt\n    return prev\n```\n\nThis runs in O(n) time and O(1) space.", "correct",
  why="correct iterative reversal")
R("qwen3", "```python\ndef reverse_list(head):\n    if head is None or head['next'] is None:\n        return head\n"
  "    new_head = reverse_list(head['next'])\n    head['next']['next'] = head\n    head['next'] = None\n"
  "    return new_head\n```", "correct", why="correct recursive reversal")
R("llama-3.1", "```python\ndef reverse_list(head):\n    prev = None\n    while head:\n        nxt = head.next\n"
  "        head.next = prev\n        prev = head\n        head = nxt\n    return prev\n```", "incorrect", "wrong",
  why="uses attributes, not the dict nodes asked: fails on every non-empty list")
R("gemma-3", "def reverse_list(head):\n    prev = None\n    while head is not None:\n"
  "        head['next'], prev, head = prev, head, head['next']\n    return prev", "correct",
  why="correct, unfenced")
R("qwen3", think("Iterate, flipping next pointers.", "```python\ndef reverse_list(head):\n    prev = None\n"
                 "    while head:\n        head[\"next\"], prev, head = prev, head, head[\"next\"]\n    return prev\n```"),
  "correct", why="correct after the think block")

case("reasoning-s0-0007")  # running_max
R("gpt-4o", "```python\nfrom itertools import accumulate\n\ndef running_max(xs):\n    return list(accumulate(xs, max))\n"
  "```", "correct", why="accumulate with max is right, empty list included")
R("llama-3.1", "```python\ndef running_max(xs):\n    result = []\n    current = 0\n    for x in xs:\n"
  "        current = max(current, x)\n        result.append(current)\n    return result\n```", "partial", "wrong",
  why="right except when the prefix maximum is negative (starts at 0): most tests pass")
R("mistral", "```python\ndef running_max(xs):\n    i = 0\n    out = []\n    while i < len(xs):\n"
  "        out.append(max(xs[:i+1]))\n    return out\n```", "incorrect", "wrong",
  why="never increments i: loops forever on any non-empty list")
R("gemma-3", "Iterate through the list, keeping track of the maximum seen so far, and append it at each step.",
  "incorrect", "wrong", why="no code was written")
R("qwen3", "```python\ndef running_max(xs):\n    out = []\n    m = float('-inf')\n    for x in xs:\n        m = max(m, x)\n"
  "        out.append(m)\n    return out\n\nprint(running_max([1, 3, 2]))  # [1, 3, 3]\n```", "correct",
  why="correct; the print is harmless")

# --- tool calling --------------------------------------------------------------------------------------------
case("tool_calling-s0-0000")  # get_weather Lisbon celsius
R("qwen3", None, "correct", why="the right call", finish="tool_calls",
  calls=[call("get_weather", {"city": "Lisbon", "unit": "celsius"})])
R("llama-3.1", '{"name": "get_weather", "parameters": {"city": "Lisbon", "unit": "celsius"}}', "partial",
  "tool_in_text", why="Llama's JSON call in content: no parser turned it into a call")
R("gpt-4o", "I don't have real-time data access, but you can check a weather service like weather.com for the current "
  "conditions in Lisbon.", "no_answer", "refusal", why="declines instead of using the tool it was given")
R("gemma-3", "The current weather in Lisbon is 21°C and sunny.", "incorrect", "no_tool_call",
  why="an invented answer, no call")
R("mistral", None, "partial", "wrong", why="right tool, city right, unit wrong", finish="tool_calls",
  calls=[call("get_weather", {"city": "Lisbon", "unit": "fahrenheit"})])
R("qwen3", "", "correct", why="the right call after reasoning", finish="tool_calls",
  reasoning="The user wants the weather in Lisbon in celsius; I should call get_weather.",
  calls=[call("get_weather", '{"city": "Lisbon", "unit": "celsius"}')])
R("gpt-4o", None, "correct", why="'Lisbon, Portugal' names the same city", finish="tool_calls",
  calls=[call("get_weather", {"city": "Lisbon, Portugal", "unit": "celsius"})])
R("qwen3", None, "no_answer", "truncation", why="the call was cut mid-JSON at max_tokens", finish="length",
  calls=[call("get_weather", '{"city": "Lis')], max_tokens=4)
R("qwen3", None, "error", "transport", why="vLLM without a tool parser refused the request", status="error",
  http_status=400, error='HTTP 400: "auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser '
  'to be set', finish=None)

case("tool_calling-s0-0001")  # get_time America/Lima among 4 tools
R("gpt-4o", None, "correct", why="get_time with the zone", finish="tool_calls",
  calls=[call("get_time", {"timezone": "America/Lima"})])
R("llama-3.1", None, "incorrect", "wrong_tool", why="asked the time, called the weather", finish="tool_calls",
  calls=[call("get_weather", {"city": "Lima", "unit": "celsius"})])
R("qwen3", '<tool_call>\n{"name": "get_time", "arguments": {"timezone": "America/Lima"}}\n</tool_call>', "partial",
  "tool_in_text", why="hermes tags left in content: the server parsed no call")
R("mistral", None, "incorrect", "malformed_arguments", why="Python dict quoting is not JSON", finish="tool_calls",
  calls=[call("get_time", "{'timezone': 'America/Lima'}")])
R("gemma-3", None, "incorrect", "wrong", why="right tool, but 'Lima' is not the IANA zone asked", finish="tool_calls",
  calls=[call("get_time", {"timezone": "Lima"})])

case("tool_calling-s0-0002")  # calculate 53 * 55
R("gpt-4o", None, "correct", why="the calculator called with the expression", finish="tool_calls",
  calls=[call("calculate", {"expression": "53 * 55"})])
R("qwen3", None, "correct", why="same expression without spaces", finish="tool_calls",
  calls=[call("calculate", {"expression": "53*55"})])
R("gemma-3", "53 × 55 = 2915", "incorrect", "no_tool_call",
  why="asked to use the calculator; answered itself (right number, but no call)")
R("mistral", None, "partial", "format", why="right call, finish_reason stop instead of tool_calls", finish="stop",
  calls=[call("calculate", {"expression": "53 * 55"})])
R("llama-3.1", '[calculate(expression="53 * 55")]', "partial", "tool_in_text",
  why="a pythonic call written as text")
R("qwen3", None, "partial", "wrong_tool", why="the right call plus an unasked one", finish="tool_calls",
  calls=[call("calculate", {"expression": "53 * 55"}), call("get_time", {}, "chatcmpl-tool-2")])

case("tool_calling-s0-0003")  # weather in Tokyo (from the story), celsius
R("gpt-4o", None, "correct", why="city taken from the message", finish="tool_calls",
  calls=[call("get_weather", {"city": "Tokyo", "unit": "celsius"})])
R("llama-3.1", None, "partial", "wrong", why="unit left out", finish="tool_calls",
  calls=[call("get_weather", {"city": "Tokyo"})])
R("mistral", None, "incorrect", "wrong_tool", why="sent an email instead", finish="tool_calls",
  calls=[call("send_email", {"to": "me", "subject": "Tokyo weather", "body": "?"})])
R("gemma-3", "Sure! Let me check the weather in Tokyo for you.", "incorrect", "no_tool_call",
  why="says it will check, makes no call")
R("qwen3", None, "correct", why="'Tokyo, Japan' is the same city", finish="tool_calls",
  calls=[call("get_weather", {"city": "Tokyo, Japan", "unit": "celsius"})])

# --- instruction following --------------------------------------------------------------------------------------
case("instructions-s0-0000")  # exactly 3 fruits
R("gemma-3", "Apple\nBanana\nCherry", "correct", why="three fruits")
R("gpt-4o", "Here are three fruits:\n\n1. Apple\n2. Banana\n3. Orange", "correct", why="three fruits, numbered")
R("llama-3.1", "Apple, banana, cherry, mango", "incorrect", "wrong", why="four, not three")
R("qwen3", think("User wants 3 fruits. Apple, banana, mango.", "Apple\nBanana\nMango"), "correct",
  why="three fruits after the think block")
R("mistral", "1. Apple\n2. Carrot\n3. Banana", "incorrect", "wrong", why="a carrot is not a fruit")

case("instructions-s0-0005")  # exactly 4 fruits
R("gpt-4o", "- Mango\n- Pineapple\n- Strawberry\n- Kiwi", "correct", why="four fruits")
R("gemma-3", "1. Apple\n2. Banana\n3. Cherry", "incorrect", "wrong", why="three, not four")
R("llama-3.1", "Apple\nBanana\nApple\nPear", "incorrect", "wrong", why="apple twice: three distinct")

case("instructions-s0-0001")  # a solar eclipse in <= 50 characters
R("gemma-3", "The Moon blocks the Sun's light from Earth.", "correct", why="43 characters, on topic")
R("qwen3", "A solar eclipse occurs when the Moon passes between the Earth and the Sun, blocking all or part of the "
  "Sun's light.", "incorrect", "wrong", why="far over 50 characters")
R("qwen3", think("Need <= 50 chars. 'Moon passes between Sun and Earth.' is 34.", "Moon passes between Sun and Earth."),
  "correct", why="34 characters; the reasoning is not the answer")
R("gpt-4o", "The Moon covers the Sun.", "correct", why="24 characters")
R("llama-3.1", "Eclipse: Moon's shadow falls on Earth, daytime darkens briefly.", "incorrect", "wrong",
  why="63 characters")
R("deepseek-r1", "A solar eclipse occurs when the Moon passes between the Earth and", "incorrect", "wrong",
  why="already over the limit when cut", finish="length", max_tokens=16)

case("instructions-s0-0002")  # a solar eclipse in <= 22 words
R("gpt-4o", "A solar eclipse happens when the Moon passes between Earth and the Sun, casting its shadow on Earth.",
  "correct", why="18 words")
R("llama-3.1", "A solar eclipse is an astronomical event that occurs when the Moon passes between the Earth and the "
  "Sun, thereby totally or partly obscuring the image of the Sun for a viewer on Earth, which can only happen at "
  "new moon.", "incorrect", "wrong", why="about 40 words")

case("instructions-s0-0003")  # a forest without leaf / green / wood
R("gpt-4o", "A forest is a quiet place of tall trees, moss and ferns, alive with birds.", "correct",
  why="none of the words")
R("llama-3.1", "A forest is a dense green expanse of trees.", "incorrect", "wrong", why="uses 'green'")
R("qwen3", "Sunlight filters through the leaves of towering oaks onto the mossy ground.", "incorrect", "wrong",
  why="'leaves' is the plural of the forbidden 'leaf'")
R("gemma-3", "Towering pines and oaks form a shaded canopy where deer and birds live.", "correct",
  why="none of the words")

case("instructions-s0-0004")  # JSON only: Tomas Reyes, 25, Porto
R("gemma-3", '{"name": "Tomas Reyes", "age": 25, "city": "Porto"}', "correct", why="only the object, right values")
R("gpt-4o", '```json\n{"name": "Tomas Reyes", "age": 25, "city": "Porto"}\n```', "partial", "format",
  why="right object in a code fence, which was forbidden")
R("llama-3.1", 'Here is the JSON:\n{"name": "Tomas Reyes", "age": 25, "city": "Porto"}', "partial", "format",
  why="right object with prose around it")
R("mistral", '{"name": "Tomas Reyes", "age": "25", "city": "Porto"}', "partial", "wrong",
  why="age as a string, not the integer asked")
R("qwen3", think("name, age, city from the sentence.", '{"name": "Tomas Reyes", "age": 25, "city": "Porto"}'),
  "correct", why="only the object after the think block")
R("deepseek-r1", '{"name": "Tomas Reyes", "age": 25, "city": "Porto", "job": "teacher"}', "partial", "wrong",
  why="an extra key that was not asked for")


if __name__ == "__main__":
    with open(os.path.join(HERE, "text_realistic.jsonl"), "w", encoding="utf-8") as out:
        for row in ROWS:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(ROWS)} rows")
