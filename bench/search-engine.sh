#!/usr/bin/env bash
# Search engine measurements (docs/benchmarks.md, "Search engine"): ILIKE vs pg_trgm vs tsvector on
# one organization of SEARCH_ITEMS work items (default 500,000) in a scratch database, one client.
#   npm run build && bash bench/search-engine.sh        (BENCH_KEEP=1 keeps the database for the next run)
set -euo pipefail
PGURL_BASE=${PGURL_BASE:-postgres://postgres@127.0.0.1:5432}
DB=${SEARCH_DB:-pds_search_bench}
N=${SEARCH_ITEMS:-500000}
ORG=00000000-0000-4000-8000-00000000a001
OTHER=00000000-0000-4000-8000-00000000a002
psql_() { psql "$PGURL_BASE/$DB" -X -q -v ON_ERROR_STOP=1 "$@"; }

if ! psql "$PGURL_BASE/postgres" -Atc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1; then
  psql "$PGURL_BASE/postgres" -qc "CREATE DATABASE $DB"
  DATABASE_URL="$PGURL_BASE/$DB" node dist/tools/db.js migrate >/dev/null
  echo "seeding $N work items…"
  start=$(date +%s)
  # Titles and descriptions from a product vocabulary: a few common words (checkout ~1 in 12),
  # many mid-frequency ones, and rare ones (zanzibar: 1 in 50,000).
  psql_ <<SQL
CREATE TEMP TABLE vocab AS SELECT string_to_array(
 'login page button error timeout payment invoice report export import dashboard settings profile avatar upload download search filter sort pagination mobile android ios safari chrome firefox crash freeze slow latency api endpoint webhook token session cookie cache database migration index query retry queue worker email notification reminder calendar sprint backlog release deploy pipeline build test flaky coverage refactor cleanup typo translation locale currency tax discount coupon cart order shipping tracking address validation password reset signup onboarding tutorial tooltip modal dialog dropdown table chart graph metric alert log audit permission role admin guest customer account billing subscription plan trial upgrade downgrade refund receipt pdf csv json xml sync offline online network proxy firewall certificate ssl dns domain redirect link share comment mention thread reply attachment image video audio font color theme dark light layout grid spacing margin padding border shadow animation scroll keyboard shortcut accessibility screen reader contrast focus'
 , ' ') AS a;
INSERT INTO delivery.work_items (id, organization_id, number, title, description, type, created_at, updated_at)
SELECT gen_random_uuid(), CASE WHEN g <= $N THEN '$ORG'::uuid ELSE '$OTHER'::uuid END, g,
  initcap(a[1 + (g * 7919::bigint) % cardinality(a)]) || ' ' ||
    a[1 + (g * 104729::bigint) % cardinality(a)] || ' ' ||
    CASE WHEN g % 12 = 0 THEN 'checkout' ELSE a[1 + (g * 1299709::bigint) % cardinality(a)] END || ' ' ||
    CASE WHEN g % 50000 = 7 THEN 'zanzibar' ELSE 'fails on ' || a[1 + (g * 15485863::bigint) % cardinality(a)] END,
  'When the user opens the ' || a[1 + (g * 31::bigint) % cardinality(a)] || ' and clicks ' ||
    a[1 + (g * 37::bigint) % cardinality(a)] || ' the ' || a[1 + (g * 41::bigint) % cardinality(a)] ||
    ' shows an error. Steps: open the app, go to ' || a[1 + (g * 43::bigint) % cardinality(a)] ||
    ', wait. Expected the ' || a[1 + (g * 47::bigint) % cardinality(a)] || ' to work.',
  'BUG', now() - g * interval '1 minute', now()
FROM vocab, generate_series(1, $N + 1000) g;
ANALYZE delivery.work_items;
SQL
  echo "seeded in $(( $(date +%s) - start )) s"
fi

# Median of 15 runs (after 3 warm-ups) of one statement, in ms, from EXPLAIN ANALYZE's execution time.
time_sql() {
  local sql=$1 times=()
  for i in $(seq 1 18); do
    t=$(psql_ -At -c "EXPLAIN (ANALYZE, TIMING OFF) $sql" | sed -n 's/^Execution Time: \([0-9.]*\) ms$/\1/p')
    [ "$i" -gt 3 ] && times+=("$t")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 8p
}
plan_of() { psql_ -At -c "EXPLAIN $1" | grep -oE 'Seq Scan|Bitmap Index Scan on [a-z_]+|Index Scan using [a-z_]+|Index Scan Backward using [a-z_]+' | sort -u | paste -sd, -; }

live="organization_id = '$ORG' AND deleted_at IS NULL"
ilike() { echo "SELECT id FROM delivery.work_items WHERE $live AND (title ILIKE '%$1%' OR number = ${2:-0}) ORDER BY number LIMIT 50"; }
ilike_desc() { echo "SELECT id FROM delivery.work_items WHERE $live AND (title ILIKE '%$1%' OR description ILIKE '%$1%') ORDER BY number LIMIT 50"; }
trgm_ranked() { echo "SELECT id FROM delivery.work_items WHERE $live AND (title ILIKE '%$1%' OR number = ${2:-0}) ORDER BY word_similarity('$1', title) DESC, id LIMIT 50"; }
fts_ranked() { echo "SELECT id FROM delivery.work_items WHERE $live AND search_vector @@ to_tsquery('english', '$1:*') ORDER BY ts_rank_cd(search_vector, to_tsquery('english', '$1:*'), 32) DESC, id LIMIT 50"; }
engine() { echo "SELECT id FROM (SELECT id, round((0.75 * ts_rank_cd(search_vector, to_tsquery('english', '$1:*'), 32) + CASE WHEN title ILIKE '%$1%' THEN 0.25 ELSE 0 END)::numeric, 6) AS score FROM delivery.work_items WHERE $live AND (search_vector @@ to_tsquery('english', '$1:*') OR title ILIKE '%$1%' OR number = ${2:-0})) h ORDER BY score DESC, id LIMIT 50"; }

declare -A CASES=([rare]='zanzibar' [common]='checkout' [key]='wi-123457' [substring]='heckou' [mid]='webhook')
count() { psql_ -At -c "SELECT count(*) FROM delivery.work_items WHERE $live AND (title ILIKE '%$1%')"; }

echo "| query | text | title matches | ILIKE, no index | pg_trgm GIN (ILIKE) | tsvector GIN, ranked | engine (tsvector OR trgm OR key), ranked |"
echo "|---|---|---|---|---|---|---|"
psql_ -c "DROP INDEX IF EXISTS delivery.work_items_title_trgm_idx" 
declare -A NOINDEX
for c in rare common key substring mid; do
  q=${CASES[$c]}; num=0; [ "$c" = key ] && { num=123457; q=zzzz; }
  NOINDEX[$c]=$(time_sql "$(ilike "$q" $num)")
done
psql_ -c "CREATE INDEX work_items_title_trgm_idx ON delivery.work_items USING gin (title public.gin_trgm_ops)"
for c in rare common key substring mid; do
  q=${CASES[$c]}; num=0; [ "$c" = key ] && { num=123457; q=zzzz; }
  t_trgm=$(time_sql "$(ilike "$q" $num)")
  t_trgm_ranked=$(time_sql "$(trgm_ranked "$q" $num)")
  if [ "$c" = key ]; then t_fts='n/a'; else t_fts=$(time_sql "$(fts_ranked "$q")"); fi
  t_engine=$(time_sql "$(engine "$q" $num)")
  echo "| $c | ${CASES[$c]} | $( [ "$c" = key ] && echo 1 || count "$q") | ${NOINDEX[$c]} | $t_trgm (ranked by word_similarity: $t_trgm_ranked) | $t_fts | $t_engine |"
done
echo
echo "plans (engine): rare: $(plan_of "$(engine zanzibar)"); common: $(plan_of "$(engine checkout)"); key: $(plan_of "$(engine zzzz 123457)")"
echo "ILIKE over title and description, no index, common word: $(psql_ -c "DROP INDEX delivery.work_items_title_trgm_idx"; time_sql "$(ilike_desc checkout)") ms"
psql_ -c "CREATE INDEX work_items_title_trgm_idx ON delivery.work_items USING gin (title public.gin_trgm_ops)"
echo
echo "sizes:"
psql_ -c "SELECT c.relname, pg_size_pretty(pg_relation_size(c.oid)) AS size FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'delivery' AND c.relname IN ('work_items', 'work_items_search_idx', 'work_items_title_trgm_idx', 'work_items_pkey') ORDER BY 1"
psql_ -At -c "SELECT 'search_vector column: ' || pg_size_pretty(sum(pg_column_size(search_vector))) || ' (' || round(avg(pg_column_size(search_vector))) || ' B/row), title+description: ' || pg_size_pretty(sum(pg_column_size(title) + pg_column_size(description))) FROM delivery.work_items"
if [ "${BENCH_KEEP:-}" != 1 ]; then psql "$PGURL_BASE/postgres" -qc "DROP DATABASE $DB"; fi
