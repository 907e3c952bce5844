import { z } from 'zod';

export type PhotoStoreSetting = { kind: 'database' } | { kind: 's3'; bucket: string; prefix: string };

const S3_ADDRESS = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/;

/** PHOTO_STORE: `database` (the default) or `s3://bucket[/prefix]`. */
export const photoStoreSetting = z
  .string()
  .optional()
  .transform((raw, ctx): PhotoStoreSetting => {
    const value = (raw ?? '').trim();
    if (value === '' || value === 'database') return { kind: 'database' };
    const match = S3_ADDRESS.exec(value);
    if (!match?.[1]) {
      ctx.addIssue({
        code: 'custom',
        message: `set database, or s3://bucket or s3://bucket/prefix (a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens), not ${value}`,
      });
      return z.NEVER;
    }
    const prefix = (match[2] ?? '').split('/').filter(Boolean).join('/');
    return { kind: 's3', bucket: match[1], prefix };
  });
