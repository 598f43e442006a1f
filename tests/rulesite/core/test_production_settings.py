"""Production settings: deploy checks, security headers, the CSP, request logs, body caps,
the admin lockout and gunicorn's configuration."""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory

from rulesite.core.logformat import JSONFormatter
from rulesite.core.middleware import ClientIPMiddleware
from rulesite.settings import cache_from_url

ROOT = Path(__file__).resolve().parents[3]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


PRODUCTION = {
    "DJANGO_DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "rulesite.example",
}


def test_check_deploy_is_clean_under_production_settings() -> None:
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = run_manage("check", DJANGO_DEBUG="0", SECRET_KEY="", ALLOWED_HOSTS="x")

    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_serves_static_files_under_hashed_names(tmp_path: Path) -> None:
    static_root = str(tmp_path / "static")
    collected = run_manage("collectstatic", "--noinput", **PRODUCTION, STATIC_ROOT=static_root)

    result = run_manage(
        "shell",
        "--no-imports",
        "-c",
        "from django.templatetags.static import static; print(static('css/site.css'))",
        **PRODUCTION,
        STATIC_ROOT=static_root,
    )

    assert collected.returncode == 0, collected.stderr
    assert re.fullmatch(r"/static/css/site\.[0-9a-f]{12}\.css", result.stdout.strip())
    assert (tmp_path / "static" / "css" / "site.css.gz").exists()


@pytest.mark.parametrize(
    ("url", "backend"),
    [
        ("locmem://rulesite", "django.core.cache.backends.locmem.LocMemCache"),
        ("redis://cache:6379/1", "django.core.cache.backends.redis.RedisCache"),
        ("pymemcache://a:11211,b:11211", "django.core.cache.backends.memcached.PyMemcacheCache"),
        ("file:///tmp/rulesite-cache", "django.core.cache.backends.filebased.FileBasedCache"),
    ],
)
def test_cache_url_selects_the_backend(url: str, backend: str) -> None:
    assert cache_from_url(url)["BACKEND"] == backend


def test_cache_url_memcached_lists_every_server() -> None:
    assert cache_from_url("pymemcache://a:11211,b:11211")["LOCATION"] == ["a:11211", "b:11211"]


def test_unknown_cache_url_scheme_is_refused() -> None:
    with pytest.raises(RuntimeError, match="CACHE_URL scheme 'mongo'"):
        cache_from_url("mongo://x")


@pytest.mark.django_db
def test_pages_send_a_csp_without_unsafe_inline(client: Client) -> None:
    response = client.get("/en/")

    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy


@pytest.mark.django_db
def test_pages_send_security_headers(client: Client) -> None:
    response = client.get("/en/")

    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


@pytest.mark.django_db
def test_pages_have_no_inline_script_or_style(client: Client) -> None:
    html = client.get("/en/").content.decode()

    assert "style=" not in html
    for tag in html.split("<script")[1:]:
        assert "src=" in tag.split(">")[0], tag[:80]


@pytest.mark.django_db
def test_each_request_is_logged_as_one_json_line(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="rulesite.requests"):
        response = client.get("/healthz", headers={"X-Request-ID": "lb-1234"})

    record = next(r for r in caplog.records if r.name == "rulesite.requests")
    line = json.loads(JSONFormatter().format(record))
    assert response["X-Request-ID"] == "lb-1234"
    assert line["request_id"] == "lb-1234"
    assert line["method"] == "GET"
    assert line["path"] == "/healthz"
    assert line["status"] == 200
    assert isinstance(line["duration_ms"], float)
    assert line["level"] == "INFO"


@pytest.mark.django_db
def test_a_malformed_request_id_is_replaced(client: Client) -> None:
    response = client.get("/healthz", headers={"X-Request-ID": "bad id\nwith newline"})

    assert len(response["X-Request-ID"]) == 32
    assert "\n" not in response["X-Request-ID"]


@pytest.mark.django_db
def test_client_errors_are_logged_as_warnings(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="rulesite.requests"):
        client.get("/en/no-such-page/")

    record = next(r for r in caplog.records if r.name == "rulesite.requests")
    assert record.levelno == logging.WARNING
    assert record.status == 404  # type: ignore[attr-defined]


@pytest.mark.django_db
def test_api_body_over_the_cap_is_refused_with_413_json(client: Client, settings) -> None:
    body = json.dumps({"padding": "x" * (settings.RULESITE_API_MAX_BODY_BYTES + 10)})

    response = client.post("/api/v1/evaluate", body, content_type="application/json")

    assert response.status_code == 413
    assert response.json()["errors"][0]["field"] == "body"
    assert "limit" in response.json()["errors"][0]["message"]


@pytest.mark.django_db
def test_api_json_nested_too_deep_is_refused_with_400(client: Client) -> None:
    body = '{"a": ' * 200 + "1" + "}" * 200

    response = client.post("/api/v1/evaluate", body, content_type="application/json")

    assert response.status_code == 400
    assert "nests 200 levels" in response.json()["errors"][0]["message"]


