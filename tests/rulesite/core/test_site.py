"""Site-wide guarantees: migrations, health check, language routing, helpful 404."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_pending_migrations() -> None:
    out = io.StringIO()

    call_command("makemigrations", "--check", "--dry-run", stdout=out)

    assert "No changes detected" in out.getvalue()


@pytest.mark.django_db
def test_healthz_reports_database_ok(client) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}


@pytest.mark.django_db
def test_root_redirects_to_accept_language(client) -> None:
    response = client.get("/", headers={"accept-language": "fr-FR,fr;q=0.9"})

    assert response.status_code == 302
    assert response["Location"] == "/fr/"


@pytest.mark.django_db
def test_unknown_page_is_404_with_search_box(client) -> None:
    response = client.get("/en/no-such-page/")

    assert response.status_code == 404
    assert b'role="search"' in response.content


@pytest.mark.parametrize(
    "path",
    ["/en/", "/en/cards/burst-lightning/", "/fr/cards/?q=eclair", "/en/keywords/kicker/"],
)
def test_pages_answer_head_requests_like_get(client, demo_data, path: str) -> None:
    response = client.head(path)

    assert response.status_code == 200
    assert response.content == b""


def test_default_database_folder_is_created_on_a_fresh_checkout(tmp_path) -> None:
    var_dir = tmp_path / "fresh" / "var"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["RULESITE_VAR_DIR"] = str(var_dir)
    root = Path(__file__).resolve().parents[3]

    result = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )

    assert result.returncode == 0, result.stderr
    assert (var_dir / "rulesite.sqlite3").is_file()
