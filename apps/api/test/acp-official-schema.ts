import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type AnySchemaObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The official ACP 2026-04-17 bundle, read in place from `acp-schemas/` beside the repository (ACP_SCHEMAS_DIR); null when absent. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ACP_SCHEMAS_DIR =
  process.env.ACP_SCHEMAS_DIR ?? path.resolve(repoRoot, '..', 'shared', 'acp-schemas', '2026-04-17');

type Validate = (value: unknown) => string[];

export type AcpOfficialSchemas = Record<
  | 'CheckoutSession'
  | 'CheckoutSessionWithOrder'
  | 'CheckoutSessionCreateRequest'
  | 'CheckoutSessionUpdateRequest'
  | 'CheckoutSessionCompleteRequest'
  | 'Error'
  | 'DiscoveryResponse',
  Validate
>;

export function loadAcpSchemas(): AcpOfficialSchemas | null {
  const file = path.join(ACP_SCHEMAS_DIR, 'json-schema', 'schema.agentic_checkout.json');
  if (!fs.existsSync(file)) return null;
  // The bundle carries OpenAPI's `example` keyword, which strict mode refuses.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  addFormats(ajv);
  const bundle = JSON.parse(fs.readFileSync(file, 'utf8')) as AnySchemaObject & { $id: string };
  ajv.addSchema(bundle);
  const validator = (name: string): Validate => {
    const validate = ajv.getSchema(`${bundle.$id}#/$defs/${name}`);
    if (!validate) throw new Error(`no official ACP schema ${name}`);
    return (value) =>
      validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
  const names = [
    'CheckoutSession',
    'CheckoutSessionWithOrder',
    'CheckoutSessionCreateRequest',
    'CheckoutSessionUpdateRequest',
    'CheckoutSessionCompleteRequest',
    'Error',
    'DiscoveryResponse',
  ] as const;
  return Object.fromEntries(names.map((name) => [name, validator(name)])) as AcpOfficialSchemas;
}
