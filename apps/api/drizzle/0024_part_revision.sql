ALTER TABLE "parts" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_revision_positive" CHECK ("parts"."revision" >= 1);--> statement-breakpoint
-- Hand SQL: drizzle-kit cannot declare triggers. Every change to what a part is or holds (its
-- catalog fields and its stock), by whichever path (an edit, an order, a refund's restock, an
-- import), bumps its revision, so an exported row can tell whether the part moved since.
CREATE FUNCTION "bump_part_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."revision" := OLD."revision" + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "parts_revision_bumped" BEFORE UPDATE ON "parts" FOR EACH ROW WHEN (
  (OLD."name", OLD."brand", OLD."description", OLD."img", OLD."min_order", OLD."available", OLD."price_cents", OLD."kind", OLD."specs", OLD."low_stock_at")
  IS DISTINCT FROM
  (NEW."name", NEW."brand", NEW."description", NEW."img", NEW."min_order", NEW."available", NEW."price_cents", NEW."kind", NEW."specs", NEW."low_stock_at")
) EXECUTE FUNCTION "bump_part_revision"();
