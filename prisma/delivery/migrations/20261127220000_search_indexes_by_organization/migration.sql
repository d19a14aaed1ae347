-- The search indexes lead with the organization (docs/decisions.md, "Search"). A GIN index of the text
-- alone answers a rare word for every organization at once, and PostgreSQL then ANDed that bitmap with
-- one of the whole organization from an (organization_id, ...) B-tree: 51 of 57 ms for a rare word at
-- 1,000,000 items, 1.2 ms with the organization inside the GIN index (its posting list is skipped
-- through, not read). btree_gin gives GIN the uuid's equality; a trusted extension (PostgreSQL 13+),
-- shipped with PostgreSQL's contrib and with PGlite. Rebuilding takes about 30 s per million rows.
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;

DROP INDEX "delivery"."work_items_search_idx";
CREATE INDEX "work_items_search_idx" ON "delivery"."work_items" USING gin ("organization_id", "search_vector");
DROP INDEX "delivery"."work_items_title_trgm_idx";
CREATE INDEX "work_items_title_trgm_idx" ON "delivery"."work_items" USING gin ("organization_id", "title" public.gin_trgm_ops);

DROP INDEX "delivery"."comments_search_idx";
CREATE INDEX "comments_search_idx" ON "delivery"."comments" USING gin ("organization_id", "search_vector");

DROP INDEX "delivery"."intake_submissions_search_idx";
CREATE INDEX "intake_submissions_search_idx" ON "delivery"."intake_submissions" USING gin ("organization_id", "search_vector");
DROP INDEX "delivery"."intake_submissions_title_trgm_idx";
CREATE INDEX "intake_submissions_title_trgm_idx" ON "delivery"."intake_submissions" USING gin ("organization_id", "title" public.gin_trgm_ops);
