ALTER TABLE "orders" ADD COLUMN "origin" text;--> statement-breakpoint
CREATE TABLE "ucp_checkout_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent" text NOT NULL,
	"agent_name" text NOT NULL,
	"status" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ucp_checkout_sessions_status_valid" CHECK ("ucp_checkout_sessions"."status" in ('incomplete', 'ready_for_complete', 'complete_in_progress', 'completed', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "ucp_idempotency_keys" (
	"agent" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ucp_idempotency_keys_agent_key_pk" PRIMARY KEY("agent","key")
);
--> statement-breakpoint
CREATE INDEX "ucp_checkout_sessions_order_idx" ON "ucp_checkout_sessions" USING btree ("order_id") WHERE "ucp_checkout_sessions"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "ucp_idempotency_keys_created_idx" ON "ucp_idempotency_keys" USING btree ("created_at");
