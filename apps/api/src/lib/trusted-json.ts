/**
 * The busiest catalog reads skip the zod response parse: their rows were checked when written, and re-checking cost
 * more than the request. The schema still describes them and the tests parse with it.
 */
export const trustedJson = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
