-- No plan read sprints_live_list_idx: neither the query-plans run nor bench:scale at 1,000,000 items
-- (docs/benchmarks.md, "Scale"). A sprint list reads (organization_id, start_date), which serves the
-- default list, archived=true and archived=all alike over an organization's few hundred sprints.
DROP INDEX IF EXISTS "delivery"."sprints_live_list_idx";
