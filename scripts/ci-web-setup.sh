#!/usr/bin/env bash
# What the web tests need, installed from Debian's and PyPI's packages and started locally:
#   - Chromium (Debian's package) for the Playwright end-to-end test,
#   - the Playwright Python package (it drives /usr/bin/chromium; no browser download),
#   - a PostgreSQL server from Debian's packages on 127.0.0.1 with an empty test database.
#
# Source it so that the variable reaches the tests:
#     source scripts/ci-web-setup.sh
# It exports AZULEJOS_TEST_PG=postgresql+psycopg://azulejos@127.0.0.1:$PORT/azulejos_test.
# Environment: PYTHON (default /work/venv/bin/python, else python3), AZULEJOS_PG_PORT (54329),
# AZULEJOS_PG_DIR (a new folder under /tmp).

_azw_start_pg() {
  local bindir="$1" port="$2"
  local dir="${AZULEJOS_PG_DIR:-$(mktemp -d /tmp/azulejos-pg.XXXXXX)}"
  mkdir -p "$dir"
  local run=(env)
  if [ "$(id -u)" = 0 ]; then
    chown -R postgres:postgres "$dir"
    run=(runuser -u postgres --)
  fi
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    "${run[@]}" "$bindir/initdb" -D "$dir/data" -U azulejos --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; return 1; }
  fi
  "${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >/dev/null \
    || { cat "$dir/server.log" >&2; return 1; }
  export AZULEJOS_PG_DIR="$dir"
}

_azw_setup() {

  local py="${PYTHON:-}"
  if [ -z "$py" ]; then
    if [ -x /work/venv/bin/python ]; then py=/work/venv/bin/python; else py=python3; fi
  fi
  local port="${AZULEJOS_PG_PORT:-54329}"
  local need=()
  [ -x /usr/bin/chromium ] || need+=(chromium)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  if [ "${#need[@]}" -gt 0 ]; then
    echo "ci-web-setup: apt-get install ${need[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null \
      || { echo "ci-web-setup: apt-get install failed" >&2; return 1; }
  fi
  if ! "$py" -c "import playwright" 2>/dev/null; then
    echo "ci-web-setup: pip install playwright"
    "$py" -m pip install -q "playwright>=1.40" || { echo "ci-web-setup: pip failed" >&2; return 1; }
  fi

  local bindir
  bindir="$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")"
  if "$bindir/psql" -h 127.0.0.1 -p "$port" -U azulejos -d postgres -tAc "SELECT 1" >/dev/null 2>&1; then
    echo "ci-web-setup: reusing the PostgreSQL server already on 127.0.0.1:$port"
  else
    _azw_start_pg "$bindir" "$port" || return 1
  fi
  "$bindir/psql" -h 127.0.0.1 -p "$port" -U azulejos -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname='azulejos_test'" | grep -q 1 \
    || "$bindir/createdb" -h 127.0.0.1 -p "$port" -U azulejos azulejos_test \
    || { echo "ci-web-setup: createdb failed" >&2; return 1; }
  export AZULEJOS_TEST_PG="postgresql+psycopg://azulejos@127.0.0.1:$port/azulejos_test"
  echo "ci-web-setup: chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), PostgreSQL on 127.0.0.1:$port"
  echo "export AZULEJOS_TEST_PG=$AZULEJOS_TEST_PG"

}

_azw_setup
_azw_status=$?
unset -f _azw_setup _azw_start_pg
if [ "${BASH_SOURCE[0]}" = "$0" ]; then exit "$_azw_status"; fi
[ "$_azw_status" = 0 ]
