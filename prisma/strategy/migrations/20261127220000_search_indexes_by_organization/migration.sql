-- The search indexes lead with the organization (docs/decisions.md, "Search"). A GIN index of the text
-- alone answers a rare word for every organization at once, and PostgreSQL then ANDed that bitmap with
-- one of the whole organization from an (organization_id, ...) B-tree: 51 of 57 ms for a rare word at
-- 1,000,000 items, 1.2 ms with the organization inside the GIN index (its posting list is skipped
-- through, not read). btree_gin gives GIN the uuid's equality; a trusted extension (PostgreSQL 13+),
-- shipped with PostgreSQL's contrib and with PGlite. Rebuilding takes about 30 s per million rows.
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;

DROP INDEX "strategy"."ckrs_search_idx";
CREATE INDEX "ckrs_search_idx" ON "strategy"."ckrs" USING gin ("organization_id", "search_vector");
DROP INDEX "strategy"."ckrs_title_trgm_idx";
CREATE INDEX "ckrs_title_trgm_idx" ON "strategy"."ckrs" USING gin ("organization_id", "title" public.gin_trgm_ops);

DROP INDEX "strategy"."opportunities_search_idx";
CREATE INDEX "opportunities_search_idx" ON "strategy"."opportunities" USING gin ("organization_id", "search_vector");
DROP INDEX "strategy"."opportunities_title_trgm_idx";
CREATE INDEX "opportunities_title_trgm_idx" ON "strategy"."opportunities" USING gin ("organization_id", "title" public.gin_trgm_ops);

DROP INDEX "strategy"."solutions_search_idx";
CREATE INDEX "solutions_search_idx" ON "strategy"."solutions" USING gin ("organization_id", "search_vector");
DROP INDEX "strategy"."solutions_title_trgm_idx";
CREATE INDEX "solutions_title_trgm_idx" ON "strategy"."solutions" USING gin ("organization_id", "title" public.gin_trgm_ops);

DROP INDEX "strategy"."experiments_search_idx";
CREATE INDEX "experiments_search_idx" ON "strategy"."experiments" USING gin ("organization_id", "search_vector");
DROP INDEX "strategy"."experiments_title_trgm_idx";
CREATE INDEX "experiments_title_trgm_idx" ON "strategy"."experiments" USING gin ("organization_id", "title" public.gin_trgm_ops);

DROP INDEX "strategy"."product_goals_search_idx";
CREATE INDEX "product_goals_search_idx" ON "strategy"."product_goals" USING gin ("organization_id", "search_vector");
DROP INDEX "strategy"."product_goals_title_trgm_idx";
CREATE INDEX "product_goals_title_trgm_idx" ON "strategy"."product_goals" USING gin ("organization_id", "title" public.gin_trgm_ops);

DROP INDEX "strategy"."annual_goals_search_idx";
CREATE INDEX "annual_goals_search_idx" ON "strategy"."annual_goals" USING gin ("organization_id", "search_vector");
DROP INDEX "strategy"."annual_goals_title_trgm_idx";
CREATE INDEX "annual_goals_title_trgm_idx" ON "strategy"."annual_goals" USING gin ("organization_id", "title" public.gin_trgm_ops);

DROP INDEX "strategy"."interviews_search_idx";
CREATE INDEX "interviews_search_idx" ON "strategy"."interviews" USING gin ("organization_id", "search_vector");
DROP INDEX "strategy"."interviews_title_trgm_idx";
CREATE INDEX "interviews_title_trgm_idx" ON "strategy"."interviews" USING gin ("organization_id", "title" public.gin_trgm_ops);

DROP INDEX "strategy"."insights_search_idx";
CREATE INDEX "insights_search_idx" ON "strategy"."insights" USING gin ("organization_id", "search_vector");
DROP INDEX "strategy"."insights_title_trgm_idx";
CREATE INDEX "insights_title_trgm_idx" ON "strategy"."insights" USING gin ("organization_id", "title" public.gin_trgm_ops);
