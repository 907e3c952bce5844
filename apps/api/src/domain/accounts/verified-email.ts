import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';

/**
 * Whether the account's email address is verified: what a customer needs before anything of
 * theirs shows on the shop's public pages (a review, a review's photo), so a throwaway
 * address cannot speak there.
 */
export async function hasVerifiedEmail(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, email));
  return row?.verified ?? false;
}
