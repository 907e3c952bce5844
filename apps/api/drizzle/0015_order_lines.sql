CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"part_id" uuid,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_price_not_negative" CHECK ("order_lines"."unit_price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_part_id_parts_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_part_idx" ON "order_lines" USING btree ("part_id");--> statement-breakpoint
-- Every existing order becomes a one-line order (hand SQL: Drizzle cannot move rows); the line
-- takes the order's id, which no other line has.
INSERT INTO "order_lines" ("id", "order_id", "part_id", "product_name", "quantity", "unit_price_cents")
SELECT "id", "id", "part_id", "product_name", "total_order", "unit_price_cents" FROM "orders";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "part_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price_cents";