"""gunicorn settings for rulesite (``make serve``; production reads the same file).

Environment: ``PORT`` (8000) and ``BIND_HOST`` (127.0.0.1) or ``GUNICORN_BIND``;
``WEB_CONCURRENCY`` workers (default 2 × cores + 1); ``GUNICORN_TIMEOUT`` seconds (30);
``GUNICORN_MAX_REQUESTS`` (2000, 0 = never recycle workers); ``FORWARDED_ALLOW_IPS`` (the
proxy's address when running behind one).
"""

from __future__ import annotations

import gc
import os
from typing import Any

wsgi_app = "rulesite.wsgi:application"
bind = os.environ.get(
    "GUNICORN_BIND",
    f"{os.environ.get('BIND_HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}",
)
workers = int(os.environ.get("WEB_CONCURRENCY", str(2 * (os.cpu_count() or 1) + 1)))
worker_class = "sync"
# Load the application once in the master; workers fork from it (faster start, shared pages).
preload_app = True


def pre_fork(server: Any, worker: Any) -> None:
    """Move what the master loaded (the application, its modules, settings and caches) out
    of the garbage collector's reach before each worker forks from it: a worker's full
    collection then walks only what it made itself (measured: a few tens of ms every few
    hundred requests, a tenth of a millisecond per workbench answer on average), and the
    pages it shares with the master are not written by the collector."""
    gc.collect()
    gc.freeze()


def worker_exit(server: Any, worker: Any) -> None:
    """Write the new answers a worker still holds to the shared cache before it exits
    (:mod:`rulesite.core.writebehind`)."""
    from rulesite.core import writebehind

    writebehind.flush()


# Timeouts: a request that takes longer than this is killed (the worker is replaced).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
keepalive = 5

# Recycle workers now and then so slow leaks in any library cannot grow without bound.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = max_requests // 10

# Request line and header limits (bodies are capped by the application, see settings).
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None

# The application logs every request as a JSON line (rulesite.requests); no access log here.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")

# No runtime control socket (gunicorn ≥ 25): several instances may run on one machine, and
# workers are managed by restarting the service.
control_socket_disable = True
