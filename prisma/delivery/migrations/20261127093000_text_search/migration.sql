-- The search engine's columns and indexes (libs/persistence/src/text-search.ts; docs/decisions.md, "Search").
-- Written by hand: Prisma's schema cannot declare generated columns or operator classes of expressions.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

ALTER TABLE "delivery"."work_items" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;
CREATE INDEX "work_items_search_idx" ON "delivery"."work_items" USING gin ("search_vector");
CREATE INDEX "work_items_title_trgm_idx" ON "delivery"."work_items" USING gin ("title" public.gin_trgm_ops);

ALTER TABLE "delivery"."comments" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('english', "body")) STORED;
CREATE INDEX "comments_search_idx" ON "delivery"."comments" USING gin ("search_vector");

ALTER TABLE "delivery"."intake_submissions" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;
CREATE INDEX "intake_submissions_search_idx" ON "delivery"."intake_submissions" USING gin ("search_vector");
CREATE INDEX "intake_submissions_title_trgm_idx" ON "delivery"."intake_submissions" USING gin ("title" public.gin_trgm_ops);
