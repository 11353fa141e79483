"""An application under a real uvicorn, in a thread, on a free port of 127.0.0.1: what the tests
that need real sockets (timing, raw HTTP, a browser) share."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any


class LiveApp:
    """``app`` served by uvicorn once :meth:`start` is called; :meth:`stop` ends it."""

    def __init__(self, app: Any) -> None:
        import uvicorn

        self.app = app
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveApp:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)
