ALTER TABLE "order_lines" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
-- Hand SQL: drizzle-kit cannot declare triggers. A line's sold_at is its order's paid_at while
-- the order stands, set in the same statement as the order's payment or cancel, whichever path
-- made it (docs/decisions/0031-the-admin-overview.md).
UPDATE "order_lines" SET "sold_at" = o."paid_at" FROM "orders" o
WHERE o."id" = "order_lines"."order_id" AND o."cancelled_at" IS NULL;--> statement-breakpoint
CREATE INDEX "order_lines_sold_idx" ON "order_lines" USING btree ("sold_at") WHERE "order_lines"."sold_at" is not null;--> statement-breakpoint
CREATE FUNCTION "order_lines_sold_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_lines" SET "sold_at" = CASE WHEN NEW."cancelled_at" IS NULL THEN NEW."paid_at" END
  WHERE "order_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_sold_changed" AFTER UPDATE OF "paid_at", "cancelled_at" ON "orders" FOR EACH ROW
WHEN (OLD."paid_at" IS DISTINCT FROM NEW."paid_at" OR OLD."cancelled_at" IS DISTINCT FROM NEW."cancelled_at")
EXECUTE FUNCTION "order_lines_sold_of_order"();--> statement-breakpoint
-- Lines are written when an order is placed, unpaid; a line added to an order already paid
-- (an import, a restore) takes the order's state as well.
CREATE FUNCTION "order_lines_sold_of_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_lines" l SET "sold_at" = o."paid_at"
  FROM inserted i JOIN "orders" o ON o."id" = i."order_id"
  WHERE l."id" = i."id" AND o."paid_at" IS NOT NULL AND o."cancelled_at" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_lines_sold_inserted" AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_sold_of_inserted"();
--> statement-breakpoint
-- A part's first price enters the history once per INSERT statement, not once per row: an
-- import of thousands of parts writes their history rows in one statement.
CREATE FUNCTION "record_inserted_part_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "price_history" ("part_id", "price_cents") SELECT "id", "price_cents" FROM inserted;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "parts_price_inserted" ON "parts";--> statement-breakpoint
CREATE TRIGGER "parts_price_inserted" AFTER INSERT ON "parts" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "record_inserted_part_prices"();
