CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_email" text NOT NULL,
	"actor_uid" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_kind_valid" CHECK ("audit_log"."kind" in ('product.create', 'product.update', 'product.price', 'product.stock', 'product.delete', 'product.import', 'order.ship', 'order.cancel', 'order.refund', 'return.decide', 'user.role'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind","id");--> statement-breakpoint
-- Hand SQL. Role changes recorded so far become user.role rows (the same ids, so the users
-- screen's history keeps its order), then their old table goes: one record of each change.
INSERT INTO "audit_log" ("id", "actor_email", "actor_uid", "actor_name", "kind", "entity", "entity_id", "before", "after", "created_at")
SELECT rc."id", rc."actor_email", u."uid", coalesce(u."user_name", ''), 'user.role', 'user', rc."target_email",
  jsonb_build_object('role', CASE rc."role" WHEN 'admin' THEN 'customer' ELSE 'admin' END),
  jsonb_build_object('role', rc."role"), rc."created_at"
FROM "role_changes" rc LEFT JOIN "users" u ON u."email" = rc."actor_email";--> statement-breakpoint
DROP TABLE "role_changes" CASCADE;--> statement-breakpoint
-- Append-only: no statement may rewrite or remove a record, whatever the code does.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_rewrite" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
