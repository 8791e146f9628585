"""The simulated device: one cusim-kernel-host process per Python session.

The kernel host (tools/cusim-kernel-host) holds the session's device memory, loads the modules
built from CUDA strings and launches their kernels. It is a process of its own, as a GPU is a
device of its own: a kernel that faults, calls exit() or loops forever cannot take the Python
interpreter with it. Requests and answers are one line of JSON each, followed by raw bytes when
the line says so (``payload``); the kernel host's standard output and error are this process's,
so what kernels print reaches the terminal.
"""

import json
import os
import signal
import subprocess
import sys
import threading

from . import _layout
from ._errors import DeviceLostError, driver_error


class Host:
    def __init__(self):
        request_read, self._request = os.pipe()
        self._answer, answer_write = os.pipe()
        env = dict(os.environ)
        env["CUSIM_QUIET"] = "1"  # findings come back as data, raised or kept by the package
        program = _layout.kernel_host()
        try:
            self._process = subprocess.Popen([program, str(request_read), str(answer_write)],
                                             pass_fds=(request_read, answer_write), env=env, close_fds=True)
        except OSError as e:
            os.close(self._request)
            os.close(self._answer)
            raise DeviceLostError("cannot start the simulated device %s: %s (build cusim with tools/setup, or "
                                  "install it: docs/PYTHON.md)" % (program, e.strerror)) from None
        finally:
            os.close(request_read)
            os.close(answer_write)
        self._answers = os.fdopen(self._answer, "rb", buffering=1 << 16)
        self._requests = os.fdopen(self._request, "wb", buffering=0)
        self._lock = threading.Lock()
        self.alive = True
        self.defaults = self.request("hello")[0]["settings"]  # the CUSIM_* environment's settings

    def request(self, op, payload=b"", **fields):
        """Sends one request; returns its answer (a dict) and the answer's payload (bytes)."""
        head = dict(fields, op=op)
        if payload:
            head["payload"] = len(payload)
        line = (json.dumps(head) + "\n").encode()
        with self._lock:
            if not self.alive:
                raise DeviceLostError(self._how_it_ended())
            sys.stdout.flush()  # what Python printed comes before what the kernels print
            try:
                self._requests.write(line)
                if payload:
                    self._requests.write(payload)
                answer_line = self._answers.readline()
                if not answer_line:
                    raise EOFError
                answer = json.loads(answer_line)
                data = self._answers.read(answer["payload"]) if answer.get("payload") else b""
            except (BrokenPipeError, EOFError):
                self.alive = False
                raise DeviceLostError(self._how_it_ended()) from None
            except BaseException:
                # Interrupted (Ctrl-C) between a request and its answer: the conversation is out of
                # step, so this device is given up; the next call starts a new one.
                self.alive = False
                self._process.kill()
                raise
        return answer, data

    def _how_it_ended(self):
        try:
            status = self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            status = self._process.wait()
        if status < 0:
            try:
                name = signal.Signals(-status).name
            except ValueError:
                name = "signal %d" % -status
            how = "was killed by %s" % name
        else:
            how = "exited with status %d" % status
        return ("the simulated device (cusim-kernel-host) %s; its memory and modules are gone, and "
                "the next call starts a new one" % how)

    def close(self):
        if self.alive:
            self.alive = False
            self._requests.close()
            self._process.wait()
            self._answers.close()


_host = None
_host_lock = threading.Lock()
generation = 0  # counts the hosts started: arrays and modules of an earlier one are stale


def host():
    """The session's kernel host, started on first use and again after it ended."""
    global _host, generation, lost_because
    with _host_lock:
        if _host is None or not _host.alive:
            allocation_sites.clear()
            _host = Host()
            generation += 1
            lost_because = "the simulated device that held it has ended"
        return _host


def load(path):
    """Loads a built module into the simulated device: its kernels and host functions, by name,
    and the device generation they belong to."""
    answer, _ = host().request("load", path=path)
    if not answer["ok"]:
        raise driver_error(answer)
    return answer, current_generation()


def current_generation():
    return generation if _host is not None and _host.alive else None


lost_because = "the simulated device that held it has ended"


def note_reset(why):
    """The kernel host reset the device after a sticky error: what it held is gone."""
    global generation, lost_because
    with _host_lock:
        generation += 1
        lost_because = "the simulated device was reset after %s" % why
    allocation_sites.clear()


# Where each live allocation was made in Python, by its number ("allocation #3" in findings' notes).
allocation_sites = {}


def caller_site():
    """The file, line and frame of the first caller outside this package."""
    frame = sys._getframe(1)
    package = os.path.dirname(__file__)
    while frame and os.path.dirname(os.path.abspath(frame.f_code.co_filename)).startswith(package):
        frame = frame.f_back
    return (frame.f_code.co_filename, frame.f_lineno, frame) if frame else ("<unknown>", 0, None)
