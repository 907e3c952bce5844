import type { ContactMessage } from '@parts-shop/shared/message';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { insertMessage, latestMessages } from './messages.repo.ts';

export async function storeMessage(db: Db, input: ContactMessage): Promise<string> {
  const id = newId();
  await insertMessage(db, { id, ...input });
  return id;
}

export async function recentMessages(db: Db, limit: number) {
  const rows = await latestMessages(db, limit);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}
