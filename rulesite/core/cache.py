"""Cache for rendered pages and search results, invalidated when content changes.

Every cached entry is tied to the *content version*: one number in the shared cache that
any write to published content bumps (see :func:`connect_invalidation`). Values and answers
hold it in their key, pages beside their body (a page is served only when it was rendered at
the current version). A bump makes every older entry unreachable at once; the cache evicts
them in time. The version lives in the ``counters`` cache and pages in the ``pages`` cache
(settings: database tables by default), so a command-line import or an admin edit
invalidates pages on every running server at once. Each process also keeps the last pages
and answers it read under the version they belong to (:class:`RecentValues`); the version
itself is read from the shared cache on every request.

What invalidates: every INSERT, UPDATE or DELETE on a table of the cards app (cards,
clarifications, keywords, rules; saves, bulk writes and raw SQL alike), and writes to a
*published* scenario — publishing, unpublishing, editing or deleting one
(``rulesite.scenarios.signals`` and the moderation services). A pending submission, a flag,
a failed login or a re-check that changes no published answer leave the cache alone.

Views use the decorator::

    @require_safe
    @cached_page("card")
    def card_detail(request, slug): ...

or cache a computed value (search results, a rendered fragment)::

    ids = cached_value(("search", query), lambda: list(run_search(query)))

Pages are cached for anonymous GET/HEAD requests that answer 200, per language, per full
path (query string included) and per htmx request kind (``HX-Request``/``HX-Target``/
``HX-Boosted``/``HX-History-Restore-Request``), and the response says ``Vary: HX-Request``.
A CSRF token in a cached page is
stored as a placeholder and each reader gets their own token, so forms on cached pages work.
"""

from __future__ import annotations

import hashlib
import re
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import caches
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.cache import patch_vary_headers
from django.utils.crypto import constant_time_compare
from django.utils.translation import get_language
from isal import isal_zlib

from rulesite.core.csrf import masked_token

T = TypeVar("T")

VERSION_KEY = "rulesite:content-version"
CACHE_STATUS_HEADER = "X-Rulesite-Cache"
_CSRF_PLACEHOLDER = "\x00rulesite-csrf-token\x00"
_TOKEN_CANDIDATE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]{64}(?![A-Za-z0-9])")
_CSRF_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _cache() -> Any:
    return caches[getattr(settings, "RULESITE_PAGE_CACHE_ALIAS", "default")]


def _version_store() -> Any:
    return caches[getattr(settings, "RULESITE_VERSION_CACHE_ALIAS", "default")]


def version_store() -> Any:
    """The shared cache that holds the content version (and what is remembered with it)."""
    return _version_store()


def _timeout(timeout: int | None) -> int:
    if timeout is not None:
        return timeout
    return int(getattr(settings, "RULESITE_PAGE_CACHE_SECONDS", 600))


_remembered: ContextVar[dict[str, int] | None] = ContextVar(
    "rulesite_content_version", default=None
)
"""The content version read in the current :func:`one_content_version` block, if any."""


@contextmanager
def one_content_version(read: int | None = None) -> Iterator[None]:
    """Within the block (one answer to one request), the content version is read from the
    shared cache once, then remembered, until a write bumps it: an answer's cache key, its
    card rows and its clarifications are read under the same version, for one query instead
    of one each. ``read``: the version this request already read (the block starts with it)."""
    token = _remembered.set({} if read is None else {VERSION_KEY: int(read)})
    try:
        yield
    finally:
        _remembered.reset(token)


def content_version() -> int:
    """The current content version (created on first use)."""
    remembered = _remembered.get()
    if remembered:
        return remembered[VERSION_KEY]
    cache = _version_store()
    version = cache.get(VERSION_KEY)
    if version is None:
        # A fresh number, so entries left by an earlier run of the cache are never reused.
        cache.add(VERSION_KEY, time.time_ns(), timeout=None)
        version = cache.get(VERSION_KEY, time.time_ns())
    if remembered is not None:
        remembered[VERSION_KEY] = int(version)
    return int(version)


def bump_content_version() -> None:
    """Make every cached page and value stale (call after bulk writes that send no signals)."""
    remembered = _remembered.get()
    if remembered is not None:
        remembered.clear()  # read again after the bump
    cache = _version_store()
    try:
        cache.incr(VERSION_KEY)
    except ValueError:
        cache.set(VERSION_KEY, time.time_ns(), timeout=None)


