-- The discovery packet reads the experiments of the solutions it walked in one statement
-- (`solution_id IN (…)`, oldest first). It listed the OKR's experiments and kept the solutions':
-- at 1,000,000 work items an OKR has thousands, and a packet read 500 of them to keep two
-- (docs/benchmarks.md, "Scale").

-- CreateIndex
CREATE INDEX "experiments_organization_id_solution_id_created_at_id_idx" ON "strategy"."experiments"("organization_id", "solution_id", "created_at", "id");
