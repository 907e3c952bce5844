/**
 * A schema built on first read, not at module load: zod does its work when a schema is made, and a first load imports
 * far more schemas than it parses with (docs/decisions/0049).
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  let internals: object | undefined;
  const schema = (): T => (built ??= build());
  const standIn: T = new Proxy({} as T, {
    // The schema itself as the receiver: its getters and methods see the real object.
    get: (_, key) => (key === '_zod' ? (internals ??= jsonSchemaAlias(schema(), standIn)) : Reflect.get(schema(), key)),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not call a property fixed that its own (empty) target lacks.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    set: (_, key, value) => Reflect.set(schema(), key, value),
  });
  return standIn;
}

type JsonSchemaContext = { seen: Map<object, unknown> };
type Internals = { processJSONSchema?: (ctx: JsonSchemaContext, ...rest: unknown[]) => unknown };

/**
 * Zod's JSON Schema conversion looks a schema up by the object it was handed, so the stand-in's notes go under the
 * real schema too.
 */
function jsonSchemaAlias(schema: object, standIn: object): object {
  const internals = Reflect.get(schema, '_zod') as Internals;
  return new Proxy(internals, {
    get: (target, key) => {
      const value = Reflect.get(target, key, target) as unknown;
      if (key !== 'processJSONSchema' || typeof value !== 'function') return value;
      return (ctx: JsonSchemaContext, ...rest: unknown[]) => {
        if (!ctx.seen.has(schema) && ctx.seen.has(standIn)) ctx.seen.set(schema, ctx.seen.get(standIn));
        return (value as (...args: unknown[]) => unknown).call(target, ctx, ...rest);
      };
    },
  });
}
