CREATE TABLE "part_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"part_id" uuid NOT NULL,
	"author_email" text NOT NULL,
	"name" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_reviews_rating_range" CHECK ("part_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "part_reviews" ADD CONSTRAINT "part_reviews_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_reviews" ADD CONSTRAINT "part_reviews_author_email_users_email_fk" FOREIGN KEY ("author_email") REFERENCES "public"."users"("email") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "part_reviews_part_author_idx" ON "part_reviews" USING btree ("part_id","author_email");--> statement-breakpoint
CREATE INDEX "part_reviews_part_id_idx" ON "part_reviews" USING btree ("part_id","id");--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_rating_sum_in_range" CHECK ("parts"."rating_sum" between "parts"."rating_count" and 5 * "parts"."rating_count");