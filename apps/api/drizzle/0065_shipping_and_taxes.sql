ALTER TABLE "parts" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_weight_grams_non_negative" CHECK ("parts"."weight_grams" >= 0);--> statement-breakpoint
CREATE TABLE "user_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_addresses_country_code" CHECK ("user_addresses"."country" ~ '^[A-Z]{2}$')
);--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_email_users_email_fk" FOREIGN KEY ("email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_addresses_email_idx" ON "user_addresses" USING btree ("email","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_addresses_one_default_idx" ON "user_addresses" USING btree ("email") WHERE "user_addresses"."is_default";--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_name_valid" CHECK ("shop_settings"."name" in ('shipping', 'taxes'))
);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_line1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_line2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_option_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_title" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders placed before addresses had fields keep their text as the first street line, in the home country.
UPDATE "orders" SET "ship_name" = "user_name", "ship_line1" = "address";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."subtotal_cents" is null or "orders"."total_cents" = "orders"."subtotal_cents" + "orders"."shipping_cents" + case when "orders"."prices_include_tax" then 0 else "orders"."tax_cents" end);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_not_negative" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."shipping_cents" >= 0 and "orders"."shipping_tax_cents" between 0 and "orders"."tax_cents");--> statement-breakpoint
CREATE INDEX "orders_paid_destination_idx" ON "orders" USING btree ("paid_at","ship_country","ship_region") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tax_not_negative" CHECK ("order_lines"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "shipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_tax_within_amount" CHECK ("order_refunds"."tax_cents" >= 0 and "order_refunds"."shipping_cents" >= 0 and "order_refunds"."tax_cents" + "order_refunds"."shipping_cents" <= "order_refunds"."amount_cents");--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_kind_valid";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_valid" CHECK ("audit_log"."kind" in ('product.create', 'product.update', 'product.price', 'product.stock', 'product.delete', 'product.import', 'order.ship', 'order.cancel', 'order.refund', 'order.note', 'return.decide', 'user.role', 'review.delete', 'message.read', 'message.reply', 'assistant.approve', 'assistant.revoke', 'completed_build.hide', 'completed_build.show', 'settings.shipping', 'settings.taxes'));
