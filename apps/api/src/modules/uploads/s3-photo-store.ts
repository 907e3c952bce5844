import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '#api/config/env.ts';
import type { PhotoStore } from './photo-store.ts';

type S3Settings = Pick<
  Config,
  'PHOTO_STORE_ENDPOINT' | 'AWS_REGION' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY'
> & { bucket: string; prefix: string };

/** Each object is written with the headers it is served with, so a CDN may serve the bucket directly. */
export function s3PhotoStore(settings: S3Settings): PhotoStore {
  const client = new S3Client({
    region: settings.AWS_REGION,
    // Services other than AWS (MinIO, Ceph, local test servers) take the bucket in the path.
    ...(settings.PHOTO_STORE_ENDPOINT ? { endpoint: settings.PHOTO_STORE_ENDPOINT, forcePathStyle: true } : {}),
    ...(settings.AWS_ACCESS_KEY_ID && settings.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: settings.AWS_ACCESS_KEY_ID,
            secretAccessKey: settings.AWS_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  });
  const objectKey = (key: string) => (settings.prefix ? `${settings.prefix}/${key}` : key);
  return {
    put: async (key, { bytes, contentType }) => {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    get: async (key) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return {
          bytes: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    close: () => client.destroy(),
  };
}
