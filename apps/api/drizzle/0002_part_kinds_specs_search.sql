ALTER TABLE "parts" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "specs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "spec_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name), 'A') || setweight(jsonb_to_tsvector('simple', specs, '["string", "numeric"]'), 'B') || setweight(to_tsvector('simple', description), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "parts_search_idx" ON "parts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "parts_spec_tags_idx" ON "parts" USING gin ("spec_tags");--> statement-breakpoint
CREATE INDEX "parts_price_idx" ON "parts" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "parts_kind_idx" ON "parts" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "parts_kind_price_idx" ON "parts" USING btree ("kind","price_cents","id");--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_kind_valid" CHECK ("parts"."kind" in ('cpu', 'motherboard', 'memory', 'gpu', 'storage', 'psu', 'case', 'cooling', 'other'));--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_version_positive" CHECK ("parts"."version" >= 1);