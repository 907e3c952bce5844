CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"parts" uuid[] DEFAULT '{}' NOT NULL,
	"kinds" text[] DEFAULT '{}' NOT NULL,
	"brands" text[] DEFAULT '{}' NOT NULL,
	"min_subtotal_cents" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"combinable" boolean NOT NULL,
	"priority" integer NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_kind_valid" CHECK ("discounts"."kind" in ('percentage', 'fixed_order', 'fixed_item', 'free_shipping')),
	CONSTRAINT "discounts_value_valid" CHECK (case "discounts"."kind" when 'percentage' then "discounts"."value" between 1 and 10000 when 'free_shipping' then "discounts"."value" = 0 else "discounts"."value" > 0 end),
	CONSTRAINT "discounts_limits_positive" CHECK (coalesce("discounts"."usage_limit", 1) >= 1 and coalesce("discounts"."per_customer_limit", 1) >= 1 and coalesce("discounts"."min_subtotal_cents", 1) >= 1),
	CONSTRAINT "discounts_ends_after_start" CHECK ("discounts"."starts_at" is null or "discounts"."ends_at" is null or "discounts"."ends_at" > "discounts"."starts_at")
);--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_idx" ON "discounts" USING btree (upper("code")) WHERE "discounts"."code" is not null;--> statement-breakpoint
CREATE INDEX "discounts_automatic_idx" ON "discounts" USING btree ("priority","id") WHERE "discounts"."code" is null and not "discounts"."paused";--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"order_id" uuid NOT NULL,
	"discount_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code" text,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"position" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "order_discounts_order_id_discount_id_pk" PRIMARY KEY("order_id","discount_id"),
	CONSTRAINT "order_discounts_amount_not_negative" CHECK ("order_discounts"."amount_cents" >= 0)
);--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_discounts_live_idx" ON "order_discounts" USING btree ("discount_id","email") WHERE "order_discounts"."released_at" is null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_within_price" CHECK ("order_lines"."discount_cents" between 0 and "order_lines"."unit_price_cents" * "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_valid";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_valid" CHECK ("audit_log"."kind" in ('product.create', 'product.update', 'product.price', 'product.stock', 'product.delete', 'product.import', 'order.ship', 'order.cancel', 'order.refund', 'order.note', 'return.decide', 'user.role', 'review.delete', 'message.read', 'message.reply', 'assistant.approve', 'assistant.revoke', 'completed_build.hide', 'completed_build.show', 'settings.shipping', 'settings.taxes', 'discount.create', 'discount.update', 'discount.delete'));
