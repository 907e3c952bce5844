import type { SavedBuild } from '@parts-shop/shared/build';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../lib/auth.ts';
import { notFound } from '../../lib/http-error.ts';
import { newId } from '../../lib/ids.ts';
import { loadBuildParts } from '../../domain/catalog/build-check.ts';
import {
  deleteOwnBuild,
  findOwnBuild,
  insertBuild,
  listBuilds,
  updateOwnBuild,
  type BuildItems,
  type BuildRow,
} from './builds.repo.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';

/** Saved builds belong to the customer who saved them; for anyone else they do not exist (404). */
export const buildNotFound = () => notFound(apiMessages.buildNotFound);

export function toSavedBuild(row: BuildRow): SavedBuild & { id: string } {
  return {
    id: row.id,
    name: row.name,
    items: row.items,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function pageOfBuilds(db: Db, caller: Caller, limit: number, before?: string) {
  return (await listBuilds(db, caller.email, limit + 1, before)).map(toSavedBuild);
}

export async function getBuild(db: Db, caller: Caller, id: string) {
  const row = await findOwnBuild(db, caller.email, id);
  if (!row) throw buildNotFound();
  return toSavedBuild(row);
}

export async function saveBuild(db: Db, caller: Caller, input: { name: string; items: BuildItems }) {
  // A build names parts the catalog has at the time it is saved.
  await loadBuildParts(db, input.items);
  const row = await insertBuild(db, { id: newId(), email: caller.email, name: input.name, items: input.items });
  return toSavedBuild(row);
}

export async function changeBuild(db: Db, caller: Caller, id: string, change: { name?: string; items?: BuildItems }) {
  if (!(await findOwnBuild(db, caller.email, id))) throw buildNotFound();
  if (change.items) await loadBuildParts(db, change.items);
  const row = await updateOwnBuild(db, caller.email, id, change);
  if (!row) throw buildNotFound();
  return toSavedBuild(row);
}

export async function removeBuild(db: Db, caller: Caller, id: string): Promise<void> {
  if ((await deleteOwnBuild(db, caller.email, id)) === 0) throw buildNotFound();
}
