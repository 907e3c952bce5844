import type { ShippingSettings, TaxSettings } from '@parts-shop/shared/checkout';
import type { Db } from '#api/db/client.ts';
import { changedFields, recordChange, type Actor } from '#api/domain/audit/record-change.ts';
import { badRequest } from '#api/lib/http-error.ts';
import { readShippingSettings, readTaxSettings, writeSetting } from '#api/domain/checkout/shop-settings.repo.ts';

function firstDuplicate(values: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

/** Ids an order stores must name one option; a country or region in two zones would make the zone a guess. */
function shippingRefusal(settings: ShippingSettings): string | null {
  const zone = firstDuplicate(settings.zones.map((z) => z.id));
  if (zone) return `Two zones have the id ${zone}`;
  const option = firstDuplicate(settings.zones.flatMap((z) => z.options.map((o) => o.id)));
  if (option) return `Two shipping options have the id ${option}; each needs its own`;
  const places = settings.zones.flatMap((z) =>
    z.countries.flatMap((c) => (c.regions?.length ? c.regions.map((r) => `${c.country}-${r}`) : [c.country])),
  );
  const place = firstDuplicate(places);
  if (place) return `${place} is in two zones; put it in one`;
  return null;
}

function taxRefusal(settings: TaxSettings): string | null {
  const rate = firstDuplicate(settings.rates.map((r) => `${r.country}-${r.region ?? '*'}`));
  return rate ? `Two rates are set for ${rate.replace(/-\*$/, '')}; keep one` : null;
}

export const getShippingSettings = (db: Db) => readShippingSettings(db);
export const getTaxSettings = (db: Db) => readTaxSettings(db);

/** PUT /settings/shipping: the whole document, audited with what changed. */
export function putShippingSettings(db: Db, actor: Actor, settings: ShippingSettings): Promise<ShippingSettings> {
  const refused = shippingRefusal(settings);
  if (refused) throw badRequest(refused);
  return db.transaction(async (tx) => {
    const before = await readShippingSettings(tx);
    await writeSetting(tx, 'shipping', settings);
    const change = changedFields(before, settings);
    if (change) {
      await recordChange(tx, actor, { kind: 'settings.shipping', entity: 'settings', entityId: 'shipping', ...change });
    }
    return settings;
  });
}

/** PUT /settings/taxes: the whole document, audited with what changed. */
export function putTaxSettings(db: Db, actor: Actor, settings: TaxSettings): Promise<TaxSettings> {
  const refused = taxRefusal(settings);
  if (refused) throw badRequest(refused);
  return db.transaction(async (tx) => {
    const before = await readTaxSettings(tx);
    await writeSetting(tx, 'taxes', settings);
    const change = changedFields(before, settings);
    if (change) {
      await recordChange(tx, actor, { kind: 'settings.taxes', entity: 'settings', entityId: 'taxes', ...change });
    }
    return settings;
  });
}