@pytest.mark.django_db
def test_page_body_over_the_cap_is_refused_with_413(client: Client, settings) -> None:
    body = "q=" + "x" * (settings.RULESITE_MAX_BODY_BYTES + 1)

    response = client.post("/en/workbench/", body, content_type="application/x-www-form-urlencoded")

    assert response.status_code == 413


@pytest.mark.django_db
def test_a_non_numeric_content_length_is_a_400(client: Client) -> None:
    response = client.generic(
        "POST", "/api/v1/evaluate", b"{}", CONTENT_TYPE="application/json", CONTENT_LENGTH="ten"
    )

    assert response.status_code == 400


@pytest.mark.django_db
def test_healthz_is_served_over_plain_http_in_production(client: Client, settings) -> None:
    settings.SECURE_SSL_REDIRECT = True

    health = client.get("/healthz")
    page = client.get("/en/")

    assert health.status_code == 200
    assert page.status_code == 301
    assert page["Location"].startswith("https://")


@pytest.mark.django_db
@pytest.mark.usefixtures("fast_password_hashing")
def test_admin_login_locks_out_after_repeated_wrong_passwords(client: Client, settings) -> None:
    User.objects.create_superuser("admin", "admin@example.org", "right-password")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/admin/login/", {"username": "admin", "password": "wrong"})

    response = client.post("/admin/login/", {"username": "admin", "password": "right-password"})

    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
@pytest.mark.usefixtures("fast_password_hashing")
def test_admin_login_with_the_right_password_works(client: Client) -> None:
    User.objects.create_superuser("admin", "admin@example.org", "right-password")

    response = client.post("/admin/login/", {"username": "admin", "password": "right-password"})

    assert response.status_code == 302
    assert client.get("/admin/").status_code == 200


@pytest.mark.django_db
@pytest.mark.usefixtures("fast_password_hashing")
def test_test_client_login_still_works_with_the_lockout_on(client: Client) -> None:
    User.objects.create_superuser("admin", "admin@example.org", "pw")

    assert client.login(username="admin", password="pw")
    assert client.get("/admin/").status_code == 200


def test_gunicorn_configuration_loads_the_application() -> None:
    environment = {**os.environ, **PRODUCTION, "WEB_CONCURRENCY": "2", "PORT": "8123"}
    result = subprocess.run(
        [str(Path(sys.executable).parent / "gunicorn"), "--check-config", "--print-config"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    config = dict(
        (name.strip(), value.strip())
        for name, _, value in (line.partition("=") for line in result.stdout.splitlines())
    )
    assert config["bind"] == "['127.0.0.1:8123']"
    assert config["workers"] == "2"
    assert config["timeout"] == "30"
    assert config["preload_app"] == "True"


def _lock_out(client: Client, settings, **extra: str) -> None:
    for n in range(settings.AXES_FAILURE_LIMIT):
        forwarded = extra if extra else {"HTTP_X_FORWARDED_FOR": f"198.51.100.{n}"}
        client.post("/admin/login/", {"username": "admin", "password": "wrong"}, **forwarded)


@pytest.mark.django_db
@pytest.mark.usefixtures("fast_password_hashing")
def test_a_spoofed_forwarded_for_does_not_dodge_the_lockout(client: Client, settings) -> None:
    User.objects.create_superuser("admin", "admin@example.org", "right-password")
    _lock_out(client, settings)  # a new X-Forwarded-For on every attempt

    response = client.post(
        "/admin/login/",
        {"username": "admin", "password": "right-password"},
        HTTP_X_FORWARDED_FOR="192.0.2.200",
    )

    assert response.status_code == 429


@pytest.mark.django_db
@pytest.mark.usefixtures("fast_password_hashing")
def test_behind_a_trusted_proxy_each_client_is_told_apart(client: Client, settings) -> None:
    settings.RULESITE_PROXY_COUNT = 1
    User.objects.create_superuser("admin", "admin@example.org", "right-password")
    _lock_out(client, settings, HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.66")

    other = client.post(
        "/admin/login/",
        {"username": "admin", "password": "right-password"},
        HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.10",
    )
    locked = client.post(
        "/admin/login/",
        {"username": "admin", "password": "right-password"},
        HTTP_X_FORWARDED_FOR="203.0.113.66",
    )

    assert other.status_code == 302
    assert locked.status_code == 429


@pytest.mark.parametrize(("remote", "expected"), [("", "0.0.0.0"), ("not-an-ip", "0.0.0.0")])
def test_a_missing_client_address_becomes_the_unknown_client(remote: str, expected: str) -> None:
    seen: dict[str, str] = {}

    def view(request: HttpRequest) -> HttpResponse:
        seen["address"] = request.META["REMOTE_ADDR"]
        return HttpResponse()

    request = RequestFactory().get("/", REMOTE_ADDR=remote)
    ClientIPMiddleware(view)(request)

    assert seen["address"] == expected


@pytest.mark.postgres
@pytest.mark.django_db
def test_postgresql_cancels_statements_that_outlast_a_request() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("runs in the PostgreSQL pass of make test")
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        (timeout,) = cursor.fetchone()

    assert timeout == "30s"


def test_gunicorn_workers_fork_with_the_masters_objects_frozen() -> None:
    import gc
    import runpy

    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    try:
        config["pre_fork"](None, None)

        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
