-- A build its owner publishes: its public title and when it went public (null: private).
ALTER TABLE "builds" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_published_has_title" CHECK ("builds"."published_at" is null or "builds"."title" is not null);--> statement-breakpoint
CREATE INDEX "builds_published_idx" ON "builds" USING btree ("published_at" DESC,"id" DESC) WHERE "builds"."published_at" is not null;
