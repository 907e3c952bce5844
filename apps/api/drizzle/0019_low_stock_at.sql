ALTER TABLE "parts" ADD COLUMN "low_stock_at" integer;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_low_stock_at_non_negative" CHECK ("parts"."low_stock_at" >= 0);