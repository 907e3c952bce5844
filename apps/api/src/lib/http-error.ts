import { apiErrorSchema } from '@parts-shop/shared/error';

/** A failure a client caused or must hear about; the global handler turns it into JSON. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    message: string,
    /** A stable code a client can match on, for the refusals that have one (no_shipping_zone). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Sign in again to continue') => new HttpError(401, message);
export const unsupportedMedia = (message: string) => new HttpError(415, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, message);

/** `errorAnswers(400, 404)` is `{ 400: apiErrorSchema, 404: apiErrorSchema }`. */
export function errorAnswers<const Code extends HttpError['statusCode']>(
  ...codes: Code[]
): Record<Code, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<Code, typeof apiErrorSchema>;
}
