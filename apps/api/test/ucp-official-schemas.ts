import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type AnySchemaObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The official UCP 2026-04-08 schemas, read in place from `ucp-schemas/` beside the repository (UCP_SCHEMAS_DIR); null when absent. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const UCP_SCHEMAS_DIR =
  process.env.UCP_SCHEMAS_DIR ?? path.resolve(repoRoot, '..', 'shared', 'ucp-schemas', '2026-04-08');

type Validate = (value: unknown) => string[];

export type OfficialSchemas = {
  businessProfile: Validate;
  checkoutResponse: Validate;
  checkout: Validate;
  errorResponse: Validate;
  order: Validate;
  /** The catalog's answers (catalog_search.json, catalog_lookup.json), as the REST binding's operations answer them. */
  catalogSearch: Validate;
  catalogLookup: Validate;
  catalogProduct: Validate;
};

function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

export function loadOfficialSchemas(): OfficialSchemas | null {
  const source = path.join(UCP_SCHEMAS_DIR, 'source');
  if (!fs.existsSync(path.join(source, 'schemas'))) return null;
  // The schemas carry keywords of their own (name, ucp_request), which strict mode refuses.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  addFormats(ajv);
  for (const file of jsonFiles(path.join(source, 'schemas')))
    ajv.addSchema(JSON.parse(fs.readFileSync(file, 'utf8')) as AnySchemaObject);
  // Its $id would resolve its ../schemas/ucp.json reference to an id nothing has (the folder's README).
  const profile = JSON.parse(
    fs.readFileSync(path.join(source, 'discovery/profile_schema.json'), 'utf8'),
  ) as AnySchemaObject;
  ajv.addSchema({ ...profile, $id: 'https://ucp.dev/discovery/profile.json' });
  const validator = (ref: string): Validate => {
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`no official schema ${ref}`);
    return (value) =>
      validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
  const checkout = validator('https://ucp.dev/schemas/shopping/checkout.json');
  const errorResponse = validator('https://ucp.dev/schemas/shopping/types/error_response.json');
  const product = validator('https://ucp.dev/schemas/shopping/catalog_lookup.json#/$defs/get_product_response');
  return {
    businessProfile: validator('https://ucp.dev/discovery/profile.json#/$defs/business_profile'),
    checkout,
    errorResponse,
    // The binding's checkout_response: a checkout or an error_response.
    checkoutResponse: (value) => {
      const asCheckout = checkout(value);
      return asCheckout.length === 0 || errorResponse(value).length === 0 ? [] : asCheckout;
    },
    order: validator('https://ucp.dev/schemas/shopping/order.json'),
    catalogSearch: validator('https://ucp.dev/schemas/shopping/catalog_search.json#/$defs/search_response'),
    catalogLookup: validator('https://ucp.dev/schemas/shopping/catalog_lookup.json#/$defs/lookup_response'),
    // The binding's catalog_get_product_response: a product, or an error_response (not found).
    catalogProduct: (value) => {
      const asProduct = product(value);
      return asProduct.length === 0 || errorResponse(value).length === 0 ? [] : asProduct;
    },
  };
}
