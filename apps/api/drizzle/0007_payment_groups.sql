CREATE TABLE "payment_group_orders" (
	"group_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	CONSTRAINT "payment_group_orders_group_id_order_id_pk" PRIMARY KEY("group_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "payment_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"member_key" text NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_transaction_id_unique";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_group_orders" ADD CONSTRAINT "payment_group_orders_group_id_payment_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payment_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_groups" ADD CONSTRAINT "payment_groups_email_users_email_fk" FOREIGN KEY ("email") REFERENCES "public"."users"("email") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_group_orders_order_idx" ON "payment_group_orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_groups_member_key_idx" ON "payment_groups" USING btree ("email","member_key");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_group_id_payment_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payment_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_group_idx" ON "payments" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_one_thing" CHECK (num_nonnulls("payments"."order_id", "payments"."group_id") = 1);