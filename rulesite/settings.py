"""Settings for rulesite, read from the environment.

Development defaults need nothing: an embedded SQLite database under ``var/``, and the cache in
tables of that database (shared by the server's workers and by management commands, so an
import from the command line refreshes the pages a running server shows). Production sets
``DJANGO_DEBUG=0``, ``SECRET_KEY``, ``ALLOWED_HOSTS`` and ``DATABASE_URL`` (PostgreSQL).
The test suite runs with ``rulesite.settings_test`` (local-memory caches).
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from engine import contract as engine_contract

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("RULESITE_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DJANGO_DEBUG is off")
ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "simple_history",
    "axes",
    "csp",
    "corsheaders",
    "rulesite.core",
    "rulesite.cards",
    "rulesite.workbench",
    "rulesite.scenarios",
    "rulesite.curation",
    "rulesite.api",
]

MIDDLEWARE = [
    "rulesite.core.middleware.ClientIPMiddleware",
    "rulesite.core.middleware.RequestLogMiddleware",
    "rulesite.api.middleware.ApiErrorMiddleware",
    "rulesite.core.middleware.BodySizeLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # CORS for reads of the JSON API (CORS_* below), before anything that may answer.
    "corsheaders.middleware.CorsMiddleware",
    "rulesite.core.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Outside the locale and common middleware, so their 404 → redirect rules run first.
    "rulesite.core.notfound.SiteNotFoundMiddleware",
    # Repeated evaluations, cached pages and cached answers to form posts answered here,
    # before the rest of the stack (see the modules).
    "rulesite.api.evaluations.CachedEvaluationMiddleware",
    "rulesite.core.pagecache.CachedPageMiddleware",
    "rulesite.core.answercache.CachedAnswerMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Django's, with the path's language found once per request.
    "rulesite.core.middleware.PathLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Django's, with the message storage made on first use.
    "rulesite.core.middleware.LazyMessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it turns lockouts raised by the backend into responses.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "rulesite.urls"
WSGI_APPLICATION = "rulesite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Forms are drawn with Django's Jinja2 form templates, the admin's widgets with the template
# language (rulesite.core.formrender).
FORM_RENDERER = "rulesite.core.formrender.SiteFormRenderer"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'rulesite.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded database's folder (var/ by default) is created on first use.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # Connections closed after each request unless CONN_MAX_AGE says otherwise: `make serve`
    # keeps them (the shared cache reads this database on every request, and opening a SQLite
    # connection with its PRAGMAs doubles its cost); Django's live test server shares one.
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE", "0"))
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;"
            ),
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def cache_from_url(url: str, *, max_entries: int = 1000) -> dict[str, object]:
    """Django cache settings from ``CACHE_URL``.

    ``db://rulesite_cache`` (the default: a table in the site's database, shared by every
    worker, process and server that uses the database), ``locmem://`` (per process: tests),
    ``redis://host:6379/0`` / ``rediss://…`` (needs the ``redis`` package),
    ``pymemcache://host:11211[,host2:11211]`` (needs ``pymemcache``),
    ``file:///var/cache/rulesite``, ``dummy://`` (no caching).
    """
    scheme, _sep, rest = url.partition("://")
    backends = "django.core.cache.backends."
    bounded = {"OPTIONS": {"MAX_ENTRIES": max_entries}}
    if scheme == "db":
        return {
            "BACKEND": "rulesite.core.dbcache.SharedDatabaseCache",
            "LOCATION": rest or "rulesite_cache",
            **bounded,
        }
    if scheme == "locmem":
        return {
            "BACKEND": backends + "locmem.LocMemCache",
            "LOCATION": rest or "rulesite",
            **bounded,
        }
    if scheme in {"redis", "rediss"}:
        return {"BACKEND": backends + "redis.RedisCache", "LOCATION": url}
    if scheme == "pymemcache":
        return {"BACKEND": backends + "memcached.PyMemcacheCache", "LOCATION": rest.split(",")}
    if scheme == "file":
        return {"BACKEND": backends + "filebased.FileBasedCache", "LOCATION": rest, **bounded}
    if scheme == "dummy":
        return {"BACKEND": backends + "dummy.DummyCache"}
    raise RuntimeError(
        f"CACHE_URL scheme {scheme!r} is not one of db, locmem, redis, pymemcache, file, dummy"
    )


def caches_from_url(url: str) -> dict[str, dict[str, object]]:
    """The three caches, all of ``CACHE_URL``'s kind, each in its own table or store.

    ``default`` holds computed values, ``pages`` rendered pages (``RULESITE_PAGE_CACHE_ALIAS``)
    and ``counters`` the rate-limit counters and the content version. Kept apart, a visitor
    who fills the page cache only makes it drop pages: a full table is culled (the database
    cache drops a third of its keys in key order), never the counters.
    """
    scheme, _sep, rest = url.partition("://")
    pages = int(os.environ.get("CACHE_MAX_ENTRIES", "2000"))
    if scheme == "db":
        table = rest or "rulesite_cache"
        names = {"default": table, "pages": f"{table}_pages", "counters": f"{table}_counters"}
        return {
            alias: cache_from_url(
                f"db://{name}", max_entries=pages if alias == "pages" else 100_000
            )
            for alias, name in names.items()
        }
    if scheme in {"locmem", "file"}:
        base = rest or ("rulesite" if scheme == "locmem" else "")
        joined = {"default": base, "pages": f"{base}/pages", "counters": f"{base}/counters"}
        if scheme == "locmem":
            joined = {alias: location.replace("/", "-") for alias, location in joined.items()}
        return {
            alias: cache_from_url(f"{scheme}://{location}", max_entries=pages)
            for alias, location in joined.items()
        }
    return {alias: cache_from_url(url) for alias in ("default", "pages", "counters")}


CACHES = caches_from_url(os.environ.get("CACHE_URL", "db://rulesite_cache"))
RULESITE_PAGE_CACHE_ALIAS = "pages"
RULESITE_VERSION_CACHE_ALIAS = "counters"
RATELIMIT_USE_CACHE = "counters"
# Rendered card, keyword and search pages (rulesite.core.cache), dropped when published
# content changes.
RULESITE_PAGE_CACHE_SECONDS = int(os.environ.get("RULESITE_PAGE_CACHE_SECONDS", "600"))

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "staticfiles"))

LOGIN_URL = "admin:login"

DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000

# manage.py fetch_data (make data): the official files, downloaded into RULESITE_DATA_DIR, then
# imported. Point the URLs at a mirror with the environment variables of the same names.
RULESITE_DATA_DIR = Path(os.environ.get("RULESITE_DATA_DIR", VAR_DIR / "data"))
RULESITE_MTGJSON_URL = os.environ.get(
    "RULESITE_MTGJSON_URL", "https://mtgjson.com/api/v5/AllPrintings.json.gz"
)
# MTGJSON publishes the SHA-256 of each file beside it; "" to skip the check (a mirror without).
RULESITE_MTGJSON_SHA256_URL = os.environ.get(
    "RULESITE_MTGJSON_SHA256_URL", RULESITE_MTGJSON_URL + ".sha256"
)
RULESITE_CR_URL = os.environ.get(
    "RULESITE_CR_URL", "https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt"
)
# Wizards publishes no checksum for the rules; set one to pin a known edition.
RULESITE_CR_SHA256 = os.environ.get("RULESITE_CR_SHA256", "")

RULESITE_SHARED_DATA = Path(
    os.environ.get("RULESITE_SHARED_DATA", BASE_DIR.parent / "shared" / "data")
)

# Machine translation of missing French clarifications (``manage.py translate_missing``): the
# dotted path of a class whose instances have ``translate(texts, source="en", target="fr")``.
# Empty = no backend.
RULESITE_TRANSLATION_BACKEND = os.environ.get("RULESITE_TRANSLATION_BACKEND", "")

# Community scenarios: per-client rates (django-ratelimit syntax) for anonymous submissions
# (page and API together) and for readers' flags.
RULESITE_SCENARIO_RATE = os.environ.get("RULESITE_SCENARIO_RATE", "10/h")
RULESITE_SCENARIO_FLAG_RATE = os.environ.get("RULESITE_SCENARIO_FLAG_RATE", "30/h")
# POST /api/v1/evaluate: per-client rate, e.g. 600/m in production; empty = no limit.
RULESITE_EVALUATE_RATE = os.environ.get("RULESITE_EVALUATE_RATE", "")

# --- Production: security, static files, logging, request limits -----------------------------
# Behind a TLS-terminating proxy set SECURE_PROXY_SSL_HEADER=1 (trusts X-Forwarded-Proto).
# DJANGO_HTTPS=0 turns the HTTPS-only settings off for a plain-HTTP local run (make serve).
HTTPS = env_bool("DJANGO_HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # load-balancer probes may use plain HTTP
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 31_536_000 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

# Content-Security-Policy (django-csp 4): no inline script or style anywhere; htmx is served
# from our origin and configured (meta htmx-config) not to inject styles nor to eval.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Static files: hashed, compressed names served by WhiteNoise in production; plain storage
# under DEBUG and in tests (no collectstatic needed).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or env_bool("RULESITE_PLAIN_STATIC", False)
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Admin login behind django-axes: 5 failures per username+IP lock it for an hour.
AUTHENTICATION_BACKENDS = [
    "rulesite.core.auth.WebLoginAxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# The client address: REMOTE_ADDR, or behind RULESITE_PROXY_COUNT trusted proxies the matching
# X-Forwarded-For entry (rulesite.core.middleware.ClientIPMiddleware). Lockouts and rate limits
# key on it; a client-supplied X-Forwarded-For is never trusted on its own.
RULESITE_PROXY_COUNT = int(os.environ.get("RULESITE_PROXY_COUNT", "0"))
AXES_IPWARE_META_PRECEDENCE_ORDER = ["REMOTE_ADDR"]

# Request limits. Form posts: DATA_UPLOAD_MAX_MEMORY_SIZE (above, 400 when over). Any body:
# refused with 413 by rulesite.core.middleware.BodySizeLimitMiddleware before it is read.
# API bodies: the engine's own bounds on a request (one setting, read by the middleware and by
# rulesite.api.jsonio alike).
RULESITE_MAX_BODY_BYTES = int(os.environ.get("RULESITE_MAX_BODY_BYTES", str(512 * 1024)))
RULESITE_API_MAX_BODY_BYTES = int(
    os.environ.get("RULESITE_API_MAX_BODY_BYTES", str(engine_contract.MAX_REQUEST_BYTES))
)
RULESITE_API_MAX_JSON_DEPTH = engine_contract.MAX_REQUEST_DEPTH

# PostgreSQL: give up connecting after 5 s, and cancel any statement still running after the
# time gunicorn allows a whole request (DB_STATEMENT_TIMEOUT_MS, 0 = no limit).
STATEMENT_TIMEOUT_MS = int(os.environ.get("DB_STATEMENT_TIMEOUT_MS", "30000"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"connect_timeout": 5, "options": f"-c statement_timeout={STATEMENT_TIMEOUT_MS}"}
    )

# Load benchmarks only (benchmarks/load): route a constant-string view at /__bench__/floor.
RULESITE_BENCHMARK_FLOOR = env_bool("RULESITE_BENCHMARK_FLOOR", False)

# Structured logs: one JSON object per line on stderr (request log: rulesite.requests).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "rulesite.core.logformat.JSONFormatter"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "json"}},
    "root": {"handlers": ["stderr"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "rulesite.requests": {
            "handlers": ["stderr"],
            "level": os.environ.get("REQUEST_LOG_LEVEL", "INFO"),
            "propagate": False,
        },
        # Our request log already records 4xx/5xx; keep Django's for the tracebacks only.
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "django.server": {"handlers": [], "level": "ERROR", "propagate": False},
    },
}

# Browser tools may read the JSON API from any origin (GET only, no cookies).
CORS_URLS_REGEX = r"^/api/.*$"
CORS_ALLOW_ALL_ORIGINS = True
CORS_ALLOW_METHODS = ("GET", "HEAD", "OPTIONS")
CORS_ALLOW_CREDENTIALS = False
CORS_EXPOSE_HEADERS = ("ETag", "Last-Modified")
