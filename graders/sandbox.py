"""Run a model's function on test inputs in an isolated child process: never `exec` in this process.

Two walls, the first from the operating system, the second from the interpreter:

1. **OS isolation** (bubblewrap, Debian's `bubblewrap`): each run gets fresh namespaces — no network, its
   own PID namespace with its own `/proc` (no process of the grader's is visible), a mount namespace whose
   root is an empty read-only tmpfs holding only the interpreter's files (its executable, standard library
   and the shared libraries under `/usr/lib`, read-only; site-packages hidden) and a private writable
   `/tmp` of 16 MiB — under an unprivileged uid (65534; as root the harness gives up root before reading the
   code, so it has no capability left), with an empty environment, a new session and the resource limits
   below (CPU seconds, address space, open files, file size, processes). When the run ends or overstays,
   its PID namespace is killed whole: nothing it started outlives the grade.
2. **An audit hook** installed before the model's code runs refuses sockets, processes, signals, ctypes,
   opening files for writing, changing the file system, frame introspection and replacing a function's
   code. Module names are compared component by component, so a dotted alias (`x._posixsubprocess`) is
   refused like the module itself.

Where the OS cannot isolate (not Linux, no `bwrap`, namespaces forbidden), code is **not run**: the grader
raises `NotRun`, an `error` grade naming the reason, unless the user accepted the risk explicitly
(`allow_unisolated(True)`, the CLI's `--allow-unisolated-code`), when the child runs with the audit hook and
limits only.

The result channel cannot be forged into a grader failure or a pass. The expected values never enter the
sandbox, so no result the code could write is worth more than returning values from the function. The
harness reports over fd 3 (a file the parent reads after the end) in one line that starts with a per-run
token the code is never given (printing cannot stand in for it; code that dug it out of the harness's frame
could only claim values it could as well have returned). The harness says `ready` on stderr before the code
runs and then points fds 1 and 2 at /dev/null, and nothing inside can reach that file again. So a sandbox
that never became ready is the grader's failure (`NotRun`, an `error` grade), and after ready anything but a
well-formed token line with one entry per call — missing, malformed, late, killed — is the code's failure.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

try:  # imported here, never between fork and exec (an import there can deadlock on a lock held by a thread)
    import resource
except ImportError:  # not a POSIX system: no isolation, so code tests are not run unless the risk is accepted
    resource = None

CPU_SECONDS = 5
WALL_SECONDS = 10.0
MEMORY_BYTES = 512 * 1024 * 1024
OPEN_FILES = 64
OUTPUT_BYTES = 1024 * 1024
PROCESSES = 32  # for the unprivileged uid the sandbox runs as (as root); a fork loop stops here
TMP_BYTES = 16 * 1024 * 1024
MAX_CODE = 40_000
SANDBOX_UID = SANDBOX_GID = 65534  # nobody
READY = b"assetgen-sandbox-ready\n"
RESULT_FD = 3

NOT_RUN = "code not run"  # how the explanation of every grade of code that was not run begins
_ALLOW_UNISOLATED = False


class NotRun(Exception):
    """The code could not be judged here, through no fault of the model's (no OS isolation, a sandbox that
    failed to start): an `error` grade whose explanation is the message (POLICY.md 1.5). This module needs
    nothing but the standard library, so it can be checked on its own under any interpreter."""


_AUDIT = True  # the second wall; tests switch it off to attack the OS wall alone

_CHILD = r'''
import sys, os, json, io, builtins


def main():
    data = json.loads(sys.stdin.read())
    token = data.pop("token")  # kept in this frame alone
    null = os.open("/dev/null", os.O_RDWR)
    os.dup2(null, 0)  # the input (the token with it) is closed to the code
    if os.getuid() == 0 and data["drop"]:  # a privileged bwrap: give up root before anything else
        os.setgroups([])
        os.setresgid(data["gid"], data["gid"], data["gid"])
        os.setresuid(data["uid"], data["uid"], data["uid"])
        if 0 in os.getresuid() or 0 in os.getresgid():
            raise SystemExit("could not give up root")
    write, dumps, result_fd = os.write, json.dumps, 3
    write(2, data["ready"].encode())
    os.dup2(null, 1)
    os.dup2(null, 2)
    os.close(null)
    sys.stdout = sys.stderr = io.StringIO()
    if data["audit"]:
        sys.addaudithook(_hook)
    out = _run(data)
    write(result_fd, (token + dumps(out) + "\n").encode("utf-8", "replace"))


def _hook(event, args):
    # literals, constants and operators only: nothing the code rebinds (a global, a builtin, a module
    # attribute) can switch it off
    if event in {
            "socket.__new__", "socket.connect", "socket.bind", "socket.getaddrinfo", "socket.sendto",
            "socket.gethostbyname", "socket.gethostbyaddr", "os.system", "os.fork", "os.forkpty", "os.exec",
            "os.spawn", "os.posix_spawn", "subprocess.Popen", "pty.spawn", "os.kill", "os.killpg",
            "signal.pthread_kill", "os.remove", "os.unlink", "os.rmdir", "os.rename", "os.replace", "os.mkdir",
            "os.symlink", "os.link", "os.truncate", "os.chmod", "os.chown", "os.utime", "os.putenv", "os.unsetenv",
            "shutil.rmtree", "shutil.move", "shutil.copyfile", "os.chroot", "sys._current_frames", "sys.setprofile",
            "sys.settrace", "os.setxattr", "os.removexattr", "mmap.__new__", "resource.setrlimit",
            "resource.prlimit", "winreg.OpenKey", "urllib.Request", "http.client.connect", "ftplib.connect",
            "smtplib.connect", "webbrowser.open", "sqlite3.connect", "sqlite3.connect/handle",
            "sqlite3.enable_load_extension", "code.__new__", "function.__new__", "sys.addaudithook",
            "cpython.PyInterpreterState_New", "cpython.run_command", "_posixsubprocess.fork_exec",
            "gc.get_objects", "gc.get_referrers", "gc.get_referents"} \
            or event[:7] == "ctypes." or event[:7] == "socket.":
        raise PermissionError("sandbox: " + event + " is not allowed")
    if event == "import":
        name = args[0]
        for part in name.split("."):  # an alias ('x._posixsubprocess') names the module it loads last
            if part in {"ctypes", "_ctypes", "socket", "_socket", "ssl", "_ssl", "subprocess", "_posixsubprocess",
                        "multiprocessing", "_multiprocessing", "pty", "gc", "mmap", "resource", "signal",
                        "_signal", "threading", "_thread", "asyncio", "_asyncio", "select", "selectors", "fcntl",
                        "termios", "cffi", "urllib", "http", "sqlite3", "_sqlite3", "_posixshmem",
                        "_tracemalloc", "faulthandler", "_xxsubinterpreters", "_testcapi", "_testinternalcapi"}:
                raise PermissionError("sandbox: import of " + name + " is not allowed")
    if event == "open":
        mode, flags = args[1], args[2]
        if flags & 0o3103:  # O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND
            raise PermissionError("sandbox: opening a file for writing is not allowed")
        if mode is not None and mode.__class__ is str and ("w" in mode or "a" in mode or "x" in mode or "+" in mode):
            raise PermissionError("sandbox: opening a file for writing is not allowed")
    if event == "object.__setattr__" and args[0].__class__.__name__ == "function" and args[1] == "__code__":
        raise PermissionError("sandbox: replacing a function's __code__ is not allowed")


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


def _run(data):
    out = {"defined": False, "results": []}
    space = {"__name__": "solution", "__builtins__": builtins}
    try:
        exec(compile(data["code"], "<answer>", "exec"), space)
        out["defined"] = callable(space.get(data["function"]))
    except BaseException as exc:
        out["error"] = (type(exc).__name__ + ": " + str(exc))[:200]
    if out["defined"]:
        for call in data["calls"]:
            try:
                value = space[data["function"]](*json.loads(json.dumps(call)))
                out["results"].append({"ok": True, "value": _plain(value)})
            except BaseException as exc:
                out["results"].append({"ok": False, "error": (type(exc).__name__ + ": " + str(exc))[:200]})
    return out


main()
'''


@dataclass
class Outcome:
    status: str  # ok, timeout, crashed
    defined: bool = False
    results: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    isolated: bool = True  # False: run with the audit hook and limits only, the risk accepted by the user


@dataclass(frozen=True)
class Isolation:
    """Whether this machine can isolate code by the OS, and how (the bwrap command's fixed part)."""

    available: bool
    reason: str  # why not, when not available; how, when available
    command: tuple[str, ...] = ()
    drop: bool = False  # run as root: the harness gives up root itself (a privileged bwrap has no userns)


def allow_unisolated(allow: bool = True) -> None:
    """Accept the risk: where the OS cannot isolate code, run it with the audit hook and limits only."""
    global _ALLOW_UNISOLATED
    _ALLOW_UNISOLATED = bool(allow)


def unisolated_allowed() -> bool:
    return _ALLOW_UNISOLATED or os.environ.get("ASSETGEN_ALLOW_UNISOLATED_CODE", "") == "1"


def _mount_args(executable: str) -> list[str]:
    """Mounts: an empty root, the shared libraries and the interpreter's own files read-only, site-packages
    hidden, /proc of the new PID namespace, a minimal /dev, a private /tmp."""
    args = ["--tmpfs", "/", "--dev", "/dev", "--proc", "/proc",
            "--perms", "01777", "--size", str(TMP_BYTES), "--tmpfs", "/tmp"]
    made: set[str] = {"/"}

    def parents(path: str) -> None:  # directories a bind is mounted under: traversable by the sandbox's uid
        head = os.path.dirname(path)
        if head not in made:
            parents(head)
            args.extend(["--perms", "0755", "--dir", head])
            made.add(head)

    for path in ("/usr/lib", "/usr/lib64", "/usr/lib32"):
        if os.path.isdir(path) and not os.path.islink(path):
            parents(path)
            args.extend(["--ro-bind", path, path])
    for path in ("/lib", "/lib64", "/lib32", "/libx32"):
        if os.path.islink(path):
            args.extend(["--symlink", os.readlink(path), path])
        elif os.path.isdir(path):
            args.extend(["--ro-bind", path, path])
    if os.path.isfile("/etc/ld.so.cache"):
        parents("/etc/ld.so.cache")
        args.extend(["--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"])
    paths = sysconfig.get_paths()
    stdlib = {os.path.realpath(paths[k]) for k in ("stdlib", "platstdlib")}
    libpython = os.path.join(sysconfig.get_config_var("LIBDIR") or "", sysconfig.get_config_var("INSTSONAME") or "")
    extra = [executable, *sorted(stdlib)]
    if sysconfig.get_config_var("Py_ENABLE_SHARED") and os.path.isfile(libpython):
        extra.append(libpython)
    for path in extra:
        if not any(path == lib or path.startswith(lib + "/") for lib in ("/usr/lib", "/usr/lib64", "/lib", "/lib64")):
            parents(path)
            args.extend(["--ro-bind", path, path])
    for lib in sorted(stdlib):
        hidden = os.path.join(lib, "site-packages")
        if os.path.isdir(hidden):
            args.extend(["--tmpfs", hidden])
    return args


def _interpreter() -> str:
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


@lru_cache(maxsize=1)
def isolation() -> Isolation:
    """Probe once per process: can bwrap start the interpreter in fresh namespaces here?"""
    if not sys.platform.startswith("linux") or resource is None:
        return Isolation(False, f"no OS isolation on {sys.platform} (code tests need Linux namespaces)")
    bwrap = shutil.which("bwrap")
    if not bwrap:
        return Isolation(False, "bubblewrap (bwrap) is not installed; on Debian: apt-get install bubblewrap")
    root = os.geteuid() == 0
    base = [bwrap, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
            "--hostname", "sandbox", "--die-with-parent", "--new-session", "--clearenv", "--chdir", "/tmp"]
    if root:  # privileged bwrap: no user namespace; the harness drops to SANDBOX_UID with these two, then none
        base += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:  # an unprivileged user: a user namespace, and the code is pid 1 (no reaper sharing its uid)
        base += ["--unshare-user", "--disable-userns", "--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_GID),
                 "--as-pid-1"]
    executable = _interpreter()
    command = (*base, *_mount_args(executable), executable, "-I", "-S")
    try:
        probe = subprocess.run([*command, "-c", "import json, os; print(os.getpid())"], capture_output=True,
                               timeout=30, env={}, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Isolation(False, f"bwrap could not start the interpreter: {exc}")
    if probe.returncode != 0:
        said = (probe.stderr or b"").decode("utf-8", "replace").strip().splitlines()
        return Isolation(False, f"bwrap cannot isolate here: {said[-1] if said else f'exit {probe.returncode}'}"[:200])
    return Isolation(True, "bubblewrap: no network, own PID and mount namespaces, uid 65534", command, root)


def run_function(code: str, function: str, calls: list[list[Any]], *, wall_seconds: float = WALL_SECONDS) -> Outcome:
    """Define the code in an isolated child, call `function(*args)` for each of `calls`, return what came back.

    Raises `NotRun` where the code cannot be run isolated (and the risk was not accepted) or the sandbox
    failed to start: neither is the code's doing."""
    where = isolation()
    if not where.available and not unisolated_allowed():
        raise NotRun(f"{NOT_RUN}: {where.reason}; pass --allow-unisolated-code to run it without OS "
                     "isolation at your own risk")
    if resource is None:
        raise NotRun(f"{NOT_RUN}: this system has no resource limits (not POSIX)")
    token = os.urandom(16).hex()
    payload = {"code": code[:MAX_CODE], "function": function, "calls": calls, "token": token,
               "ready": READY.decode(), "audit": _AUDIT, "drop": where.drop,
               "uid": SANDBOX_UID, "gid": SANDBOX_GID}
    command = [*where.command, "-c", _CHILD] if where.available else [_interpreter(), "-I", "-S", "-c", _CHILD]
    with tempfile.TemporaryDirectory(prefix="assetgen-sandbox-") as work, tempfile.TemporaryFile(dir=work) as given, \
            tempfile.TemporaryFile(dir=work) as result, tempfile.TemporaryFile(dir=work) as said:
        given.write(json.dumps(payload).encode("utf-8", "replace"))  # a file: nothing blocks on a child that
        given.seek(0)  # never reads it, and the harness closes it before the code runs
        try:
            child = subprocess.Popen(
                command, stdin=given, stdout=subprocess.DEVNULL, stderr=said, cwd=work, env={},
                preexec_fn=_limits_for(where, result.fileno()), start_new_session=True, close_fds=True,
                pass_fds=(RESULT_FD,))
        except OSError as exc:
            raise NotRun(f"{NOT_RUN}: the sandbox could not start: {exc}") from None
        try:
            status, cpu = _reap(child, time.monotonic() + wall_seconds)
        finally:
            _kill(child)
        timed_out = status is None
        said.seek(0)
        stderr = said.read(64 * 1024)
        result.seek(0)
        text = result.read(OUTPUT_BYTES + 1).decode("utf-8", "replace")
    if READY not in stderr:  # the code never ran: bwrap or the harness failed, not the answer
        if timed_out:
            raise NotRun(f"{NOT_RUN}: the sandbox did not start in time")
        lines = stderr.decode("utf-8", "replace").strip().splitlines()
        raise NotRun(f"{NOT_RUN}: the sandbox failed to start ({lines[-1][:150] if lines else 'no message'})")
    outcome = _read_result(text, token, len(calls))
    if outcome is None:
        code = status
        if where.available and code is not None and code > 128:  # bwrap exits 128 + N for a child killed by N
            code = 128 - code
        # the CPU limit: SIGXCPU, or (for a process that is its namespace's init, which ignores SIGXCPU) the
        # SIGKILL at the hard limit, told by the CPU time the child's processes used
        if timed_out or code == -signal.SIGXCPU or cpu >= CPU_SECONDS:
            outcome = _timed_out(wall_seconds)
        else:
            why = _signal_name(code)
            outcome = Outcome("crashed", error=f"the code ended the process ({why}) before any result")
    outcome.isolated = where.available
    return outcome


def _limits_for(where: Isolation, result_fd: int):
    root = where.available and where.drop

    def limits() -> None:  # runs in the child between fork and exec
        os.dup2(result_fd, RESULT_FD)  # the result file at the number the harness writes to (kept: pass_fds)
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
        resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))
        resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_BYTES, OUTPUT_BYTES))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if root:  # counts the sandbox uid's processes; root itself (bwrap) is exempt until the harness drops
            resource.setrlimit(resource.RLIMIT_NPROC, (PROCESSES, PROCESSES))

    return limits


