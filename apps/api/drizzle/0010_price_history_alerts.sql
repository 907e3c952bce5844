CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"part_id" uuid NOT NULL,
	"type" text NOT NULL,
	"price_cents" integer,
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_type_valid" CHECK ("alerts"."type" in ('price-below', 'back-in-stock')),
	CONSTRAINT "alerts_price_fits_type" CHECK (("alerts"."type" = 'price-below') = ("alerts"."price_cents" is not null) and coalesce("alerts"."price_cents", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"part_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "saved_total_cents" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_email_users_email_fk" FOREIGN KEY ("email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_email_idx" ON "alerts" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "alerts_waiting_idx" ON "alerts" USING btree ("part_id") WHERE "alerts"."fired_at" is null;--> statement-breakpoint
CREATE INDEX "price_history_part_idx" ON "price_history" USING btree ("part_id","at");--> statement-breakpoint
-- Hand SQL: drizzle-kit cannot declare triggers. Every insert of a part and every change of its
-- price writes a history row in the same transaction, whichever path made it.
CREATE FUNCTION "record_part_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "price_history" ("part_id", "price_cents") VALUES (NEW."id", NEW."price_cents");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "parts_price_inserted" AFTER INSERT ON "parts" FOR EACH ROW EXECUTE FUNCTION "record_part_price"();--> statement-breakpoint
CREATE TRIGGER "parts_price_changed" AFTER UPDATE OF "price_cents" ON "parts" FOR EACH ROW WHEN (OLD."price_cents" IS DISTINCT FROM NEW."price_cents") EXECUTE FUNCTION "record_part_price"();--> statement-breakpoint
-- The parts already in the shop start their history at the price they have.
INSERT INTO "price_history" ("part_id", "price_cents", "at") SELECT "id", "price_cents", "created_at" FROM "parts";
