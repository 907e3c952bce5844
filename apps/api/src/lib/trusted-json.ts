/**
 * The catalog's busiest reads answer with JSON.stringify instead of parsing every answer
 * through its zod response schema first. Their answers are built field by field from rows the
 * shared schemas accepted when they were written (toPart), and re-checking 24 parts with
 * their specs cost more than the rest of the request (docs/performance.md). The response
 * schema still describes the answer in the OpenAPI document, and the tests parse the answers
 * with it. Error answers are the error handler's `{message, issues?}`, unchanged.
 */
export const trustedJson = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