def _read_result(text: str, token: str, calls: int) -> Outcome | None:
    """The harness's line (the one starting with this run's token), checked field by field; None when there
    is none or it is not exactly what the harness writes — the code's failure either way."""
    at = text.rfind(token)
    if at < 0:
        return None
    try:
        data = json.loads(text[at + len(token):].split("\n", 1)[0])
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("defined"), bool):
        return None
    results, error = data.get("results"), data.get("error")
    if not isinstance(results, list) or len(results) > calls or not (error is None or isinstance(error, str)):
        return None
    for entry in results:
        if not isinstance(entry, dict) or not isinstance(entry.get("ok"), bool):
            return None
        if not entry["ok"] and not isinstance(entry.get("error"), str):
            return None
    if data["defined"] and len(results) != calls:
        return None
    return Outcome("ok", data["defined"], results, error)


def _timed_out(wall_seconds: float) -> Outcome:
    # one text whichever limit struck first: on a loaded machine the wall clock can beat the CPU limit, and a
    # grade must not depend on the machine's load
    return Outcome("timeout", error=f"no result within the time limits ({CPU_SECONDS} s of CPU, "
                                    f"{wall_seconds:g} s in all); stopped")


def _reap(child: subprocess.Popen, deadline: float) -> tuple[int | None, float]:
    """Wait for the child until `deadline`: its exit code (None when still running) and the CPU seconds it
    and every process it reaped used (wait4's rusage, this child's alone even with other sandboxes running)."""
    pause = 0.002
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            child.returncode = os.waitstatus_to_exitcode(status)
            return child.returncode, usage.ru_utime + usage.ru_stime
        if time.monotonic() >= deadline:
            return None, 0.0
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _kill(child: subprocess.Popen) -> None:
    """The child's whole session, then bwrap: its death kills the PID namespace's init (--die-with-parent),
    and with it every process in the namespace, whatever session or group they made for themselves."""
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
