CREATE TABLE "ucp_order_webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"agent" text NOT NULL,
	"event" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "ucp_order_webhooks_event_valid" CHECK ("ucp_order_webhooks"."event" in ('created', 'shipped', 'canceled', 'refunded', 'returned'))
);
--> statement-breakpoint
CREATE INDEX "ucp_order_webhooks_due_idx" ON "ucp_order_webhooks" USING btree ("next_attempt_at") WHERE "ucp_order_webhooks"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "ucp_order_webhooks_order_idx" ON "ucp_order_webhooks" USING btree ("order_id");
