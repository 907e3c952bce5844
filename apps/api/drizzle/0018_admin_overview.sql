CREATE INDEX "order_refunds_created_idx" ON "order_refunds" USING btree ("created_at","amount_cents");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","total_cents") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("paid") WHERE "orders"."cancelled_at" is null and not "orders"."shipped";