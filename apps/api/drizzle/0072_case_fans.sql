-- Case fans are a kind of part: a single fan or a pack, counted against the motherboard's fan headers.
ALTER TABLE "parts" DROP CONSTRAINT "parts_kind_valid";--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_kind_valid" CHECK ("parts"."kind" in ('cpu', 'motherboard', 'memory', 'gpu', 'storage', 'psu', 'case', 'cooling', 'fan', 'other'));
