"""The code_tests grader: the model's function, run on hidden tests in a sandboxed subprocess.

truth.value {"function": name, "tests": [[args, expected], ...]}. The code is the fenced block that
defines the function (the last such, when a model writes a draft and then a fix), else the answer from
its first `def`/`import` line. Score: the share of tests passed; correct when all pass.
"""

from __future__ import annotations

import re
from typing import Any

from graders.jsonvalues import same_json, shown
from graders.records import Truth
from graders.registry import Match, grader
from graders.sandbox import MAX_CODE, Outcome, run_function

UNISOLATED = "run WITHOUT OS isolation (--allow-unisolated-code)"

# the info string is bounded: an unbounded one rescans the rest of a line of backticks at every opening
_FENCE = re.compile(r"```[ \t]{0,8}([A-Za-z0-9_+-]{0,20})[^\n`]{0,80}\n(.*?)(?:```|$)", re.DOTALL)
_START = re.compile(r"^(?:def |import |from |class |@)", re.MULTILINE)


def code_of(answer: str, function: str) -> str | None:
    """The code defining `function` in an answer, or None."""
    text = answer[: 4 * MAX_CODE]
    defines = re.compile(rf"^\s*def\s+{re.escape(function)}\s*\(", re.MULTILINE)
    blocks = [body for lang, body in _FENCE.findall(text) if lang.lower() in ("", "python", "py", "python3")]
    defining = [b for b in blocks if defines.search(b)]
    if defining:
        return defining[-1]
    start = _START.search(text)
    if start and defines.search(text, start.start()):
        return text[start.start():]
    return None


@grader("code_tests")
def code_tests(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    spec = truth.value if isinstance(truth.value, dict) else {}
    function, tests = str(spec.get("function", "")), list(spec.get("tests") or [])
    code = code_of(answer, function)
    if code is None:
        return Match(0.0, False, None, f"no code defining {function}() in the answer", answered=False)
    outcome = run_function(code, function, [list(t[0]) for t in tests],
                           wall_seconds=float(args.get("wall_seconds", 10.0)))
    short = code.strip()[:200]
    match = _judge(function, tests, short, outcome)
    if not outcome.isolated:  # said in every grade it touches, and so in every report (POLICY.md 9.4)
        match.explanation = f"{UNISOLATED}; {match.explanation}"
    return match


def _judge(function: str, tests: list, short: str, outcome: Outcome) -> Match:
    if outcome.status != "ok":
        return Match(0.0, False, short, f"{function}() did not finish: {outcome.error}")
    if not outcome.defined:
        why = f": {outcome.error}" if outcome.error else ""
        # a program that does not parse: cut at the token limit, it is unfinished, not wrong (POLICY.md 6.6)
        unparsed = bool(outcome.error) and outcome.error.startswith(("SyntaxError", "IndentationError"))
        return Match(0.0, False, short, f"the code does not define {function}(){why}"[:250],
                     details={"unparsed": True} if unparsed else {})
    passed, first_fail = 0, None
    for (call, expected), result in zip(tests, outcome.results, strict=False):
        if result.get("ok") and same_json(result.get("value"), expected):
            passed += 1
        elif first_fail is None:
            got = shown(result.get("value"), 30) if result.get("ok") else str(result.get("error"))[:60]
            first_fail = f"{function}({shown(call, 40)[1:-1]}) gave {got}, want {shown(expected, 30)}"
    total = len(tests)
    if total and passed == total:
        return Match(1.0, True, short, f"passed all {total} tests")
    # credit starts where chance ends (POLICY.md 1.2): passing only the odd edge case (an empty list) is not
    # a working function
    return Match(passed / total if total and 2 * passed >= total else 0.0, False, short,
                 f"passed {passed} of {total} tests; {first_fail or 'no result'}"[:250])
