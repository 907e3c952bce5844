import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

const KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export type LocalS3 = {
  /** The shop's settings for a bucket on it: PHOTO_STORE, PHOTO_STORE_ENDPOINT and the keys. */
  settings: (bucketAndPrefix: string) => Record<string, string>;
  endpoint: string;
  keys: typeof KEYS;
  stop: () => Promise<void>;
};

/** A local S3-compatible server (npm's s3rver) on a free port, with `buckets` made, its files in a temporary folder. */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    keys: KEYS,
    settings: (bucketAndPrefix) => ({
      PHOTO_STORE: `s3://${bucketAndPrefix}`,
      PHOTO_STORE_ENDPOINT: endpoint,
      ...KEYS,
    }),
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
