"""A run's own network namespace, held by the harness process, and the bridge into it.

Namespaces belong to threads: one dedicated thread leaves the host's network namespace for a
fresh one (unshare(CLONE_NEWNET)), brings its loopback up and then only makes sockets there
for the rest of the harness (a socket keeps the namespace it was made in). Sandboxed processes
join the namespace through `nsenter --net=<path>`; inside it there is nothing but a loopback
on which the bridge listens on exactly the run's allowed ports.

    net = RunNetwork(outbound=[8101, 8102], inbound=8200)   # ports from the recorder
    argv = ["nsenter", f"--net={net.path}", "--", ...]
    net.close()

Needs CAP_SYS_ADMIN and CAP_NET_ADMIN (root): `ibench.sandbox` checks before a run starts."""
from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import queue
import socket
import struct
import threading
from concurrent.futures import Future
from typing import Callable, Iterable, TypeVar

from ibench.relay import Relay

T = TypeVar("T")
CLONE_NEWNET = 0x40000000
_SIOCGIFFLAGS, _SIOCSIFFLAGS, _IFF_UP = 0x8913, 0x8914, 0x1
LOOPBACK = "127.0.0.1"


class NetNamespaceError(OSError):
    pass


class NetNamespace:
    """A new, empty network namespace (loopback up) and a thread that makes sockets in it; or,
    given `join` (a `/proc/<pid>/ns/net` path), the existing namespace of that process: a
    container started with `--network none` (ibench.docker_runtime)."""

    def __init__(self, join: str | None = None) -> None:
        self._join = join
        self._calls: queue.SimpleQueue = queue.SimpleQueue()
        self._ready: Future = Future()
        self.fd = -1
        self._thread = threading.Thread(target=self._serve, name="ibench-netns", daemon=True)
        self._thread.start()
        self.fd = self._ready.result()  # raises what the thread could not do

    @property
    def path(self) -> str:
        """A path naming the namespace for `nsenter --net=` (valid while this object is open)."""
        return f"/proc/{os.getpid()}/fd/{self.fd}"

    def call(self, fn: Callable[[], T]) -> T:
        """Run `fn` on the namespace's thread (sockets made there belong to the namespace)."""
        if self.fd < 0:
            raise NetNamespaceError(errno.EBADF, "the run's network namespace is closed")
        fut: Future = Future()
        self._calls.put((fn, fut))
        return fut.result()

    def socket(self) -> socket.socket:
        return self.call(lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM))

    def listening(self, port: int, timeout: float = 0.2) -> bool:
        """Whether something inside the namespace accepts connections on 127.0.0.1:`port`."""
        s = self.socket()
        try:
            s.settimeout(timeout)
            return s.connect_ex((LOOPBACK, port)) == 0
        finally:
            s.close()

    def close(self) -> None:
        if self._thread.is_alive():
            self._calls.put(None)
            self._thread.join(5)
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def _serve(self) -> None:
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if self._join is not None:
                target = os.open(self._join, os.O_RDONLY | os.O_CLOEXEC)
                try:
                    if libc.setns(target, CLONE_NEWNET) != 0:
                        err = ctypes.get_errno()
                        raise NetNamespaceError(err, f"setns({self._join}): {os.strerror(err)}")
                finally:
                    os.close(target)
            elif libc.unshare(CLONE_NEWNET) != 0:
                err = ctypes.get_errno()
                raise NetNamespaceError(err, f"unshare(CLONE_NEWNET): {os.strerror(err)}")
            _loopback_up()
            fd = os.open("/proc/thread-self/ns/net", os.O_RDONLY | os.O_CLOEXEC)
        except BaseException as exc:  # the constructor re-raises it in the caller's thread
            self._ready.set_exception(exc)
            return
        self._ready.set_result(fd)
        while True:
            item = self._calls.get()
            if item is None:
                return
            fn, fut = item
            try:
                fut.set_result(fn())
            except BaseException as exc:
                fut.set_exception(exc)


def _loopback_up() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        req = struct.pack("16sH14s", b"lo", 0, b"")
        flags = struct.unpack("16sH14s", fcntl.ioctl(s, _SIOCGIFFLAGS, req))[1]
        fcntl.ioctl(s, _SIOCSIFFLAGS, struct.pack("16sH14s", b"lo", flags | _IFF_UP, b""))


def _listener(make: Callable[[], socket.socket], port: int) -> socket.socket:
    s = make()
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((LOOPBACK, port))
        s.listen(1024)
    except OSError:
        s.close()
        raise
    return s


class RunNetwork:
    """The run's namespace with its bridge: inside, 127.0.0.1:<p> for each `outbound` port
    reaches 127.0.0.1:<p> on the host (the recorder's public listeners); on the host,
    127.0.0.1:`inbound` reaches 127.0.0.1:`inbound` inside (the integration's receiver, which
    the recorder forwards webhooks to). Nothing else crosses."""

    def __init__(self, outbound: Iterable[int], inbound: int | None = None, join: str | None = None) -> None:
        self.outbound = tuple(sorted(set(outbound)))
        self.inbound = inbound
        self.ns = NetNamespace(join)
        self.relay = Relay("bridge")
        try:
            for port in self.outbound:
                inside = self.ns.call(lambda p=port: _listener(
                    lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM), p))
                self.relay.listen(inside, _host_socket, (LOOPBACK, port))
            if inbound is not None:
                self.relay.listen(_listener(_host_socket, inbound), self.ns.socket, (LOOPBACK, inbound))
        except BaseException:
            self.relay.stop()
            self.ns.close()
            raise
        self.relay.start()

    @property
    def path(self) -> str:
        return self.ns.path

    def listening(self, port: int) -> bool:
        return self.ns.listening(port)

    def close(self) -> None:
        self.relay.stop()
        self.ns.close()


def _host_socket() -> socket.socket:
    # Made on the relay's thread, which the harness started in the host's namespace.
    return socket.socket(socket.AF_INET, socket.SOCK_STREAM)
