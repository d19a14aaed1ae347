import { createHash } from 'node:crypto';

/*
 * The query-plans test's data: a few hundred thousand rows in every table that grows with usage,
 * written in bulk with generate_series (minutes through the API, seconds this way). One large
 * organization (created through the API, so that it has a working key) holds most of it; small
 * organizations beside it make the per-organization indexes matter, as they do in production.
 */

/** How many work items an organization gets; every other table is sized from it. */
export interface SeedTenant {
  organizationId: string;
  items: number;
}

/** The large organization (it exists already) first, then the small ones (the seed creates them). */
export function seedTenants(largeOrganizationId: string, largeItems: number): SeedTenant[] {
  const tenants = (count: number, items: number, name: string) => Array.from({ length: count }, (_, i) => ({ organizationId: seededUuid(`${name}-${i}`), items }));
  // Hundreds of tenants, as production has: the planner estimates one organization's share of a
  // table from the number of organizations in it, and with twenty it would rightly scan small tables whole.
  return [{ organizationId: largeOrganizationId, items: largeItems }, ...tenants(20, 500, 'small'), ...tenants(500, 10, 'tiny')];
}

/** A version-4-shaped uuid from the md5 of a name, the same as pg_temp.uid computes in SQL. */
export function seededUuid(name: string): string {
  const hex = createHash('md5').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

const WORDS = `ARRAY['checkout','invoice','export','billing','search','login','report','sync','mobile','webhook','import','dashboard','latency','payment','onboarding','permissions','calendar','upload','audit','timeout']`;
/** A title of three words picked by a number, so titles repeat as real ones do. */
const title = (n: string) => `initcap((${WORDS})[1 + (${n}) % 20] || ' ' || (${WORDS})[1 + (${n} / 20) % 20] || ' ' || (${WORDS})[1 + (${n} / 400) % 20])`;

/**
 * Rows per tenant of a table sized from its work items, with a floor: every organization that uses
 * the product has a few objectives, interviews, releases and reports however few items it has. By
 * the division alone the 500 tiny tenants had none, the large organization was most of the table,
 * and a scan of its few pages was the right plan for it (the test reported the seed's size).
 */
const perTenant = (divisor: number, floor: number) => `greatest(items / ${divisor}, ${floor})`;
const CKRS = perTenant(50, 5);
const INTERVIEWS = perTenant(50, 5);
/**
 * Discovery records and comments get a floor too: by the division alone the large organization was
 * half of insights, opportunities, solutions and comments (a tiny tenant had one insight, no
 * experiment), and the strategy search and the comments' part of the work-item search rightly
 * scanned those few thousand rows for a word in a fifth of its titles. In production one
 * organization is a small share of these tables; a tenant's few interviews give a score of
 * insights, and a team of ten items comments on each more than twice.
 */
const INSIGHTS = perTenant(10, 20);
const OPPORTUNITIES = perTenant(10, 10);
const EXPERIMENTS = perTenant(20, 5);
const COMMENTS = perTenant(2, 30);

/**
 * The trash of every kind that can be deleted: two rows per tenant beside the live ones, one deleted
 * a day ago (the trash pages list it) and one `EXPIRING` ago, which expireTrashStatements puts past
 * the 30-day retention once plans are judged, so that the purge removes it during the run (its
 * statements and their foreign keys' cascades planned over the seeded tables: a trash of no rows
 * left both unjudged, and rows expired at the seed were purged before the judging began). `n` is 1 or 2.
 */
const EXPIRING_DAYS = 20;
const EXPIRING = `interval '${EXPIRING_DAYS} days'`;
const trashedAt = (n: string) => `CASE ${n} WHEN 1 THEN now() - interval '1 day' ELSE now() - ${EXPIRING} END`;
const TRASHED = 2;

/**
 * Moves the seed's expiring trash 30 days back, past the retention: the next purge takes it. Every
 * table of the two contexts with a trash (a `deleted_at` column), read from the catalog, so a new
 * trash kind is covered without a list to keep.
 */
export function expireTrashStatements(): string[] {
  return [
    `DO $$ DECLARE t record; BEGIN
       FOR t IN SELECT table_schema, table_name FROM information_schema.columns
                 WHERE column_name = 'deleted_at' AND table_schema IN ('delivery', 'strategy') LOOP
         EXECUTE format('UPDATE %I.%I SET deleted_at = deleted_at - interval ''30 days'' WHERE deleted_at <= now() - interval ''${EXPIRING_DAYS} days''',
                        t.table_schema, t.table_name);
       END LOOP;
     END $$`,
  ];
}

/** The outboxes keep published events until retention prunes them. */
const outboxRows = (schema: string, per: number) => `INSERT INTO ${schema}.outbox (id, organization_id, event_type, payload, created_at, published_at)
       SELECT pg_temp.uid(org, '${schema}-outbox', g), org, 'work_item.updated', '{}'::jsonb, now() - g * interval '1 second', now() - g * interval '1 second'
         FROM pg_temp.t, generate_series(1, items / ${per}) g`;

export interface SeedPlan {
  /** Run first on every connection: the tenants table and the id function live in the session. */
  prelude: string[];
  /** Independent of each other (no foreign key between them): each runs on its own connection. */
  groups: string[][];
}

/**
 * The statements. `pg_temp.t` lists the tenants (id, items); `pg_temp.uid(org, kind, n)` names
 * every seeded row so that rows can point at each other without lookups.
 */
export function seedStatements(tenants: SeedTenant[]): SeedPlan {
  const values = tenants.map((t, i) => `('${t.organizationId}'::uuid, ${t.items}, ${i > 0})`).join(',\n');
  const prelude = [
    `CREATE TEMP TABLE t (org uuid, items int, small boolean)`,
    `INSERT INTO pg_temp.t VALUES ${values}`,
    `CREATE FUNCTION pg_temp.uid(org uuid, kind text, n bigint) RETURNS uuid IMMUTABLE LANGUAGE sql AS $$ SELECT overlay(overlay(md5(org::text || kind || n) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid $$`,
  ];
  const groups = [
    [
      // delivery: teams, labels, sprints, then work items that use them
      `INSERT INTO delivery.teams (id, organization_id, name) SELECT pg_temp.uid(org, 'team', g), org, 'Team ' || g FROM pg_temp.t, generate_series(1, 5) g`,
      `INSERT INTO delivery.labels (id, organization_id, name, color)
         SELECT pg_temp.uid(org, 'label', g), org, 'label-' || g, '#3366ff' FROM pg_temp.t, generate_series(1, 10) g`,
      `INSERT INTO delivery.sprints (id, organization_id, name, start_date, end_date, status, team_id, updated_at)
         SELECT pg_temp.uid(org, 'sprint', g), org, 'Sprint ' || g, date '2020-01-06' + g * 14, date '2020-01-19' + g * 14,
                (CASE WHEN g < items / 200 THEN 'COMPLETED' ELSE 'ACTIVE' END)::delivery."SprintStatus", pg_temp.uid(org, 'team', 1 + g % 5), now()
           FROM pg_temp.t, generate_series(1, greatest(items / 200, 2)) g`,
      `INSERT INTO delivery.work_items (id, organization_id, number, title, description, type, status, priority, parent_id, sprint_id,
                                        assignee_id, reporter_id, label_ids, created_at, updated_at, deleted_at, archived_at)
         SELECT pg_temp.uid(org, 'wi', g), org, g, ${title('g')} || ' ' || g,
                'Seeded description of item ' || g || ': ' || repeat('steps to reproduce and expected behaviour. ', 1 + g % 4),
                (ARRAY['FEATURE','EPIC','STORY','TASK','BUG','SPIKE','IMPROVEMENT'])[1 + g % 7]::delivery."WorkItemType",
                (ARRAY['BACKLOG','TODO','IN_PROGRESS','IN_REVIEW','TESTING_LOCAL','DEPLOY','TESTING_LIVE','DONE','CANCELLED'])[1 + g % 9]::delivery."WorkItemStatus",
                (ARRAY['LOW','MEDIUM','HIGH','CRITICAL'])[1 + g % 4]::delivery."Priority",
                CASE WHEN g % 50 <> 1 AND g % 3 = 0 THEN pg_temp.uid(org, 'wi', g - (g - 1) % 50) END,
                CASE WHEN g % 10 < 7 THEN pg_temp.uid(org, 'sprint', 1 + g % greatest(items / 200, 2)) END,
                pg_temp.uid(org, 'user', 1 + g % 20), pg_temp.uid(org, 'user', 1 + g % 7),
                ARRAY[pg_temp.uid(org, 'label', 1 + g % 10), pg_temp.uid(org, 'label', 1 + g % 7)],
                now() - (items - g) * interval '1 minute', now() - (items - g) * interval '30 seconds',
                CASE WHEN g % 50 = 7 THEN now() - g * interval '1 second' WHEN g % 500 = 17 THEN now() - ${EXPIRING} END,
                CASE WHEN g % 20 = 9 THEN now() - g * interval '1 second' END
           FROM pg_temp.t, generate_series(1, items) g`,
      `INSERT INTO delivery.work_item_relations (id, organization_id, type, source_id, target_id)
         SELECT pg_temp.uid(org, 'rel', g), org, (ARRAY['BLOCKS','RELATES_TO','DUPLICATES'])[1 + g % 3]::delivery."RelationType",
                pg_temp.uid(org, 'wi', g), pg_temp.uid(org, 'wi', 1 + (g * 7919) % items)
           FROM pg_temp.t, generate_series(1, items / 4) g WHERE (g * 7919) % items + 1 <> g`,
      `INSERT INTO delivery.comments (id, organization_id, work_item_id, author_id, body, created_at, updated_at)
         SELECT pg_temp.uid(org, 'comment', g), org, pg_temp.uid(org, 'wi', 1 + g % items), pg_temp.uid(org, 'user', 1 + g % 20),
                'Comment ' || g || ' on the ' || ${title('g')} || ' work', now() - g * interval '1 second', now() - g * interval '1 second'
           FROM pg_temp.t, generate_series(1, ${COMMENTS}) g`,
      `INSERT INTO delivery.intake_submissions (id, organization_id, number, kind, title, description, stage, via_portal, is_public,
                                                submitter_email, work_item_id, created_at, updated_at)
         SELECT pg_temp.uid(org, 'intake', g), org, g, (ARRAY['BUG','IMPROVEMENT'])[1 + g % 2]::delivery."IntakeKind", ${title('g * 3')} || ' request ' || g,
                'Seeded request ' || g, (ARRAY['SUBMITTED','IN_PREPARATION','IN_PROGRESS','DONE'])[1 + g % 4]::delivery."IntakeStage",
                g % 2 = 0, g % 3 = 0, 'customer' || g || '@example.com', CASE WHEN g % 10 = 0 THEN pg_temp.uid(org, 'wi', g) END,
                now() - g * interval '1 minute', now() - g * interval '1 minute'
           FROM pg_temp.t, generate_series(1, items / 5) g`,
      `INSERT INTO delivery.intake_votes (id, organization_id, submission_id, email, address_hash, created_at)
         SELECT pg_temp.uid(org, 'vote', g * 2 + v), org, pg_temp.uid(org, 'intake', g), 'voter' || v || '-' || g || '@example.com', md5(g::text || v), now()
           FROM pg_temp.t, generate_series(1, items / 5) g, generate_series(0, 1) v`,
      `INSERT INTO delivery.intake_comments (id, organization_id, submission_id, author_id, body)
         SELECT pg_temp.uid(org, 'icomment', g), org, pg_temp.uid(org, 'intake', g), pg_temp.uid(org, 'user', 1 + g % 20), 'Intake comment ' || g
           FROM pg_temp.t, generate_series(1, items / 10) g`,
      // Moderation resolves most reports; the open ones are what every read of a submission loads.
      `INSERT INTO delivery.intake_reports (id, organization_id, submission_id, reason, created_at, resolved_at)
         SELECT pg_temp.uid(org, 'report', g), org, pg_temp.uid(org, 'intake', 1 + (g * 2 - 1) % (items / 5)), 'SPAM', now(), CASE WHEN g % 5 <> 0 THEN now() END
           FROM pg_temp.t, generate_series(1, ${perTenant(10, 2)}) g`,
      `INSERT INTO delivery.changelog_entries (id, organization_id, title, body, status, published_at)
         SELECT pg_temp.uid(org, 'changelog', g), org, 'Release ' || g, 'What changed in release ' || g, 'PUBLISHED', now() - g * interval '1 day'
           FROM pg_temp.t, generate_series(1, ${perTenant(100, 5)}) g`,
      `INSERT INTO delivery.teams (id, organization_id, name, deleted_at) SELECT pg_temp.uid(org, 'trashed-team', n), org, 'Trashed team ' || n, ${trashedAt('n')}
         FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO delivery.labels (id, organization_id, name, color, deleted_at) SELECT pg_temp.uid(org, 'trashed-label', n), org, 'trashed-label-' || n, '#999999', ${trashedAt('n')}
         FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO delivery.sprints (id, organization_id, name, start_date, end_date, status, updated_at, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-sprint', n), org, 'Trashed sprint ' || n, date '2019-01-07', date '2019-01-20', 'COMPLETED', now(), ${trashedAt('n')}
           FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO delivery.changelog_entries (id, organization_id, title, body, status, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-changelog', n), org, 'Trashed release ' || n, 'Withdrawn', 'DRAFT', ${trashedAt('n')} FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO delivery.intake_submissions (id, organization_id, number, kind, title, description, created_at, updated_at, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-intake', n), org, items / 5 + n, 'BUG', 'Trashed request ' || n, 'Withdrawn', now() - interval '60 days', now(), ${trashedAt('n')}
           FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO delivery.intake_reports (id, organization_id, submission_id, reason, created_at, resolved_at)
         SELECT pg_temp.uid(org, 'trashed-report', n), org, pg_temp.uid(org, 'trashed-intake', n), 'SPAM', now() - interval '50 days', now() - interval '45 days'
           FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO delivery.key_sequences (organization_id, scope, value)
         SELECT org, scope, CASE scope WHEN 'work_item' THEN items ELSE items / 5 + ${TRASHED} END FROM pg_temp.t, unnest(ARRAY['work_item','intake']) scope`,
      outboxRows('delivery', 2),
    ],
    [
      // identity
      `INSERT INTO identity.organizations (id, name, slug, updated_at)
         SELECT org, 'Seeded ' || left(org::text, 8), 'seeded-' || left(org::text, 8), now() FROM pg_temp.t WHERE small`,
      `INSERT INTO identity.users (id, organization_id, email, name, role, updated_at)
         SELECT pg_temp.uid(org, 'user', g), org, 'user' || g || '-' || left(org::text, 8) || '@example.com', 'User ' || g,
                (ARRAY['ADMIN','PM','DEV','STAKEHOLDER','GUEST'])[1 + g % 5]::identity."Role", now()
           FROM pg_temp.t, generate_series(1, 20) g`,
      `INSERT INTO identity.api_keys (id, organization_id, user_id, name, role, prefix, hash)
         SELECT pg_temp.uid(org, 'key', g), org, pg_temp.uid(org, 'user', g), 'seeded key ' || g, 'DEV', 'pos_sk_seed' || g, md5(org::text || 'key' || g) || md5(g::text)
           FROM pg_temp.t, generate_series(1, 20) g`,
      `INSERT INTO identity.idempotency_keys (scope, key, request_hash, status_code, response, created_at)
         SELECT org::text || ':POST /api/v1/work-items', 'seed-' || g, md5(g::text), 200, '{}'::jsonb, now() - g * interval '1 second'
           FROM pg_temp.t, generate_series(1, items / 4) g`,
      // strategy
      `INSERT INTO strategy.annual_goals (id, organization_id, title, year) SELECT pg_temp.uid(org, 'ag', g), org, 'Annual goal ' || g, 2020 + g % 6 FROM pg_temp.t, generate_series(1, 10) g`,
      `INSERT INTO strategy.product_goals (id, organization_id, annual_goal_id, title)
         SELECT pg_temp.uid(org, 'pg', g), org, pg_temp.uid(org, 'ag', 1 + g % 10), 'Product goal ' || g FROM pg_temp.t, generate_series(1, 10) g`,
      `INSERT INTO strategy.planning_cycles (id, organization_id, name, start_date, end_date)
         SELECT pg_temp.uid(org, 'cycle', g), org, 'Q' || g, date '2020-01-01' + g * 91, date '2020-03-31' + g * 91 FROM pg_temp.t, generate_series(1, 5) g`,
      `INSERT INTO strategy.ckrs (id, organization_id, number, annual_goal_id, product_goal_id, planning_cycle_ids, title, status)
         SELECT pg_temp.uid(org, 'ckr', g), org, g, pg_temp.uid(org, 'ag', 1 + g % 10), pg_temp.uid(org, 'pg', 1 + g % 10),
                ARRAY[pg_temp.uid(org, 'cycle', 1 + g % 5)], 'Objective ' || g, (ARRAY['DRAFT','ACTIVE','AT_RISK','ACHIEVED'])[1 + g % 4]
           FROM pg_temp.t, generate_series(1, ${CKRS}) g`,
      `INSERT INTO strategy.key_results (id, organization_id, ckr_id, position, title, status)
         SELECT pg_temp.uid(org, 'kr', g * 3 + p), org, pg_temp.uid(org, 'ckr', g), p, 'Key result ' || p, 'ON_TRACK'
           FROM pg_temp.t, generate_series(1, ${CKRS}) g, generate_series(0, 2) p`,
      `INSERT INTO strategy.interviews (id, organization_id, title, participant, conducted_at, transcript, summary)
         SELECT pg_temp.uid(org, 'interview', g), org, 'Interview ' || g, 'Participant ' || g, now() - g * interval '1 day',
                repeat('The customer explained how the ' || ${title('g')} || ' flow slows the team down. ', 20), 'Summary ' || g
           FROM pg_temp.t, generate_series(1, ${INTERVIEWS}) g`,
      `INSERT INTO strategy.insights (id, organization_id, interview_id, title, quotes)
         SELECT pg_temp.uid(org, 'insight', g), org, pg_temp.uid(org, 'interview', 1 + g % ${INTERVIEWS}), 'Insight ' || ${title('g')},
                ARRAY['quote ' || g] FROM pg_temp.t, generate_series(1, ${INSIGHTS}) g`,
      `INSERT INTO strategy.opportunities (id, organization_id, number, product_goal_id, ckr_id, title, status, insight_ids)
         SELECT pg_temp.uid(org, 'opp', g), org, g, pg_temp.uid(org, 'pg', 1 + g % 10), pg_temp.uid(org, 'ckr', 1 + g % ${CKRS}),
                'Opportunity ' || ${title('g')}, (ARRAY['NEW','EXPLORING','VALIDATED','DISCARDED'])[1 + g % 4], ARRAY[pg_temp.uid(org, 'insight', g)]
           FROM pg_temp.t, generate_series(1, ${OPPORTUNITIES}) g`,
      `INSERT INTO strategy.solutions (id, organization_id, opportunity_id, title, status)
         SELECT pg_temp.uid(org, 'solution', g), org, pg_temp.uid(org, 'opp', g), 'Solution ' || g, 'PROPOSED' FROM pg_temp.t, generate_series(1, ${OPPORTUNITIES}) g`,
      `INSERT INTO strategy.experiments (id, organization_id, number, ckr_id, solution_id, title, status)
         SELECT pg_temp.uid(org, 'exp', g), org, g, pg_temp.uid(org, 'ckr', 1 + g % ${CKRS}), pg_temp.uid(org, 'solution', g),
                'Experiment ' || g, (ARRAY['DRAFT','RUNNING','SUCCEEDED','FAILED'])[1 + g % 4]
           FROM pg_temp.t, generate_series(1, ${EXPERIMENTS}) g`,
      `INSERT INTO strategy.annual_goals (id, organization_id, title, year, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-ag', n), org, 'Trashed annual goal ' || n, 2019, ${trashedAt('n')} FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.product_goals (id, organization_id, title, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-pg', n), org, 'Trashed product goal ' || n, ${trashedAt('n')} FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.planning_cycles (id, organization_id, name, start_date, end_date, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-cycle', n), org, 'Trashed cycle ' || n, date '2019-01-01', date '2019-03-31', ${trashedAt('n')} FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.ckrs (id, organization_id, number, annual_goal_id, title, status, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-ckr', n), org, ${CKRS} + n, pg_temp.uid(org, 'ag', 1), 'Trashed objective ' || n, 'DRAFT', ${trashedAt('n')}
           FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.key_results (id, organization_id, ckr_id, position, title, status)
         SELECT pg_temp.uid(org, 'trashed-kr', n), org, pg_temp.uid(org, 'trashed-ckr', n), 0, 'Key result', 'ON_TRACK' FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.interviews (id, organization_id, title, participant, conducted_at, transcript, summary, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-interview', n), org, 'Trashed interview ' || n, 'Participant', now() - interval '90 days', 'Withdrawn at the participant''s request.', 'Withdrawn', ${trashedAt('n')}
           FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.insights (id, organization_id, title, quotes, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-insight', n), org, 'Trashed insight ' || n, ARRAY[]::text[], ${trashedAt('n')} FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.opportunities (id, organization_id, number, title, status, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-opp', n), org, ${OPPORTUNITIES} + n, 'Trashed opportunity ' || n, 'DISCARDED', ${trashedAt('n')} FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.solutions (id, organization_id, opportunity_id, title, status, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-solution', n), org, pg_temp.uid(org, 'trashed-opp', n), 'Trashed solution ' || n, 'PROPOSED', ${trashedAt('n')}
           FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.experiments (id, organization_id, number, ckr_id, title, status, deleted_at)
         SELECT pg_temp.uid(org, 'trashed-exp', n), org, ${EXPERIMENTS} + n, pg_temp.uid(org, 'ckr', 1), 'Trashed experiment ' || n, 'DRAFT', ${trashedAt('n')}
           FROM pg_temp.t, generate_series(1, ${TRASHED}) n`,
      `INSERT INTO strategy.key_sequences (organization_id, scope, value)
         SELECT org, scope, ${TRASHED} + CASE scope WHEN 'OKR' THEN ${CKRS} WHEN 'OPP' THEN ${OPPORTUNITIES} ELSE ${EXPERIMENTS} END FROM pg_temp.t, unnest(ARRAY['OKR','OPP','EXP']) scope`,
      outboxRows('identity', 2),
      outboxRows('strategy', 2),
    ],
    [
      // repos
      `INSERT INTO repos.connections (id, organization_id, provider, full_name, full_name_key, web_url, default_branch, automations, secret_encrypted)
         SELECT pg_temp.uid(org, 'conn', g), org, 'GITHUB', 'acme/repo-' || g, 'acme/repo-' || g, 'https://github.com/acme/repo-' || g, 'main', '{}'::jsonb, 'not-a-secret'
           FROM pg_temp.t, generate_series(1, 5) g`,
      `INSERT INTO repos.commits (id, organization_id, connection_id, provider, repository, sha, short_sha, message, url, author_name, committed_at)
         SELECT pg_temp.uid(org, 'commit', g), org, pg_temp.uid(org, 'conn', 1 + g % 5), 'GITHUB', 'acme/repo-' || (1 + g % 5), md5(org::text || g) || 'abcdefgh',
                left(md5(org::text || g), 7), 'WI-' || (1 + g % items) || ' fix ' || ${title('g')}, 'https://github.com/acme/repo/commit/' || g, 'dev', now() - g * interval '1 minute'
           FROM pg_temp.t, generate_series(1, items / 2) g`,
      `INSERT INTO repos.branches (id, organization_id, connection_id, provider, repository, name, url)
         SELECT pg_temp.uid(org, 'branch', g), org, pg_temp.uid(org, 'conn', 1 + g % 5), 'GITHUB', 'acme/repo-' || (1 + g % 5), 'wi-' || g || '-work', 'https://github.com/acme/repo/tree/' || g
           FROM pg_temp.t, generate_series(1, items / 10) g`,
      `INSERT INTO repos.pull_requests (id, organization_id, connection_id, provider, repository, number, title, url, state, source_branch, target_branch)
         SELECT pg_temp.uid(org, 'pr', g), org, pg_temp.uid(org, 'conn', 1 + g % 5), 'GITHUB', 'acme/repo-' || (1 + g % 5), g, 'WI-' || g || ' change', 'https://github.com/acme/repo/pull/' || g,
                (ARRAY['OPEN','MERGED','CLOSED'])[1 + g % 3], 'wi-' || g || '-work', 'main'
           FROM pg_temp.t, generate_series(1, items / 10) g`,
      `INSERT INTO repos.artifact_links (id, organization_id, work_item_id, artifact_kind, artifact_id, linked_by, artifact_at)
         SELECT pg_temp.uid(org, 'link', g), org, pg_temp.uid(org, 'wi', 1 + g % items), 'COMMIT', pg_temp.uid(org, 'commit', g),
                '[{"source":"commit_message","text":"seeded"}]'::jsonb, now() - g * interval '1 minute'
           FROM pg_temp.t, generate_series(1, items / 2) g`,
      `INSERT INTO repos.received_deliveries (id, connection_id, provider_id, received_at, event, organization_id, processed_at, status)
         SELECT pg_temp.uid(org, 'received', g), pg_temp.uid(org, 'conn', 1 + g % 5), 'delivery-' || g, now() - g * interval '1 second', 'push', org, now(), 'PROCESSED'
           FROM pg_temp.t, generate_series(1, items / 4) g`,
      // webhooks: the event log, its deliveries and their attempts, the audit log
      `INSERT INTO webhooks.subscriptions (id, organization_id, url, active, events, secret_encrypted, updated_at)
         SELECT pg_temp.uid(org, 'sub', g), org, 'https://hooks.example.com/' || g, false, ARRAY['work_item.created'], 'not-a-secret', now()
           FROM pg_temp.t, generate_series(1, 5) g`,
      `INSERT INTO webhooks.events (id, organization_id, body, created_at, seq, tx, type)
         SELECT pg_temp.uid(org, 'event', g), org,
                json_build_object('id', pg_temp.uid(org, 'event', g), 'event', 'work_item.updated', 'apiVersion', '2026-07-13',
                                  'createdAt', to_char(now() - (items - g) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'organizationId', org, 'data', json_build_object('number', g))::text,
                now() - (items - g) * interval '1 second', g, g, 'work_item.updated'
           FROM pg_temp.t, generate_series(1, items) g`,
      `INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, status, status_code, attempts, next_attempt_at, delivered_at, created_at)
         SELECT pg_temp.uid(org, 'delivery', g), org, pg_temp.uid(org, 'sub', 1 + g % 5), pg_temp.uid(org, 'event', g), 'work_item.updated',
                (CASE WHEN g % 20 = 0 THEN 'FAILED' ELSE 'DELIVERED' END)::webhooks."WebhookDeliveryStatus", 200, 1, NULL, now(), now() - (items - g) * interval '1 second'
           FROM pg_temp.t, generate_series(1, items) g`,
      `INSERT INTO webhooks.attempts (id, delivery_id, attempted_at, status_code, latency_ms)
         SELECT pg_temp.uid(org, 'attempt', g), pg_temp.uid(org, 'delivery', g), now(), 200, 12 FROM pg_temp.t, generate_series(1, items / 2) g`,
      `INSERT INTO webhooks.audit_entries (id, organization_id, at, actor_type, actor_user_id, actor_name, via, action, record_type, record_id, record_key, request_id)
         SELECT pg_temp.uid(org, 'audit', g), org, now() - (items - g) * interval '1 second', 'USER', pg_temp.uid(org, 'user', 1 + g % 20), 'User', 'REST',
                'updated', 'work_item', pg_temp.uid(org, 'wi', 1 + g % items), 'WI-' || (1 + g % items), 'seed-' || g
           FROM pg_temp.t, generate_series(1, items) g`,
      outboxRows('repos', 2),
    ],
  ];
  return { prelude, groups };
}
