"""Serving a vendor app with waitress (keep-alive, a thread pool) on a loopback port."""
from __future__ import annotations

import errno
import socket
import threading
from dataclasses import dataclass

from waitress.server import create_server


class PortInUse(OSError):
    pass


@dataclass
class ServedVendor:
    name: str
    app: object
    server: object
    thread: threading.Thread

    @property
    def port(self) -> int:
        return self.server.effective_port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        worker = self.app.extensions.get("ib_outbox")
        if worker is not None:
            worker.stop()
        # Closing the listener alone leaves waitress's loop running while kept-alive
        # connections remain in its socket map; close every socket from inside the loop
        # (through its trigger) so the loop ends at once without racing its select().
        server = self.server

        def close_all() -> None:
            for channel in list(server._map.values()):
                try:
                    channel.close()
                except OSError:
                    pass

        try:
            server.trigger.pull_trigger(close_all)
        except OSError:
            server.close()
        self.thread.join(timeout=5)
        server.task_dispatcher.shutdown(timeout=2)


def serve_in_thread(name: str, app, port: int = 0, host: str = "127.0.0.1", threads: int = 8) -> ServedVendor:
    try:
        server = create_server(app, host=host, port=port, threads=threads, ident=name,
                               clear_untrusted_proxy_headers=True, channel_timeout=120)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise PortInUse(f"port {port} on {host} is already in use") from None
        raise
    thread = threading.Thread(target=server.run, name=f"vendor-{name}", daemon=True)
    thread.start()
    return ServedVendor(name, app, server, thread)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]