def _digest(parts: Iterable[object]) -> str:
    return hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).hexdigest()[:40]


def versioned_key(namespace: str, *parts: object, language: str | None = None) -> str:
    """A cache key that changes when content changes or the language does (``language``, by
    default the active one)."""
    language = language or get_language() or "-"
    return f"rulesite:{namespace}:{content_version()}:{language}:{_digest(parts)}"


def cached_value(
    key_parts: tuple[object, ...], build: Callable[[], T], *, timeout: int | None = None
) -> T:
    """``build()``, cached under the content version and language; must be picklable."""
    key = versioned_key("value", *key_parts)
    cache = _cache()
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, _timeout(timeout))
    return value  # type: ignore[no-any-return]


def _unmask(token: str) -> str:
    """Django's CSRF token unmasking (a masked token is mask + cipher, 32 characters each)."""
    mask, cipher = token[:32], token[32:]
    pairs = zip(
        (_CSRF_CHARS.index(x) for x in cipher), (_CSRF_CHARS.index(x) for x in mask), strict=True
    )
    return "".join(_CSRF_CHARS[x - y] for x, y in pairs)


def _strip_csrf_tokens(content: str, secret: str | None) -> str:
    if not secret:
        return content

    def replace(match: re.Match[str]) -> str:
        token = match.group(0)
        return _CSRF_PLACEHOLDER if constant_time_compare(_unmask(token), secret) else token

    return _TOKEN_CANDIDATE.sub(replace, content)


_HTMX_HEADERS = (
    "HTTP_HX_REQUEST",
    "HTTP_HX_TARGET",
    "HTTP_HX_BOOSTED",
    "HTTP_HX_HISTORY_RESTORE_REQUEST",
)
# Set on a request whose page was looked up and not found (rulesite.core.pagecache), so the
# view's decorator stores the page under that key without reading the cache again.
_LOOKED_UP = "_rulesite_page_key"


def page_key(request: HttpRequest, language: str) -> str:
    """The cache key of the page answering ``request`` in ``language``: its full path (query
    string included) and its htmx request kind. The path names the view, so the key needs no
    other name; the content version the page was rendered at is stored with it (a page and
    the current version are then read together, see :func:`cached_entry`)."""
    meta = request.META
    htmx = [meta.get(name, "") for name in _HTMX_HEADERS]
    return f"rulesite:page:{language}:{_digest((request.get_full_path(), *htmx))}"


class RecentValues:
    """The last values a process read from the shared cache under keys that never name two
    values: a key that holds the content version (and, for answers, the code version) names
    one value for good, so a worker may keep it and skip reading a hot page or answer again.
    Every request still reads the current content version from the shared cache, so a write
    anywhere makes every worker's kept values unreachable at once, as it does the shared ones.

    At most ``size`` values, each kept at most ``seconds`` (and never beyond the page cache's
    own lifetime); all are dropped when the store is full, which needs no lock.
    """

    def __init__(self, size: int = 128, seconds: float = 60.0) -> None:
        self.size, self.seconds = size, seconds
        self._values: dict[object, tuple[float, Any]] = {}

    def get(self, key: object) -> Any:
        kept = self._values.get(key)
        if kept is None or kept[0] < time.monotonic():
            return None
        return kept[1]

    def put(self, key: object, value: Any) -> None:
        seconds = min(self.seconds, _timeout(None))
        if seconds <= 0:
            return
        if len(self._values) >= self.size:
            self._values.clear()
        self._values[key] = (time.monotonic() + seconds, value)

    def clear(self) -> None:
        self._values.clear()


recent_pages = RecentValues()
recent_answers = RecentValues()


def page_cache_enabled() -> bool:
    """Whether pages are kept at all (``RULESITE_PAGE_CACHE_SECONDS`` > 0)."""
    return _timeout(None) > 0


def _is_cacheable_request(request: HttpRequest) -> bool:
    if request.method not in ("GET", "HEAD"):
        return False
    user = getattr(request, "user", None)
    return not (user is not None and user.is_authenticated)


def _is_cacheable_response(response: HttpResponseBase) -> bool:
    if response.status_code != 200 or response.streaming or response.cookies:
        return False
    cache_control = response.get("Cache-Control", "")
    return "private" not in cache_control and "no-store" not in cache_control


