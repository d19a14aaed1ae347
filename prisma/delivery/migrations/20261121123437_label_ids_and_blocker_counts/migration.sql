-- Work items keep their label ids in an array (the labels lookup is skipped for unlabeled items) and
-- a count of open blockers maintained by triggers, so that reading an item needs no joins.

-- AlterTable
ALTER TABLE "delivery"."work_items" ADD COLUMN     "label_ids" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN     "open_blocker_count" INTEGER NOT NULL DEFAULT 0;

-- Backfill: labels from the join table, blocker counts from the relations.
UPDATE "delivery"."work_items" w SET "label_ids" = l.ids
  FROM (SELECT work_item_id, array_agg(label_id ORDER BY label_id) AS ids FROM "delivery"."work_item_labels" GROUP BY work_item_id) l
 WHERE l.work_item_id = w.id;
UPDATE "delivery"."work_items" w SET "open_blocker_count" = c.n
  FROM (SELECT r.target_id, count(*)::int AS n
          FROM "delivery"."work_item_relations" r JOIN "delivery"."work_items" s ON s.id = r.source_id
         WHERE r.type = 'BLOCKS' AND s.status NOT IN ('DONE', 'CANCELLED')
         GROUP BY r.target_id) c
 WHERE c.target_id = w.id;

-- DropForeignKey
ALTER TABLE "delivery"."work_item_labels" DROP CONSTRAINT "work_item_labels_label_id_fkey";

-- DropForeignKey
ALTER TABLE "delivery"."work_item_labels" DROP CONSTRAINT "work_item_labels_work_item_id_fkey";

-- DropTable
DROP TABLE "delivery"."work_item_labels";

-- CreateIndex
CREATE INDEX "work_items_label_ids_idx" ON "delivery"."work_items" USING GIN ("label_ids");

-- Open blockers of an item: BLOCKS relations pointing at it whose source is not DONE or CANCELLED.
-- A new or removed relation takes a share lock on its source, so that a concurrent status change of
-- that source is applied strictly before or after it and the count never drifts.
CREATE FUNCTION "delivery"."count_blocker_relation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  relation "delivery"."work_item_relations"%ROWTYPE;
  source_status "delivery"."WorkItemStatus";
BEGIN
  IF TG_OP = 'INSERT' THEN relation := NEW; ELSE relation := OLD; END IF;
  IF relation.type <> 'BLOCKS' THEN RETURN NULL; END IF;
  SELECT status INTO source_status FROM "delivery"."work_items" WHERE id = relation.source_id FOR SHARE;
  IF source_status IS NULL OR source_status IN ('DONE', 'CANCELLED') THEN RETURN NULL; END IF;
  UPDATE "delivery"."work_items"
     SET open_blocker_count = open_blocker_count + CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END
   WHERE id = relation.target_id;
  RETURN NULL;
END $$;

CREATE TRIGGER "work_item_relations_count_blockers"
  AFTER INSERT OR DELETE ON "delivery"."work_item_relations"
  FOR EACH ROW EXECUTE FUNCTION "delivery"."count_blocker_relation"();

CREATE FUNCTION "delivery"."count_blocker_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_open boolean := OLD.status NOT IN ('DONE', 'CANCELLED');
  is_open boolean := NEW.status NOT IN ('DONE', 'CANCELLED');
BEGIN
  IF was_open = is_open THEN RETURN NULL; END IF;
  UPDATE "delivery"."work_items" t
     SET open_blocker_count = t.open_blocker_count + CASE WHEN is_open THEN 1 ELSE -1 END
    FROM "delivery"."work_item_relations" r
   WHERE r.source_id = NEW.id AND r.type = 'BLOCKS' AND t.id = r.target_id;
  RETURN NULL;
END $$;

CREATE TRIGGER "work_items_count_blockers"
  AFTER UPDATE OF status ON "delivery"."work_items"
  FOR EACH ROW EXECUTE FUNCTION "delivery"."count_blocker_status"();
