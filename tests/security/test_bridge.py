"""The run's network namespace and its bridge (ibench.netns, ibench.relay), on their own:
only the allowed ports cross, in each direction; many concurrent connections, half-closes and
large bodies pass intact; a reset or a refusal arrives as a reset; nothing leaks (fds,
connections) once the run's network is closed."""
import hashlib
import os
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from .sandbox_kit import needs_root

pytestmark = [needs_root, pytest.mark.timeout(120)]


class Server:
    """A loopback TCP server in whatever namespace `make` creates sockets: each connection is
    read to EOF, then answered with the sha256 of what came and `reply` bytes, then closed."""

    def __init__(self, make=lambda: socket.socket(), reply: int = 0, reset: bool = False, port: int = 0):
        self.sock = make()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", port))
        self.sock.listen(512)
        self.port = self.sock.getsockname()[1]
        self.reply, self.reset = reply, reset
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn):
        with conn:
            if self.reset:
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                return
            h = hashlib.sha256()
            while chunk := conn.recv(1 << 16):
                h.update(chunk)
            try:
                conn.sendall(h.hexdigest().encode() + b"\n" + b"r" * self.reply)
            except OSError:  # the client went away (a mere connect probe)
                pass

    def close(self):
        self.sock.close()


def exchange(sock: socket.socket, port: int, payload: bytes) -> tuple[str, int]:
    """Send `payload`, half-close, read the answer to EOF: (sha256 the server saw, reply bytes)."""
    with sock:
        sock.settimeout(30)
        sock.connect(("127.0.0.1", port))
        sock.sendall(payload)
        sock.shutdown(socket.SHUT_WR)
        data = b""
        while chunk := sock.recv(1 << 16):
            data += chunk
    digest, _, rest = data.partition(b"\n")
    return digest.decode(), len(rest)


@pytest.fixture
def host_server():
    s = Server(reply=3 * 1024 * 1024)
    yield s
    s.close()


@pytest.fixture
def net(host_server):
    from ibench.netns import RunNetwork

    inbound = socket.socket()
    inbound.bind(("127.0.0.1", 0))
    port = inbound.getsockname()[1]
    inbound.close()
    n = RunNetwork([host_server.port], inbound=port)
    yield n
    n.close()


def test_many_concurrent_connections_with_half_close_and_large_bodies(net, host_server):
    payloads = [os.urandom(64 * 1024 + i) for i in range(200)]
    with ThreadPoolExecutor(64) as pool:
        results = list(pool.map(lambda p: exchange(net.ns.socket(), host_server.port, p), payloads))
    assert results == [(hashlib.sha256(p).hexdigest(), 3 * 1024 * 1024) for p in payloads]
    big = os.urandom(64 * 1024 * 1024)
    assert exchange(net.ns.socket(), host_server.port, big) == (hashlib.sha256(big).hexdigest(), 3 * 1024 * 1024)


def test_only_the_allowed_ports_cross(net, host_server):
    other = Server()  # listening on the host, but not one of the run's ports
    try:
        with net.ns.socket() as s:
            assert s.connect_ex(("127.0.0.1", other.port)) != 0
        with socket.socket() as s:  # and the host does not reach inside except on the inbound port
            assert s.connect_ex(("127.0.0.1", host_server.port)) == 0  # (the host's own server)
    finally:
        other.close()


def test_inbound_reaches_the_receiver_inside_and_a_missing_one_is_a_reset(net):
    with socket.socket() as s:  # nothing listens inside yet: the host side is reset, not served
        s.settimeout(10)
        # the reset may land at any point: while connecting (a loaded machine), on a send or on the read
        with pytest.raises((ConnectionResetError, BrokenPipeError)):
            s.connect(("127.0.0.1", net.inbound))
            s.sendall(b"hello")
            s.sendall(b"x" * 65536)
            s.recv(10)
    assert not net.listening(net.inbound)
    inside = Server(make=net.ns.socket, port=net.inbound)  # the integration's receiver
    try:
        assert net.listening(net.inbound)
        payload = os.urandom(1024 * 1024)
        assert exchange(socket.socket(), net.inbound, payload) == (hashlib.sha256(payload).hexdigest(), 0)
    finally:
        inside.close()


def test_a_reset_upstream_arrives_as_a_reset():
    from ibench.netns import RunNetwork

    rst = Server(reset=True)
    n = RunNetwork([rst.port])
    try:
        with n.ns.socket() as s:
            s.settimeout(10)
            s.connect(("127.0.0.1", rst.port))
            with pytest.raises(ConnectionResetError):
                s.sendall(b"GET / HTTP/1.1\r\n\r\n")
                s.recv(10)
    finally:
        n.close()
        rst.close()


def test_closing_the_network_leaks_no_descriptor(host_server):
    from ibench.netns import RunNetwork

    before = len(os.listdir("/proc/self/fd"))
    for _ in range(3):
        n = RunNetwork([host_server.port])
        for _ in range(20):
            exchange(n.ns.socket(), host_server.port, b"ping")
        # the relay notices each closed pair on its own thread, a moment after the client
        # has its answer: wait for that (a leak never drains), then close
        deadline = time.monotonic() + 10
        while n.relay.connections and time.monotonic() < deadline:
            time.sleep(0.02)
        open_conns = n.relay.connections
        n.close()
        assert open_conns == 0
    assert len(os.listdir("/proc/self/fd")) == before