def _stored(response: HttpResponse, request: HttpRequest) -> dict[str, Any]:
    """What the cache keeps of a page: its body compressed (a page is read from the cache far
    more often than written, and the database cache stores values as base64 text, whose
    decoding costs more than inflating a quarter of it), with a placeholder where a CSRF
    token was, and its headers. The body is deflated by ISA-L (``isal``), in zlib's format
    (read back with :func:`zlib.decompress`): five times faster than zlib at its fastest
    level, and as small (every new workbench answer is stored)."""
    return stored_entry(response, request)[0]


def stored_entry(response: HttpResponse, request: HttpRequest) -> tuple[dict[str, Any], bytes]:
    """What the cache keeps of a page (:func:`_stored`), and its body as kept before it was
    compressed (what :func:`current_entry` inflates it to)."""
    content = response.content
    # Only a response that was given a token (``get_token`` marks the request) holds one:
    # the others are not searched (a 9 kB answer takes 0.3 ms to search), nor decoded.
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
        charset = response.charset or "utf-8"
        text = _strip_csrf_tokens(content.decode(charset), request.META.get("CSRF_COOKIE"))
        content = text.encode(charset)
    stored = {
        "body": isal_zlib.compress(content, 1),
        "headers": {k: v for k, v in response.headers.items() if k.lower() != "set-cookie"},
    }
    return stored, content


_CSRF_PLACEHOLDER_BYTES = _CSRF_PLACEHOLDER.encode("ascii")


def rebuilt_page(entry: dict[str, Any], request: HttpRequest) -> HttpResponse:
    """The cached page ``entry`` as a response to ``request``, with a CSRF token of its own
    where the page had one."""
    content = entry.get("content") or zlib.decompress(entry["body"])
    if _CSRF_PLACEHOLDER_BYTES in content:
        content = content.replace(_CSRF_PLACEHOLDER_BYTES, masked_token(request).encode("ascii"))
    response = HttpResponse(content)
    for name, value in entry["headers"].items():
        response[name] = value
    response[CACHE_STATUS_HEADER] = "hit"
    return response


def cached_entry(request: HttpRequest, language: str) -> dict[str, Any] | None:
    """The cached page for ``request`` in ``language`` if it was rendered at the current
    content version; when there is none, the request remembers the key and the version it
    was looked up at (the view's decorator stores the page it renders under them)."""
    key = page_key(request, language)
    version = _version_store().get(VERSION_KEY)
    entry = current_entry(key, version, recent_pages)
    if entry is None:
        setattr(request, _LOOKED_UP, (language, key, version))
    return entry


def current_entry(key: str, version: Any, recent: RecentValues) -> dict[str, Any] | None:
    """The page or answer stored under ``key`` if it was stored at the content ``version``
    (None: no version yet, nothing is current), with its body inflated: from this process's
    ``recent`` entries, or read from the shared cache and kept there."""
    if version is None:
        return None
    entry = recent.get((key, version))
    if entry is not None:
        return entry  # type: ignore[no-any-return]
    entry = _cache().get(key)
    if entry is None or entry.get("version") != version:
        return None
    entry = {**entry, "content": zlib.decompress(entry["body"])}
    recent.put((key, version), entry)
    return entry


