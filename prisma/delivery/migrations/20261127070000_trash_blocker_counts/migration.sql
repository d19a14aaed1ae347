-- A work item in the trash blocks nothing: the open blocker count of the items it blocks leaves it
-- out while it is deleted and counts it again when it is restored (the relation itself stays, so
-- that a restore gives back exactly what was there).
CREATE OR REPLACE FUNCTION "delivery"."count_blocker_relation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  relation "delivery"."work_item_relations"%ROWTYPE;
  source_status "delivery"."WorkItemStatus";
  source_deleted timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN relation := NEW; ELSE relation := OLD; END IF;
  IF relation.type <> 'BLOCKS' THEN RETURN NULL; END IF;
  SELECT status, deleted_at INTO source_status, source_deleted FROM "delivery"."work_items" WHERE id = relation.source_id FOR SHARE;
  IF source_status IS NULL OR source_status IN ('DONE', 'CANCELLED') OR source_deleted IS NOT NULL THEN RETURN NULL; END IF;
  UPDATE "delivery"."work_items"
     SET open_blocker_count = open_blocker_count + CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END
   WHERE id = relation.target_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "delivery"."count_blocker_status"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_open boolean := OLD.status NOT IN ('DONE', 'CANCELLED') AND OLD.deleted_at IS NULL;
  is_open boolean := NEW.status NOT IN ('DONE', 'CANCELLED') AND NEW.deleted_at IS NULL;
BEGIN
  IF was_open = is_open THEN RETURN NULL; END IF;
  UPDATE "delivery"."work_items" t
     SET open_blocker_count = t.open_blocker_count + CASE WHEN is_open THEN 1 ELSE -1 END
    FROM "delivery"."work_item_relations" r
   WHERE r.source_id = NEW.id AND r.type = 'BLOCKS' AND t.id = r.target_id;
  RETURN NULL;
END $$;

DROP TRIGGER "work_items_count_blockers" ON "delivery"."work_items";
CREATE TRIGGER "work_items_count_blockers"
  AFTER UPDATE OF status, deleted_at ON "delivery"."work_items"
  FOR EACH ROW EXECUTE FUNCTION "delivery"."count_blocker_status"();
