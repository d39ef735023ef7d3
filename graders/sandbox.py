"""Run a model's function on test inputs in a sandboxed subprocess: never `exec` in this process.

The child is `python -I -S` (no site, no user paths, no PYTHON* variables) with an empty environment,
a fresh temporary working directory, resource limits set before it starts (CPU seconds, address space,
open files, file size: the size of its own output too, since stdout is a file) and a wall-time limit
after which its whole process group is killed. Inside, an audit hook installed before the model's
code runs refuses sockets, processes (fork, exec, spawn, system, subprocess), signals to other
processes, ctypes, opening a file for writing, changing the file system, and replacing a function's
code or defaults (the hook's own). The hook reads only constants and operators, so nothing the code
rebinds can switch it off.

The child only returns what the function returned (as JSON) or the exception it raised; the expected
values never enter it, so the code cannot print its way to a pass.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Any

try:  # imported here, never between fork and exec (an import there can deadlock on a lock held by a thread)
    import resource
except ImportError:  # not a POSIX system: code_tests gives an error grade, nothing runs unsandboxed
    resource = None

CPU_SECONDS = 5
WALL_SECONDS = 10.0
MEMORY_BYTES = 512 * 1024 * 1024
OPEN_FILES = 64
OUTPUT_BYTES = 1024 * 1024
MAX_CODE = 40_000
MARKER = "\x1eASSETGEN-RESULT\x1e"

_CHILD = r'''
import sys, json, io, builtins
_real = sys.stdout
_data = json.loads(sys.stdin.read())

def _hook(event, args):
    if event in {"socket.__new__", "socket.connect", "socket.bind", "socket.getaddrinfo", "socket.sendto",
                 "socket.gethostbyname", "socket.gethostbyaddr", "os.system", "os.fork", "os.forkpty",
                 "os.exec", "os.spawn", "os.posix_spawn", "subprocess.Popen", "pty.spawn", "os.kill", "os.killpg",
                 "signal.pthread_kill", "os.remove", "os.unlink", "os.rmdir", "os.rename", "os.replace",
                 "os.mkdir", "os.symlink", "os.link", "os.truncate", "os.chmod", "os.chown", "os.utime",
                 "os.putenv", "os.unsetenv", "shutil.rmtree", "shutil.move", "shutil.copyfile", "os.chroot",
                 "sys._current_frames", "sys.setprofile", "sys.settrace", "os.setxattr", "os.removexattr",
                 "mmap.__new__", "resource.setrlimit", "resource.prlimit", "winreg.OpenKey", "urllib.Request",
                 "http.client.connect", "ftplib.connect", "smtplib.connect", "webbrowser.open"}:
        raise PermissionError("sandbox: " + event + " is not allowed")
    if event[:7] == "ctypes." or event[:7] == "socket.":
        raise PermissionError("sandbox: " + event + " is not allowed")
    if event == "import":
        name = args[0]
        if name in {"ctypes", "_ctypes", "socket", "_socket", "ssl", "_ssl", "subprocess", "_posixsubprocess",
                    "multiprocessing", "_multiprocessing", "pty", "gc", "mmap", "resource", "signal", "threading",
                    "_thread", "asyncio", "select", "selectors", "fcntl", "termios", "cffi", "urllib", "http"}:
            raise PermissionError("sandbox: import of " + name + " is not allowed")
    if event == "open":
        mode, flags = args[1], args[2]
        if flags & 0o3103:  # O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND
            raise PermissionError("sandbox: opening a file for writing is not allowed")
        if mode is not None and mode.__class__ is str and ("w" in mode or "a" in mode or "x" in mode or "+" in mode):
            raise PermissionError("sandbox: opening a file for writing is not allowed")
    if event == "object.__setattr__" and args[0].__class__.__name__ == "function":
        raise PermissionError("sandbox: replacing a function's " + str(args[1]) + " is not allowed")

sys.addaudithook(_hook)
sys.stdout = sys.stderr = io.StringIO()

def _plain(value, depth=0):
    if depth > 20:
        raise ValueError("result nested too deeply")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v, depth + 1) for k, v in value.items()}
    raise TypeError("returned a " + type(value).__name__ + ", not a JSON value")

out = {"defined": False, "results": []}
space = {"__name__": "solution", "__builtins__": builtins}
try:
    exec(compile(_data["code"], "<answer>", "exec"), space)
    out["defined"] = callable(space.get(_data["function"]))
except BaseException as exc:
    out["error"] = (type(exc).__name__ + ": " + str(exc))[:200]
if out["defined"]:
    for call in _data["calls"]:
        try:
            value = space[_data["function"]](*json.loads(json.dumps(call)))
            out["results"].append({"ok": True, "value": _plain(value)})
        except BaseException as exc:
            out["results"].append({"ok": False, "error": (type(exc).__name__ + ": " + str(exc))[:200]})
_real.write(_data["marker"] + json.dumps(out) + "\n")
_real.flush()
'''


@dataclass
class Outcome:
    status: str  # ok, timeout, crashed
    defined: bool = False
    results: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None


def _limits() -> None:  # runs in the child between fork and exec
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))
    resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_BYTES, OUTPUT_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run_function(code: str, function: str, calls: list[list[Any]], *, wall_seconds: float = WALL_SECONDS) -> Outcome:
    """Define the code in a sandboxed child, call `function(*args)` for each of `calls`, return what came back."""
    if resource is None:
        raise OSError("code_tests needs a POSIX system (resource limits) to run code sandboxed")
    payload = json.dumps({"code": code[:MAX_CODE], "function": function, "calls": calls, "marker": MARKER})
    with tempfile.TemporaryDirectory(prefix="assetgen-sandbox-") as work, \
            tempfile.TemporaryFile(dir=work) as output:
        child = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _CHILD], stdin=subprocess.PIPE, stdout=output,
            stderr=subprocess.DEVNULL, cwd=work, env={}, preexec_fn=_limits, start_new_session=True, close_fds=True)
        try:
            child.communicate(payload.encode("utf-8", "replace"), timeout=wall_seconds)
        except subprocess.TimeoutExpired:
            _kill(child)
            return _timed_out(wall_seconds)
        finally:
            _kill(child)
        output.seek(0)
        text = output.read(OUTPUT_BYTES + 1).decode("utf-8", "replace")
    at = text.rfind(MARKER)
    if at < 0 and child.returncode == -signal.SIGXCPU:
        return _timed_out(wall_seconds)
    if at < 0:
        why = _signal_name(child.returncode)
        return Outcome("crashed", error=f"the code ended the process ({why}) before any result")
    try:
        data = json.loads(text[at + len(MARKER):].splitlines()[0])
    except (ValueError, IndexError):
        return Outcome("crashed", error="unreadable result from the sandbox")
    return Outcome("ok", bool(data.get("defined")), list(data.get("results") or []), data.get("error"))


def _timed_out(wall_seconds: float) -> Outcome:
    # one text whichever limit struck first: on a loaded machine the wall clock can beat the CPU limit, and a
    # grade must not depend on the machine's load
    return Outcome("timeout", error=f"no result within the time limits ({CPU_SECONDS} s of CPU, "
                                    f"{wall_seconds:g} s in all); stopped")


def _kill(child: subprocess.Popen) -> None:
    if child.poll() is None:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            child.kill()
    child.wait()
    try:  # anything it started in its session goes too
        os.killpg(child.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _signal_name(code: int | None) -> str:
    if code is not None and code < 0:
        limits = {signal.SIGXCPU: "over the CPU time limit", signal.SIGXFSZ: "over the output size limit"}
        try:
            return limits.get(-code) or f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit status {code}"
