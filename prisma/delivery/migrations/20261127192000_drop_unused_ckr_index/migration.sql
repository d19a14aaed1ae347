-- No statement reads work items by `ckr_id` alone: the list's `ckrId` filter is `ckr_id = $1 OR
-- linked_ckr_id = $1` and `classification=ckr` the same pair, both answered by the partial
-- work_items_ckr_list_idx. Neither the query-plans test nor the 1,000,000-item bench used this one.

-- DropIndex
DROP INDEX "delivery"."work_items_organization_id_ckr_id_idx";
