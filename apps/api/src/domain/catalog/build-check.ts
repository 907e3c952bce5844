import { checkBuild, type BuildPart } from '@parts-shop/shared/compatibility';
import type { BuildCheckResult } from '@parts-shop/shared/build';
import { buildTotalCents, lineCents } from '@parts-shop/shared/build-total';
import { centsToDollars } from '@parts-shop/shared/money';
import { partSpecsSchema } from '@parts-shop/shared/part-specs';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { findBuildParts, type BuildPartRow } from './parts.repo.ts';

/**
 * The server's answer about a build: the shared compatibility engine run on the parts as the
 * database holds them (never on specs a client sent), with the server's prices.
 */

type Line = { partId: string; quantity: number };

/** The stored parts of every line; a 404 names each id the catalog does not have. */
export async function loadBuildParts(db: Db, lines: readonly Line[]): Promise<Map<string, BuildPartRow>> {
  const rows = await findBuildParts(
    db,
    lines.map((l) => l.partId),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = lines.filter((l) => !byId.has(l.partId)).map((l) => l.partId);
  if (unknown.length > 0) throw notFound(`No such part: ${unknown.join(', ')}`);
  return byId;
}

/** A stored part as the engine reads it; specs that no longer parse count as a part with no rules. */
export function toBuildPart(row: BuildPartRow, quantity: number): BuildPart {
  const parsed = partSpecsSchema.safeParse({ kind: row.kind, specs: row.specs });
  const specs = parsed.success ? parsed.data : { kind: 'other' as const, specs: {} };
  return { id: row.id, name: row.name, quantity, ...specs };
}

export function checkStoredBuild(lines: readonly Line[], byId: Map<string, BuildPartRow>) {
  return checkBuild(lines.map((l) => toBuildPart(byId.get(l.partId) as BuildPartRow, l.quantity)));
}

export async function checkBuildItems(db: Db, lines: readonly Line[]): Promise<BuildCheckResult> {
  const byId = await loadBuildParts(db, lines);
  const { problems, estimatedWatts } = checkStoredBuild(lines, byId);
  const priced = lines.map((line) => {
    const part = byId.get(line.partId) as BuildPartRow;
    return { part, line: { unitCents: part.priceCents, quantity: line.quantity } };
  });
  const answered = priced.map(({ part, line }) => ({
    partId: part.id,
    name: part.name,
    kind: part.kind,
    quantity: line.quantity,
    price: centsToDollars(part.priceCents),
    lineTotal: centsToDollars(lineCents(line)),
    minOrder: part.minOrder,
    available: part.available,
  }));
  const totalCents = buildTotalCents(priced.map((p) => p.line));
  return { problems, estimatedWatts, lines: answered, total: centsToDollars(totalCents) };
}
