"""The webhook's HTTP server, guarded at the level of connections: strangers can open as many as they like, the
process must neither run out of file descriptors nor spin when it does.

- at start the soft limit of open files is raised to the hard one (`raise_file_limit`);
- at most `cap` connections are open, well below that limit: a new one beyond the cap closes the oldest
  connection that is not handling an update (a slow or idle one; Telegram simply connects again), or is closed
  itself if every open connection is handling an update;
- the server accepts its connections itself: when the process is out of descriptors anyway (EMFILE), accepting
  pauses a moment instead of retrying in a loop, and the pause is counted, not logged each time.

Timeouts for the headers, the body and idle keep-alive connections are tornado's own (HTTPServer's
`idle_connection_timeout`, which is also its header timeout, and `body_timeout`).
"""

from __future__ import annotations

import asyncio
import errno
import resource
import socket
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.iostream import IOStream
from tornado.netutil import bind_sockets

from bot.telegram.refusals import Refusals

MAX_CONNECTIONS = 4096
MIN_CONNECTIONS = 16
ACCEPT_PAUSE = 0.5  # seconds without accepting after the process ran out of descriptors
ACCEPT_BATCH = 128  # connections accepted in one go before other work gets its turn
OUT_OF_DESCRIPTORS = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}


def raise_file_limit() -> int:
    """Raise the soft RLIMIT_NOFILE to the hard one (where the system allows it); the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # some systems cap it lower than the hard limit says
            pass
    return soft if soft != resource.RLIM_INFINITY else MAX_CONNECTIONS * 4


def connection_cap(file_limit: int) -> int:
    """Open connections allowed: half the file limit (the rest is for the database, the Bot API, the drawing
    processes), between MIN_CONNECTIONS and MAX_CONNECTIONS."""
    return max(MIN_CONNECTIONS, min(MAX_CONNECTIONS, file_limit // 2))


class GuardedServer(HTTPServer):
    """tornado's HTTPServer with a cap on open connections and an accept loop that survives EMFILE.
    `working(stream, True/False)` marks a connection that handles an update: it is never dropped."""

    def initialize(self, *args: Any, cap: int, refusals: Refusals, **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.cap = cap
        self.refusals = refusals
        self.open: dict[IOStream, None] = {}  # the open connections' streams, oldest first
        self.busy: set[IOStream] = set()
        self.listening: list[socket.socket] = []
        self.paused: dict[socket.socket, asyncio.TimerHandle] = {}

    # --------------------------------------------------------------------------- accepting

    def listen(self, port: int, address: str | None = None, **_: Any) -> None:  # type: ignore[override]
        loop = asyncio.get_running_loop()
        for sock in bind_sockets(port, address=address):
            self.listening.append(sock)
            loop.add_reader(sock.fileno(), self._accept, sock)

    def _accept(self, sock: socket.socket) -> None:
        for _ in range(ACCEPT_BATCH):
            try:
                connection, address = sock.accept()
            except BlockingIOError:
                return
            except ConnectionAbortedError:
                continue
            except OSError as error:  # out of descriptors, or worse: wait a moment instead of spinning
                self.refusals.add("accept", errno.errorcode.get(error.errno or 0, str(error)))
                loop = asyncio.get_running_loop()
                loop.remove_reader(sock.fileno())
                self.paused[sock] = loop.call_later(ACCEPT_PAUSE, self._resume, sock)
                return
            self._take(connection, address)

    def _resume(self, sock: socket.socket) -> None:
        self.paused.pop(sock, None)
        if sock in self.listening:
            asyncio.get_running_loop().add_reader(sock.fileno(), self._accept, sock)

    def _take(self, connection: socket.socket, address: Any) -> None:
        if len(self.open) >= self.cap:
            idle = next((stream for stream in self.open if stream not in self.busy), None)
            if idle is None:  # every connection is handling an update: the newcomer waits for Telegram's retry
                self.refusals.add("connections", f"сверх предела {self.cap}, новое: все заняты")
                connection.close()
                return
            self.refusals.add("connections", f"сверх предела {self.cap}, самое старое")
            del self.open[idle]
            idle.close()  # tornado's connection ends quietly and calls on_close
        stream = IOStream(connection, max_buffer_size=self.max_buffer_size, read_chunk_size=self.read_chunk_size)
        self.open[stream] = None
        self.handle_stream(stream, address)

    def stop(self) -> None:
        """No new connections (the open ones go on)."""
        loop = asyncio.get_running_loop()
        for timer in self.paused.values():
            timer.cancel()
        self.paused.clear()
        for sock in self.listening:
            loop.remove_reader(sock.fileno())
            sock.close()
        self.listening.clear()
        super().stop()

    # --------------------------------------------------------------------------- connections

    def on_close(self, server_conn: Any) -> None:
        stream = getattr(server_conn, "stream", None)
        self.open.pop(stream, None)
        self.busy.discard(stream)
        super().on_close(server_conn)

    def working(self, stream: IOStream | None, busy: bool) -> None:
        """Mark the connection of `stream` as handling an update (never dropped for a newcomer) or not."""
        if busy and stream in self.open:
            self.busy.add(stream)
        else:
            self.busy.discard(stream)
