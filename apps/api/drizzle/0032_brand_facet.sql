-- The facet counts keep each kind's groups per brand too, so GET /api/parts/facets answers the
-- brand facet from the maintained counts (docs/decisions/0024-maintained-facet-counts.md).
DELETE FROM "part_facet_groups";--> statement-breakpoint
ALTER TABLE "part_facet_groups" DROP CONSTRAINT "part_facet_groups_kind_spec_tags_pk";--> statement-breakpoint
ALTER TABLE "part_facet_groups" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "part_facet_groups" ADD CONSTRAINT "part_facet_groups_kind_brand_spec_tags_pk" PRIMARY KEY("kind","brand","spec_tags");--> statement-breakpoint
DROP INDEX "parts_facets_idx";--> statement-breakpoint
CREATE INDEX "parts_facets_idx" ON "parts" USING btree ("kind","brand","spec_tags");--> statement-breakpoint
CREATE INDEX "parts_brand_idx" ON "parts" USING btree ("brand","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_part_facets(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO part_facet_groups AS g (kind, brand, spec_tags, n)
  SELECT c.kind, c.brand, c.spec_tags, sum(c.d)
  FROM jsonb_to_recordset(changes) AS c(kind text, brand text, spec_tags text[], specs jsonb, d int)
  GROUP BY c.kind, c.brand, c.spec_tags HAVING sum(c.d) <> 0 ORDER BY c.kind, c.brand, c.spec_tags
  ON CONFLICT (kind, brand, spec_tags) DO UPDATE SET n = g.n + excluded.n;
  INSERT INTO part_spec_values AS s (kind, field, value, n)
  SELECT c.kind, v.field, v.value, sum(c.d)
  FROM jsonb_to_recordset(changes) AS c(kind text, brand text, spec_tags text[], specs jsonb, d int)
  CROSS JOIN LATERAL part_spec_values_of(c.specs) AS v
  GROUP BY c.kind, v.field, v.value HAVING sum(c.d) <> 0 ORDER BY c.kind, v.field, v.value
  ON CONFLICT (kind, field, value) DO UPDATE SET n = s.n + excluded.n;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION part_facets_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_part_facets((SELECT jsonb_agg(jsonb_build_object('kind', kind, 'brand', brand, 'spec_tags', spec_tags, 'specs', specs, 'd', 1)) FROM inserted));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION part_facets_of_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_part_facets((SELECT jsonb_agg(jsonb_build_object('kind', kind, 'brand', brand, 'spec_tags', spec_tags, 'specs', specs, 'd', -1)) FROM deleted));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION part_facets_of_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_part_facets(jsonb_build_array(
    jsonb_build_object('kind', OLD.kind, 'brand', OLD.brand, 'spec_tags', OLD.spec_tags, 'specs', OLD.specs, 'd', -1),
    jsonb_build_object('kind', NEW.kind, 'brand', NEW.brand, 'spec_tags', NEW.spec_tags, 'specs', NEW.specs, 'd', 1)));
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "parts_facets_update" ON "parts";--> statement-breakpoint
CREATE TRIGGER parts_facets_update AFTER UPDATE OF kind, brand, spec_tags, specs ON "parts" FOR EACH ROW
  WHEN (OLD.kind IS DISTINCT FROM NEW.kind OR OLD.brand IS DISTINCT FROM NEW.brand OR OLD.spec_tags IS DISTINCT FROM NEW.spec_tags OR OLD.specs IS DISTINCT FROM NEW.specs)
  EXECUTE FUNCTION part_facets_of_updated();--> statement-breakpoint
INSERT INTO part_facet_groups (kind, brand, spec_tags, n) SELECT kind, brand, spec_tags, count(*)::int FROM parts GROUP BY kind, brand, spec_tags;
