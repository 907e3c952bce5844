import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';

/** Needed before anything of a customer's shows publicly, so a throwaway address cannot speak there. */
export async function hasVerifiedEmail(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, email));
  return row?.verified ?? false;
}
