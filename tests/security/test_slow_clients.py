"""Slow clients can't take the site down: nginx reads every request in full before a gunicorn
worker sees it, so clients that trickle their headers or their body hold nginx connections,
never workers."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request

from tests.security.live_site import Site

SLOW_CLIENTS = 50


def _trickle(port: int, body: bool, stop: threading.Event, opened: list[socket.socket]) -> None:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    opened.append(sock)
    if body:
        head = (
            "POST /en/workbench/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n"
        )
        sock.sendall(head.encode())
    else:
        sock.sendall(b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    while not stop.wait(0.5):
        try:
            sock.sendall(b"a" if body else b"X-Slow: 1\r\n")
        except OSError:
            return


def test_50_slow_clients_leave_a_normal_page_answering_within_1_s(served_site: Site) -> None:
    stop = threading.Event()
    opened: list[socket.socket] = []
    threads = [
        threading.Thread(target=_trickle, args=(served_site.port, n % 2 == 0, stop, opened))
        for n in range(SLOW_CLIENTS)
    ]
    for thread in threads:
        thread.start()
    try:
        time.sleep(2)  # every slow client is connected and trickling
        timings = []
        for path in ("/en/cards/kavu-primarch/", "/en/cards/burst-lightning/", "/healthz"):
            started = time.perf_counter()
            with urllib.request.urlopen(served_site.url + path, timeout=5) as response:
                status = response.status
                response.read()
            timings.append((path, status, time.perf_counter() - started))
    finally:
        stop.set()
        for thread in threads:
            thread.join()
        for sock in opened:
            sock.close()

    assert len(opened) == SLOW_CLIENTS
    assert [status for _, status, _ in timings] == [200, 200, 200]
    assert max(seconds for _, _, seconds in timings) < 1.0, timings
