-- No plan read the title trigram indexes of annual and product goals: neither the query-plans run
-- (a rare text and a substring searched over every kind) nor bench:scale at 1,000,000 work items
-- (docs/benchmarks.md, "Scale"). An organization has tens of goals, and every search names its
-- organization: PostgreSQL reads the organization's goals by a B-tree and filters them, whatever
-- the text. The other kinds, which grow with usage, keep theirs.
DROP INDEX IF EXISTS "strategy"."annual_goals_title_trgm_idx";
DROP INDEX IF EXISTS "strategy"."product_goals_title_trgm_idx";
