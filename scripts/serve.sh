#!/usr/bin/env bash
# `make serve`: the site as in production on http://127.0.0.1:${PORT:-8000}/ — nginx in front
# of gunicorn.
#
# nginx (Debian's package, installed when missing) listens on 127.0.0.1:$PORT, serves
# /static/ itself, buffers every request body and enforces client timeouts
# (deploy/nginx/rulesite-proxy.conf); gunicorn (gunicorn.conf.py) listens only on a Unix
# socket under var/run/ that nginx uses. DEBUG off, hashed and compressed static files
# (collectstatic), migrations, the demo data. The cache is the shared database cache (the
# default), so rate limits and the page cache hold across gunicorn's workers. The database
# is the embedded SQLite file under var/ unless DATABASE_URL is set, e.g.:
#
#   DATABASE_URL=postgres://rulesite:secret@127.0.0.1:5432/rulesite make serve
#
# Plain HTTP on the loopback address, so the HTTPS-only settings are off (DJANGO_HTTPS=0);
# deploy/nginx/rulesite.conf is the production example with TLS.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"

PYTHON="${PYTHON:-.venv/bin/python}"
GUNICORN="${GUNICORN:-.venv/bin/gunicorn}"
VAR_DIR="$(mkdir -p "${RULESITE_VAR_DIR:-var}" && cd "${RULESITE_VAR_DIR:-var}" && pwd)"

bash scripts/ensure-nginx.sh
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

export RULESITE_VAR_DIR="$VAR_DIR"
export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-rulesite.settings}"
export DJANGO_DEBUG=0
export DJANGO_HTTPS="${DJANGO_HTTPS:-0}"
export PORT="${PORT:-8000}"
export ALLOWED_HOSTS="${ALLOWED_HOSTS:-127.0.0.1,localhost}"
export STATIC_ROOT="${STATIC_ROOT:-$VAR_DIR/staticfiles}"
# Database connections kept between requests: the cache lives in the database.
export CONN_MAX_AGE="${CONN_MAX_AGE:-60}"
# One trusted proxy (this nginx): the client is the last X-Forwarded-For entry.
export RULESITE_PROXY_COUNT=1
SOCKET="$VAR_DIR/run/gunicorn.sock"
export GUNICORN_BIND="unix:$SOCKET"
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

NGINX_DIR="$VAR_DIR/nginx"
mkdir -p "$NGINX_DIR/tmp" "$VAR_DIR/run"
rm -f "$SOCKET"
USER_LINE=""
if [ "$(id -u)" = "0" ]; then
  USER_LINE="user root;"  # workers read var/ wherever the checkout is
fi
cat >"$NGINX_DIR/nginx.conf" <<CONF
# Written by scripts/serve.sh for make serve; the production example is deploy/nginx/rulesite.conf.
$USER_LINE
worker_processes auto;
pid $NGINX_DIR/nginx.pid;
error_log $NGINX_DIR/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    server_tokens off;
    client_body_temp_path $NGINX_DIR/tmp/body;
    proxy_temp_path $NGINX_DIR/tmp/proxy;
    fastcgi_temp_path $NGINX_DIR/tmp/fastcgi;
    uwsgi_temp_path $NGINX_DIR/tmp/uwsgi;
    scgi_temp_path $NGINX_DIR/tmp/scgi;

    upstream rulesite_app {
        server unix:$SOCKET fail_timeout=0;
    }

    server {
        listen 127.0.0.1:$PORT;
        server_name _;

        location /static/ {
            alias $STATIC_ROOT/;
            gzip_static on;
            expires 1y;
            add_header Cache-Control "public, max-age=31536000, immutable";
            add_header X-Content-Type-Options nosniff;
        }

        include $ROOT/deploy/nginx/rulesite-proxy.conf;
    }
}
CONF
"$NGINX" -t -q -p "$NGINX_DIR" -c "$NGINX_DIR/nginx.conf" -g "daemon off;"

pids=()
stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

"$GUNICORN" --config gunicorn.conf.py &
pids+=("$!")
for _ in $(seq 1 300); do
  [ -S "$SOCKET" ] && break
  kill -0 "${pids[0]}" 2>/dev/null || { echo "gunicorn did not start" >&2; exit 1; }
  sleep 0.1
done
"$NGINX" -p "$NGINX_DIR" -c "$NGINX_DIR/nginx.conf" -g "daemon off;" &
pids+=("$!")
echo "Serving rulesite on http://127.0.0.1:${PORT}/ (nginx in front of gunicorn; Ctrl-C stops)" >&2
# Either one stopping stops the other.
wait -n
