#!/usr/bin/env bash
# `make serve`: the site as in production, under gunicorn, on http://127.0.0.1:${PORT:-8000}/.
#
# DEBUG off, hashed and compressed static files (collectstatic), migrations, the demo data,
# then gunicorn (gunicorn.conf.py). The database is the embedded SQLite file under var/ unless
# DATABASE_URL is set, e.g.:
#
#   DATABASE_URL=postgres://rulesite:secret@127.0.0.1:5432/rulesite make serve
#
# Plain HTTP on the loopback address, so the HTTPS-only settings are off (DJANGO_HTTPS=0);
# behind a TLS proxy run gunicorn with DJANGO_HTTPS=1 SECURE_PROXY_SSL_HEADER=1 instead.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-.venv/bin/python}"
GUNICORN="${GUNICORN:-.venv/bin/gunicorn}"
VAR_DIR="${RULESITE_VAR_DIR:-var}"
mkdir -p "$VAR_DIR"

export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-rulesite.settings}"
export DJANGO_DEBUG=0
export DJANGO_HTTPS="${DJANGO_HTTPS:-0}"
export PORT="${PORT:-8000}"
export ALLOWED_HOSTS="${ALLOWED_HOSTS:-127.0.0.1,localhost}"
if [ -z "${SECRET_KEY:-}" ]; then
  # One random key per checkout, kept out of git under var/.
  if [ ! -s "$VAR_DIR/secret-key" ]; then
    (umask 077 && "$PYTHON" -c 'import secrets; print(secrets.token_urlsafe(50))' >"$VAR_DIR/secret-key")
  fi
  SECRET_KEY="$(cat "$VAR_DIR/secret-key")"
  export SECRET_KEY
fi

"$PYTHON" manage.py collectstatic --noinput --verbosity 0
"$PYTHON" manage.py migrate --noinput --verbosity 0
"$PYTHON" manage.py createcachetable
"$PYTHON" manage.py load_demo --verbosity 0
echo "Serving rulesite on http://127.0.0.1:${PORT}/ (gunicorn; Ctrl-C stops)" >&2
exec "$GUNICORN" --config gunicorn.conf.py
