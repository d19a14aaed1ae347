-- The search engine's columns and indexes (libs/persistence/src/text-search.ts; docs/decisions.md, "Search").
-- Written by hand: Prisma's schema cannot declare generated columns or operator classes of expressions.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- array_to_string is only STABLE (it calls the element type's output function); for text[] it cannot
-- change, and a generated column needs an immutable expression.
CREATE FUNCTION "strategy"."search_text_of"(text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT array_to_string($1, '' '')';

ALTER TABLE "strategy"."ckrs" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;
CREATE INDEX "ckrs_search_idx" ON "strategy"."ckrs" USING gin ("search_vector");
CREATE INDEX "ckrs_title_trgm_idx" ON "strategy"."ckrs" USING gin ("title" public.gin_trgm_ops);

ALTER TABLE "strategy"."opportunities" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;
CREATE INDEX "opportunities_search_idx" ON "strategy"."opportunities" USING gin ("search_vector");
CREATE INDEX "opportunities_title_trgm_idx" ON "strategy"."opportunities" USING gin ("title" public.gin_trgm_ops);

ALTER TABLE "strategy"."solutions" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;
CREATE INDEX "solutions_search_idx" ON "strategy"."solutions" USING gin ("search_vector");
CREATE INDEX "solutions_title_trgm_idx" ON "strategy"."solutions" USING gin ("title" public.gin_trgm_ops);

ALTER TABLE "strategy"."experiments" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("hypothesis", '')), 'B')) STORED;
CREATE INDEX "experiments_search_idx" ON "strategy"."experiments" USING gin ("search_vector");
CREATE INDEX "experiments_title_trgm_idx" ON "strategy"."experiments" USING gin ("title" public.gin_trgm_ops);

ALTER TABLE "strategy"."product_goals" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;
CREATE INDEX "product_goals_search_idx" ON "strategy"."product_goals" USING gin ("search_vector");
CREATE INDEX "product_goals_title_trgm_idx" ON "strategy"."product_goals" USING gin ("title" public.gin_trgm_ops);

ALTER TABLE "strategy"."annual_goals" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;
CREATE INDEX "annual_goals_search_idx" ON "strategy"."annual_goals" USING gin ("search_vector");
CREATE INDEX "annual_goals_title_trgm_idx" ON "strategy"."annual_goals" USING gin ("title" public.gin_trgm_ops);

ALTER TABLE "strategy"."interviews" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("summary", '')), 'B') || setweight(to_tsvector('english', coalesce("transcript", '')), 'C')) STORED;
CREATE INDEX "interviews_search_idx" ON "strategy"."interviews" USING gin ("search_vector");
CREATE INDEX "interviews_title_trgm_idx" ON "strategy"."interviews" USING gin ("title" public.gin_trgm_ops);

ALTER TABLE "strategy"."insights" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("description", '') || ' ' || coalesce("strategy"."search_text_of"("quotes"), '')), 'B')) STORED;
CREATE INDEX "insights_search_idx" ON "strategy"."insights" USING gin ("search_vector");
CREATE INDEX "insights_title_trgm_idx" ON "strategy"."insights" USING gin ("title" public.gin_trgm_ops);
