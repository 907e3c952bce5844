-- A customer's completed build: posted once from a shipped build order, with photos and a story; the owner may hide it.
CREATE TABLE "completed_builds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"title" text NOT NULL,
	"story" text NOT NULL,
	"photos" jsonb NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "completed_builds" ADD CONSTRAINT "completed_builds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completed_builds" ADD CONSTRAINT "completed_builds_email_users_email_fk" FOREIGN KEY ("email") REFERENCES "public"."users"("email") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "completed_builds_order_idx" ON "completed_builds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "completed_builds_shown_idx" ON "completed_builds" USING btree ("id" DESC) WHERE "completed_builds"."hidden_at" is null;
