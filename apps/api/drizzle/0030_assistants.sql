-- The AI assistants the owner approved (Dashboard > Assistants): each by its UCP profile address, with the hash of its API key.
CREATE TABLE "assistants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profile" text NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"approved_by" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_call_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "assistants_profile_approved_idx" ON "assistants" USING btree ("profile") WHERE "assistants"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "assistants_key_hash_idx" ON "assistants" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "ucp_checkout_sessions_agent_idx" ON "ucp_checkout_sessions" USING btree ("agent") WHERE "ucp_checkout_sessions"."status" = 'completed';--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_valid";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_valid" CHECK ("audit_log"."kind" in ('product.create', 'product.update', 'product.price', 'product.stock', 'product.delete', 'product.import', 'order.ship', 'order.cancel', 'order.refund', 'return.decide', 'user.role', 'review.delete', 'message.read', 'message.reply', 'assistant.approve', 'assistant.revoke'));
