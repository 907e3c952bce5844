-- Manage Orders at scale: which orders came from a build, a channel filter's index, and staff notes.
ALTER TABLE "orders" ADD COLUMN "from_build" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_origin_idx" ON "orders" USING btree ("origin","id") WHERE "orders"."origin" is not null;--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"author_email" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_text_length" CHECK (char_length("order_notes"."text") between 1 and 2000)
);--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_valid";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_valid" CHECK ("audit_log"."kind" in ('product.create', 'product.update', 'product.price', 'product.stock', 'product.delete', 'product.import', 'order.ship', 'order.cancel', 'order.refund', 'order.note', 'return.decide', 'user.role', 'review.delete', 'message.read', 'message.reply', 'assistant.approve', 'assistant.revoke', 'completed_build.hide', 'completed_build.show'));