def cached_page(
    namespace: str, *, timeout: int | None = None
) -> Callable[[Callable[..., HttpResponseBase]], Callable[..., HttpResponseBase]]:
    """Cache a view's rendered page (see the module docstring for what is cached).

    ``namespace`` names the kind of page (kept with the entry); the key is the request's.
    Most hits are answered before the view, by ``rulesite.core.pagecache``: this decorator
    stores the pages and answers the hits of requests that one leaves to the full stack.
    """

    def decorator(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not _is_cacheable_request(request):
                response = view(request, *args, **kwargs)
                patch_vary_headers(response, ("HX-Request",))
                return response
            language = get_language() or "-"
            looked_up = getattr(request, _LOOKED_UP, None)
            if looked_up is not None and looked_up[0] == language:
                key, version = looked_up[1], looked_up[2]
            else:
                entry = cached_entry(request, language)
                if entry is not None:
                    return rebuilt_page(entry, request)
                key, version = getattr(request, _LOOKED_UP)[1:]
            if version is None:
                version = content_version()
            response = view(request, *args, **kwargs)
            patch_vary_headers(response, ("HX-Request",))
            if isinstance(response, HttpResponse) and _is_cacheable_response(response):
                stored = _stored(response, request)
                stored.update(namespace=namespace, version=version)
                _cache().set(key, stored, _timeout(timeout))
                response[CACHE_STATUS_HEADER] = "miss"
            return response

        return wrapper

    return decorator


# --- invalidation ----------------------------------------------------------------------------
# Every INSERT, UPDATE or DELETE that touches a table of the watched apps bumps the version:
# model saves and deletes, many-to-many changes, and also QuerySet.update(), bulk_create() and
# raw SQL (bulk moderation, imports), which send no model signals.

_WRITE_VERBS = ("INSERT", "UPDATE", "DELETE", "REPLACE")
_watched_tables: frozenset[str] | None = None


def _watched_apps() -> tuple[str, ...]:
    return tuple(getattr(settings, "RULESITE_CACHE_INVALIDATING_APPS", ("cards",)))


def watched_tables() -> frozenset[str]:
    """Tables whose writes change what pages show (models of the watched apps and their
    many-to-many tables)."""
    global _watched_tables
    if _watched_tables is None:
        from django.apps import apps

        tables: set[str] = set()
        for label in _watched_apps():
            try:
                config = apps.get_app_config(label)
            except LookupError:
                continue
            for model in config.get_models(include_auto_created=True):
                tables.add(model._meta.db_table.lower())
        _watched_tables = frozenset(tables)
    return _watched_tables


def writes_content(sql: str) -> bool:
    """Whether ``sql`` writes a watched table.

    >>> writes_content('UPDATE "cards_card" SET "name" = %s')
    True
    >>> writes_content('INSERT INTO "scenarios_scenario" VALUES (%s)')  # see scenarios.signals
    False
    >>> writes_content('SELECT * FROM "cards_card"')
    False
    >>> writes_content('INSERT INTO "django_session" VALUES (%s)')
    False
    """
    head = sql.lstrip()[:7].upper()
    if not head.startswith(_WRITE_VERBS):
        return False
    lowered = sql.lower()
    return any(f'"{table}"' in lowered or f"`{table}`" in lowered for table in watched_tables())


def _bump_on_commit() -> None:
    bump_content_version()


_deferred_writes: ContextVar[list[bool] | None] = ContextVar(
    "rulesite_deferred_content_writes", default=None
)


@contextmanager
def bumped_once_at_commit() -> Iterator[None]:
    """Within the block (inside an import's transaction, which writes in hundreds of
    statements), writes to watched tables bump the content version once, when the transaction
    commits, instead of once per statement and again at commit: nobody else sees the writes
    before the commit, so a page cached meanwhile shows the old content under the old version.
    A block that writes nothing, fails or is rolled back bumps nothing."""
    wrote: list[bool] = []
    token = _deferred_writes.set(wrote)
    try:
        yield
    finally:
        _deferred_writes.reset(token)
    if wrote:
        transaction.on_commit(bump_content_version)  # at once outside a transaction


def _after_content_write(connection: Any) -> None:
    deferred = _deferred_writes.get()
    if deferred is not None and connection.in_atomic_block:
        if not deferred:
            deferred.append(True)
        return
    bump_content_version()
    if connection.in_atomic_block:
        # Once more when the transaction commits, so a page cached between the write and the
        # commit (still showing the old content) is dropped too; once per transaction.
        pending = connection.run_on_commit
        if not any(entry[1] is _bump_on_commit for entry in pending):
            transaction.on_commit(_bump_on_commit, using=connection.alias)


def _watch_writes(
    execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
) -> Any:
    result = execute(sql, params, many, context)
    if isinstance(sql, str) and writes_content(sql):
        _after_content_write(context["connection"])
    return result


def only_watched(connection: Any) -> bool:
    """Whether the only execute wrapper on ``connection`` is this module's watch for writes
    (a read may then skip the wrappers: the watch acts on writes only)."""
    return all(wrapper is _watch_writes for wrapper in connection.execute_wrappers)


def _install_watch(sender: Any, connection: Any, **kwargs: Any) -> None:
    if _watch_writes not in connection.execute_wrappers:
        connection.execute_wrappers.append(_watch_writes)


def connect_invalidation() -> None:
    """Watch every database connection for writes to the watched apps' tables."""
    from django.db import connections
    from django.db.backends.signals import connection_created

    connection_created.connect(_install_watch, dispatch_uid="rulesite-cache-watch-writes")
    for connection in connections.all(initialized_only=True):
        _install_watch(None, connection)


# --- answers to posted requests ----------------------------------------------------------------
# The workbench's answer and the evaluate API's are pure functions of what was posted, the
# content (the card rows the engine reads) and the code that computes and renders them. They are
# cached under all three: the content version, the code version, and the posted fields.

_CODE_ROOTS = ("engine", "rulesite", "templates", "locale")
_CODE_SUFFIXES = (".py", ".html", ".txt", ".mo", ".json")
_code_version: str | None = None


def code_version() -> str:
    """A digest of the code and templates that compute and render answers (the engine, the
    apps, the templates, the compiled translations): the same in every worker of one
    deployment, new after a deployment that changes any of them."""
    global _code_version
    if _code_version is None:
        from pathlib import Path

        digest = hashlib.sha256()
        base = Path(settings.BASE_DIR)
        for root in _CODE_ROOTS:
            for path in sorted((base / root).rglob("*")):
                if path.suffix in _CODE_SUFFIXES and path.is_file():
                    digest.update(str(path.relative_to(base)).encode())
                    digest.update(path.read_bytes())
        _code_version = digest.hexdigest()[:16]
    return _code_version


def answer_key(namespace: str, request: HttpRequest, *parts: object) -> str:
    """The cache key of an answer to ``request``: its path, its htmx headers, ``parts`` (what
    was posted, canonically), under the code version, the content version and the language."""
    return versioned_key(
        f"answer:{namespace}",
        code_version(),
        request.path,
        request.headers.get("HX-Request", ""),
        request.headers.get("HX-Target", ""),
        *parts,
    )


def _posted_fields(request: HttpRequest) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(
        sorted(
            (name, tuple(values))
            for name, values in request.POST.lists()
            if name != "csrfmiddlewaretoken"
        )
    )


EARLY_ANSWER_STORE = "_rulesite_early_answer_store"
"""Set on a request :mod:`rulesite.core.answercache` looked up and missed: its ``version``
is the content version it was looked up at, and called with a new answer (as stored), it
keeps the answer under that module's key."""


def answer_store() -> Any:
    """The shared cache that holds answers and pages."""
    return _cache()


def cached_answer(
    namespace: str, *, timeout: int | None = None
) -> Callable[[Callable[..., HttpResponseBase]], Callable[..., HttpResponseBase]]:
    """Cache a view's answer to a form POST, keyed by the posted fields (the CSRF token left
    out; it was checked before the view) — see :func:`answer_key`. Anonymous visitors only;
    a 200 without cookies only; CSRF tokens in the answer are given to each reader anew.

    A request :mod:`rulesite.core.answercache` looked up and missed (an anonymous visitor's
    urlencoded POST whose CSRF check passed) is answered by the view and its answer stored
    under that module's key alone, at the content version it was looked up at: the same post
    again is answered there, before the stack, and a post the early answers leave to the
    stack (a session cookie, fields whose names are escaped) is looked up under the posted
    fields here. One key per new answer: one key to compute, one row to write."""

    def decorator(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            user = getattr(request, "user", None)
            if request.method != "POST" or (user is not None and user.is_authenticated):
                return view(request, *args, **kwargs)
            early = getattr(request, EARLY_ANSWER_STORE, None)
            if early is not None and getattr(request, "csrf_processing_done", False):
                with one_content_version(early.version):
                    return new_answer(request, early, *args, **kwargs)
            with one_content_version():
                return answer(request, *args, **kwargs)

        def new_answer(
            request: HttpRequest, early: Any, *args: Any, **kwargs: Any
        ) -> HttpResponseBase:
            response = view(request, *args, **kwargs)
            if isinstance(response, HttpResponse) and _is_cacheable_response(response):
                early(request, *stored_entry(response, request), _timeout(timeout))
                response[CACHE_STATUS_HEADER] = "miss"
            return response

        def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            key = answer_key(namespace, request, _posted_fields(request))
            cache = _cache()
            entry = cache.get(key)
            if entry is not None:
                return rebuilt_page(entry, request)
            response = view(request, *args, **kwargs)
            if isinstance(response, HttpResponse) and _is_cacheable_response(response):
                cache.set(key, _stored(response, request), _timeout(timeout))
                response[CACHE_STATUS_HEADER] = "miss"
            return response

        return wrapper

    return decorator
