"""The code_tests sandbox: the model's code runs in a limited child process, never in this one."""

from __future__ import annotations

import time

from graders import grade
from graders.sandbox import run_function


def _case(tests):
    return {"id": "t", "family": "f", "category": "reasoning", "modality": "text", "prompt": "Write f(n).",
            "truth": {"kind": "structured", "value": {"function": "f", "tests": tests}},
            "grader": {"name": "code_tests", "args": {"wall_seconds": 4}}}


DOUBLE = _case([[[1], 2], [[5], 10], [[-3], -6]])


def _grade(code):
    return grade(DOUBLE, {"content": f"```python\n{code}\n```", "finish_reason": "stop"})


def test_correct_code_passes_and_wrong_code_fails():
    assert _grade("def f(n):\n    return 2 * n").verdict == "correct"
    wrong = _grade("def f(n):\n    return n + 2")
    assert (wrong.verdict, wrong.cause) == ("incorrect", "wrong") and "gave 3, want 2" in wrong.explanation


def test_an_infinite_loop_is_stopped():
    start = time.monotonic()
    got = _grade("def f(n):\n    while True:\n        pass")
    assert got.verdict == "incorrect" and "did not finish" in got.explanation
    assert time.monotonic() - start < 30


def test_a_sleeping_child_is_killed_at_the_wall_time():
    outcome = run_function("import time\ndef f(n):\n    time.sleep(60)", "f", [[1]], wall_seconds=1.5)
    assert outcome.status == "timeout"


def test_the_cpu_limit_and_the_wall_clock_read_the_same():
    """Which limit stops a busy loop first depends on the machine's load; the grade must not."""
    from concurrent.futures import ThreadPoolExecutor

    from graders.sandbox import CPU_SECONDS

    codes = ("def f(n):\n    while True:\n        pass", "import time\ndef f(n):\n    time.sleep(60)")
    with ThreadPoolExecutor(2) as pool:  # CPU limit first (busy), wall clock first (asleep)
        busy, asleep = pool.map(lambda code: run_function(code, "f", [[1]], wall_seconds=CPU_SECONDS + 2.0), codes)
    assert busy.status == asleep.status == "timeout" and busy.error == asleep.error


def test_network_is_refused():
    code = "def f(n):\n    import socket\n    socket.create_connection(('127.0.0.1', 9))\n    return 2 * n"
    outcome = run_function(code, "f", [[1]])
    assert outcome.results[0]["ok"] is False and "not allowed" in outcome.results[0]["error"]
    low = run_function("def f(n):\n    import _socket\n    return _socket.socket()", "f", [[1]])
    assert "not allowed" in low.results[0]["error"]


def test_writing_a_file_is_refused(tmp_path):
    target = tmp_path / "pwned.txt"
    outcome = run_function(f"def f(n):\n    open({str(target)!r}, 'w').write('x')\n    return 2 * n", "f", [[1]])
    assert "not allowed" in outcome.results[0]["error"] and not target.exists()
    os_level = run_function(f"import os\ndef f(n):\n    os.open({str(target)!r}, os.O_CREAT | os.O_WRONLY)", "f", [[1]])
    assert "not allowed" in os_level.results[0]["error"] and not target.exists()


def test_processes_are_refused():
    for code in ("import os\ndef f(n):\n    while True:\n        os.fork()",
                 "import os\ndef f(n):\n    return os.system('echo hi')",
                 "def f(n):\n    import subprocess\n    return subprocess.run(['true'])"):
        outcome = run_function(code, "f", [[1]])
        assert outcome.status == "ok" and "not allowed" in outcome.results[0]["error"], code


def test_huge_memory_is_bounded():
    outcome = run_function("def f(n):\n    return len(bytearray(4 * 1024 ** 3))", "f", [[1]])
    assert outcome.status != "ok" or outcome.results[0]["error"].startswith("MemoryError")


def test_the_hook_cannot_be_switched_off():
    code = ("import sys\ndef f(n):\n    hook = sys._getframe(1).f_globals['_hook']\n"
            "    hook.__code__ = (lambda e, a: None).__code__\n    return open('x', 'w')")
    outcome = run_function(code, "f", [[1]])
    assert "not allowed" in outcome.results[0]["error"]


def test_flooding_output_is_bounded():
    code = "import os\ndef f(n):\n    while True:\n        os.write(1, b'x' * 65536)"
    outcome = run_function(code, "f", [[1]], wall_seconds=5)
    assert outcome.status in ("crashed", "timeout")


def test_the_child_sees_no_environment(monkeypatch):
    monkeypatch.setenv("ASSETGEN_SECRET_PROBE", "sk-should-not-leak")
    outcome = run_function("import os\ndef f(n):\n    return dict(os.environ)", "f", [[1]])
    assert "ASSETGEN_SECRET_PROBE" not in outcome.results[0]["value"]


PROGRAM = "def f(n):\n    doubled = [2 * k for k in (n,)]\n    total = sum(doubled)\n    return total\n"


def test_a_program_cut_at_the_token_limit_is_unfinished_wherever_it_is_cut():
    """POLICY.md 6.6: a cut program that does not parse is truncation (no answer), never wrong; one that parses is
    graded on what it does. Every cut of a working program, at each character where the code is unfinished."""
    seen = set()
    for at in range(len("def f(n):\n") + 1, len(PROGRAM) - 1, 3):
        code = PROGRAM[:at]
        try:
            compile(code, "<cut>", "exec")
            parses = True
        except SyntaxError:
            parses = False
        got = grade(DOUBLE, {"content": f"```python\n{code}", "finish_reason": "length"})
        assert got.verdict != "correct" or parses, (code, got)
        if not parses:
            assert (got.verdict, got.cause) == ("no_answer", "truncation"), (code, got.explanation)
        seen.add(parses)
    assert seen == {True, False}  # both kinds of cut were tried
    finished_wrong = grade(DOUBLE, {"content": "```python\ndef f(n):\n    return (n\n```", "finish_reason": "stop"})
    assert (finished_wrong.verdict, finished_wrong.cause) == ("incorrect", "wrong")  # not cut: a broken program
