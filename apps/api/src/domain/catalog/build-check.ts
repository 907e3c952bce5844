import { checkBuild, type BuildPart } from '@parts-shop/shared/compatibility';
import type { BuildAlternative, BuildCheckResult } from '@parts-shop/shared/build';
import { buildTotalCents, lineCents } from '@parts-shop/shared/build-total';
import { centsToDollars } from '@parts-shop/shared/money';
import { partSpecsSchema } from '@parts-shop/shared/part-specs';
import type { Db } from '#api/db/client.ts';
import { notFound } from '#api/lib/http-error.ts';
import { findBuildParts, findInStockOfKind, type BuildPartRow } from './parts.repo.ts';

/** The shared engine on the parts as stored (never on specs a client sent), with the server's prices. */

type Line = { partId: string; quantity: number };

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

/** What the engine reads of a stored part. */
type CheckedPart = Pick<BuildPartRow, 'id' | 'name' | 'kind' | 'specs'>;

/** Specs that no longer parse count as a part with no rules. */
export function toBuildPart(row: CheckedPart, quantity: number): BuildPart {
  const parsed = partSpecsSchema.safeParse({ kind: row.kind, specs: row.specs });
  const specs = parsed.success ? parsed.data : { kind: 'other' as const, specs: {} };
  return { id: row.id, name: row.name, quantity, ...specs };
}

/** The engine on the lines whose parts `byId` holds; a line whose part is gone (deleted since) is left out. */
export function checkStoredBuild(lines: readonly Line[], byId: ReadonlyMap<string, CheckedPart>) {
  return checkBuild(
    lines.flatMap((l) => {
      const part = byId.get(l.partId);
      return part ? [toBuildPart(part, l.quantity)] : [];
    }),
  );
}

/**
 * For a line the stock cannot cover: the part of its kind, nearest in price, that the stock covers
 * and that clashes with nothing else in the build; null when there is none.
 */
async function alternativeTo(
  db: Db,
  line: Line,
  lines: readonly Line[],
  byId: Map<string, BuildPartRow>,
): Promise<BuildAlternative | null> {
  const part = byId.get(line.partId) as BuildPartRow;
  const others = lines.filter((l) => l.partId !== line.partId);
  const candidates = await findInStockOfKind(
    db,
    part.kind,
    line.quantity,
    part.priceCents,
    lines.map((l) => l.partId),
  );
  const fits = candidates.find((candidate) => {
    const build = [
      ...others.map((l) => toBuildPart(byId.get(l.partId) as BuildPartRow, l.quantity)),
      toBuildPart(candidate, line.quantity),
    ];
    return !checkBuild(build).problems.some((p) => p.severity === 'error' && p.partIds.includes(candidate.id));
  });
  return fits
    ? {
        partId: fits.id,
        name: fits.name,
        brand: fits.brand,
        price: centsToDollars(fits.priceCents),
        available: fits.available,
      }
    : null;
}

export async function checkBuildItems(db: Db, lines: readonly Line[]): Promise<BuildCheckResult> {
  const byId = await loadBuildParts(db, lines);
  const { problems, estimatedWatts } = checkStoredBuild(lines, byId);
  const priced = lines.map((line) => {
    const part = byId.get(line.partId) as BuildPartRow;
    return { part, line: { unitCents: part.priceCents, quantity: line.quantity } };
  });
  const answered = await Promise.all(
    priced.map(async ({ part, line }) => ({
      partId: part.id,
      name: part.name,
      kind: part.kind,
      quantity: line.quantity,
      price: centsToDollars(part.priceCents),
      lineTotal: centsToDollars(lineCents(line)),
      minOrder: part.minOrder,
      available: part.available,
      ...(part.available < line.quantity
        ? { alternative: await alternativeTo(db, { partId: part.id, quantity: line.quantity }, lines, byId) }
        : {}),
    })),
  );
  const totalCents = buildTotalCents(priced.map((p) => p.line));
  return { problems, estimatedWatts, lines: answered, total: centsToDollars(totalCents) };
}
