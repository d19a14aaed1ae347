-- Each search index's pending list is capped at 256 kB (docs/decisions.md, "Search"). GIN's fast update
-- queues new entries in a list that every search of the index reads whole until a merge, which the
-- default cap of 4 MB allows to hold ~12,000 rows' entries: after the mixed bench's 30 minutes of
-- creates and status changes, 382 + 343 pending pages of the work items' two indexes made every
-- work-item search of every organization read ~6 MB more (REST `q` at one client p99 15 -> 87 ms).
-- A smaller list is merged more often in smaller pieces.
ALTER INDEX "strategy"."ckrs_search_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."ckrs_title_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."opportunities_search_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."opportunities_title_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."solutions_search_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."solutions_title_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."experiments_search_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."experiments_title_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."product_goals_search_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."product_goals_title_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."annual_goals_search_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."annual_goals_title_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."interviews_search_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."interviews_title_trgm_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."insights_search_idx" SET (gin_pending_list_limit = 256);
ALTER INDEX "strategy"."insights_title_trgm_idx" SET (gin_pending_list_limit = 256);
