"""A TCP relay between network namespaces: the only way in or out of a run's sandbox network.

Each rule pairs a listening socket with a way to make the outgoing socket: a listener inside
the run's namespace whose connections go to the same port on the host (the recorder's public
listeners), or a listener on the host whose connections go into the namespace (the
integration's webhook receiver). Sockets keep the namespace they were created in, so one
thread of the harness serves every rule of a run.

One selector loop, non-blocking sockets, no thread per connection: many concurrent
connections cost a few file descriptors each. Each direction is relayed with back-pressure
(a side is read only while its peer has nothing pending), a half-close is passed on
(shutdown of the write side once everything before the EOF is delivered), and a failure is
passed on as a failure: when either side is reset (the recorder's injected TCP resets) or the
target refuses, the other side is reset too (SO_LINGER 0), so an integration sees what it
would have seen without the relay, not a clean end of stream."""
from __future__ import annotations

import errno
import selectors
import socket
import struct
import threading
from typing import Callable

CHUNK = 256 * 1024
_LINGER_RESET = struct.pack("ii", 1, 0)
_R, _W = selectors.EVENT_READ, selectors.EVENT_WRITE


class _Listener:
    __slots__ = ("sock", "make_socket", "target")

    def __init__(self, sock: socket.socket, make_socket: Callable[[], socket.socket], target: tuple[str, int]):
        self.sock, self.make_socket, self.target = sock, make_socket, target


class _Side:
    """One socket of a relayed connection; `pending` is what is still to be written to it."""

    __slots__ = ("sock", "conn", "peer", "pending", "got_eof", "sent_eof", "mask")

    def __init__(self, sock: socket.socket, conn: "_Conn"):
        self.sock, self.conn = sock, conn
        self.peer: _Side | None = None
        self.pending: memoryview | None = None
        self.got_eof = False  # this socket has sent us EOF
        self.sent_eof = False  # we shut down writing to this socket
        self.mask = 0


class _Conn:
    __slots__ = ("client", "upstream", "connecting", "closed")

    def __init__(self, client: socket.socket, upstream: socket.socket):
        self.client, self.upstream = _Side(client, self), _Side(upstream, self)
        self.client.peer, self.upstream.peer = self.upstream, self.client
        self.connecting = True
        self.closed = False


class Relay:
    """Relay connections for a set of listeners until `stop()`; `connections` counts the open ones."""

    def __init__(self, name: str = "relay"):
        self._sel = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._sel.register(self._wake_r, _R, None)
        self._listeners: list[_Listener] = []
        self._conns: set[_Conn] = set()
        self._stopping = False
        self._thread = threading.Thread(target=self._loop, name=f"ibench-{name}", daemon=True)

    @property
    def connections(self) -> int:
        return len(self._conns)

    def listen(self, sock: socket.socket, make_socket: Callable[[], socket.socket], target: tuple[str, int]) -> None:
        """Relay every connection accepted on `sock` (bound and listening) to `target`, over a
        socket from `make_socket` (which decides its namespace). Call before `start()`."""
        sock.setblocking(False)
        lst = _Listener(sock, make_socket, target)
        self._listeners.append(lst)
        self._sel.register(sock, _R, lst)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping = True
        try:
            self._wake_w.send(b"x")
        except OSError:
            pass
        if self._thread.is_alive():
            self._thread.join(10)
        for conn in list(self._conns):
            self._close(conn)
        for lst in self._listeners:
            lst.sock.close()
        self._listeners = []
        self._sel.close()
        self._wake_r.close()
        self._wake_w.close()

    # --- the loop ------------------------------------------------------------------------

    def _loop(self) -> None:
        while not self._stopping:
            for key, events in self._sel.select():
                obj = key.data
                if obj is None:
                    try:
                        self._wake_r.recv(64)
                    except OSError:
                        pass
                elif isinstance(obj, _Listener):
                    self._accept(obj)
                else:
                    self._service(obj, events)

    def _accept(self, lst: _Listener) -> None:
        while True:
            try:
                client, _ = lst.sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # e.g. EMFILE: leave the rest in the backlog for the next round
                return
            try:
                upstream = lst.make_socket()
            except OSError:
                client.close()
                continue
            for s in (client, upstream):
                s.setblocking(False)
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            err = upstream.connect_ex(lst.target)
            if err not in (0, errno.EINPROGRESS):  # nothing listens there: the client is reset
                _reset(client)
                upstream.close()
                continue
            conn = _Conn(client, upstream)
            self._conns.add(conn)
            if err == 0:
                conn.connecting = False
            self._update(conn)

    def _service(self, side: _Side, events: int) -> None:
        conn = side.conn
        if conn.closed:
            return
        try:
            if events & _W:
                self._writable(side)
            if events & _R and not conn.closed:
                self._readable(side)
        except OSError:
            self._close(conn, reset=True)
            return
        if not conn.closed:
            self._update(conn)

    def _writable(self, side: _Side) -> None:
        conn = side.conn
        if conn.connecting and side is conn.upstream:
            err = side.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if err:
                self._close(conn, reset=True)
            else:
                conn.connecting = False
            return
        if side.pending is not None:
            n = side.sock.send(side.pending)
            rest = side.pending[n:]
            side.pending = rest if len(rest) else None
        if side.pending is None and side.peer.got_eof and not side.sent_eof:
            self._shut(side)

    def _readable(self, side: _Side) -> None:
        data = side.sock.recv(CHUNK)
        peer = side.peer
        if not data:
            side.got_eof = True
            if peer.pending is None:
                self._shut(peer)
            return
        try:
            n = peer.sock.send(data)
        except BlockingIOError:
            n = 0
        if n < len(data):
            peer.pending = memoryview(data)[n:]

    def _shut(self, side: _Side) -> None:
        side.sent_eof = True
        try:
            side.sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        conn = side.conn
        if conn.client.sent_eof and conn.upstream.sent_eof:
            self._close(conn)

    def _update(self, conn: _Conn) -> None:
        """Re-arm each side: read it only while its peer has nothing pending (back-pressure);
        write it while something is pending for it (or, upstream, until connected)."""
        for side in (conn.client, conn.upstream):
            mask = 0
            if conn.connecting:
                mask = _W if side is conn.upstream else 0
            else:
                if not side.got_eof and side.peer.pending is None and not side.peer.sent_eof:
                    mask |= _R
                if side.pending is not None:
                    mask |= _W
            if mask == side.mask:
                continue
            if side.mask == 0:
                self._sel.register(side.sock, mask, side)
            elif mask == 0:
                self._sel.unregister(side.sock)
            else:
                self._sel.modify(side.sock, mask, side)
            side.mask = mask

    def _close(self, conn: _Conn, reset: bool = False) -> None:
        if conn.closed:
            return
        conn.closed = True
        for side in (conn.client, conn.upstream):
            if side.mask:
                try:
                    self._sel.unregister(side.sock)
                except (KeyError, ValueError, OSError):
                    pass
                side.mask = 0
            if reset:
                _reset(side.sock)
            else:
                side.sock.close()
        self._conns.discard(conn)


def _reset(sock: socket.socket) -> None:
    """Close with a TCP RST rather than a FIN."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _LINGER_RESET)
    except OSError:
        pass
    sock.close()
