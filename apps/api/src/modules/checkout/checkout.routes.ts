import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressBookSchema,
  newSavedAddressSchema,
  quoteRequestSchema,
  quoteSchema,
  savedAddressPatchSchema,
  shippingDestinations,
  shippingDestinationsSchema,
  shippingSettingsSchema,
  taxReportQuerySchema,
  taxReportSchema,
  taxSettingsSchema,
} from '@parts-shop/shared/checkout';
import { writeLimit, type Deps } from '#api/deps.ts';
import { callerOf } from '#api/lib/auth.ts';
import { errorAnswers } from '#api/lib/http-error.ts';
import { idParams } from '#api/lib/ids.ts';
import { addAddress, changeAddress, listAddresses, removeAddress } from './addresses.service.ts';
import { quote } from './quote.service.ts';
import { getShippingSettings, getTaxSettings, putShippingSettings, putTaxSettings } from './settings.service.ts';
import { taxReport, taxReportCsv } from './tax-report.ts';
import { readCheckoutSettings } from '#api/domain/checkout/shop-settings.repo.ts';

/** Shipping and taxes (docs/product.md#shipping-and-taxes): the quote, the address book, the settings, the report. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  app.post(
    '/checkout/quote',
    {
      config: writeLimit(config),
      schema: {
        tags: ['checkout'],
        summary: 'What an order of these lines to this address would cost: options, shipping, tax and total',
        description:
          'Signed in or not; nothing is held. Without shippingAddress, the goods alone and no options. ' +
          "shippingOptions are the destination zone's, cheapest first; without shippingOptionId the cheapest is " +
          'chosen. 422 {code: "no_shipping_zone"} where the shop does not ship, {code: "unknown_shipping_option"} ' +
          'for an option the zone does not offer; 503 when taxes cannot be worked out.',
        body: quoteRequestSchema,
        response: { 200: quoteSchema, ...errorAnswers(400, 404, 422, 429, 503) },
      },
    },
    async (request) => quote(db, request.body),
  );

  app.get(
    '/checkout/destinations',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The countries the shop ships to (and, where a zone names them, their regions), for anyone',
        response: { 200: shippingDestinationsSchema },
      },
    },
    async () => shippingDestinations((await readCheckoutSettings(db)).shipping),
  );

  app.get(
    '/addresses',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['checkout'],
        summary: "The caller's address book, oldest first; exactly one is the default when there is any",
        security: [{ bearer: [] }],
        response: { 200: addressBookSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => listAddresses(db, callerOf(request).email),
  );

  app.post(
    '/addresses',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['checkout'],
        summary: 'Add an address; the first one, or one sent with isDefault: true, becomes the default',
        security: [{ bearer: [] }],
        body: newSavedAddressSchema,
        response: { 201: addressBookSchema, ...errorAnswers(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await addAddress(db, callerOf(request).email, request.body)),
  );

  app.patch(
    '/addresses/:id',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['checkout'],
        summary: 'Change an address, or make it the default with {isDefault: true}',
        security: [{ bearer: [] }],
        params: idParams,
        body: savedAddressPatchSchema,
        response: { 200: addressBookSchema, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request) => changeAddress(db, callerOf(request).email, request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['checkout'],
        summary: 'Delete an address; deleting the default makes the oldest other one the default',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: addressBookSchema, ...errorAnswers(401, 403, 404, 429) },
      },
    },
    async (request) => removeAddress(db, callerOf(request).email, request.params.id),
  );

  app.get(
    '/settings/shipping',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['admin'],
        summary: 'Shipping zones and their options (admin)',
        security: [{ bearer: [] }],
        response: { 200: shippingSettingsSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => getShippingSettings(db),
  );

  app.put(
    '/settings/shipping',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['admin'],
        summary: 'Replace the shipping zones and options (admin, audited)',
        description:
          'Zone and option ids are unique; a country, or a country and region, is in one zone only. ' +
          'A rate is flat, by subtotal band (from dollars up) or by weight band (up to grams; heavier is not offered).',
        security: [{ bearer: [] }],
        body: shippingSettingsSchema,
        response: { 200: shippingSettingsSchema, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request) => putShippingSettings(db, callerOf(request), request.body),
  );

  app.get(
    '/settings/taxes',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['admin'],
        summary: 'Tax rates, whether prices include tax, whether shipping is taxed (admin)',
        security: [{ bearer: [] }],
        response: { 200: taxSettingsSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => getTaxSettings(db),
  );

  app.put(
    '/settings/taxes',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['admin'],
        summary: 'Replace the tax settings (admin, audited); the next checkout uses them',
        security: [{ bearer: [] }],
        body: taxSettingsSchema,
        response: { 200: taxSettingsSchema, ...errorAnswers(400, 401, 403, 429) },
      },
    },
    async (request) => putTaxSettings(db, callerOf(request), request.body),
  );

  app.get(
    '/reports/tax',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['admin'],
        summary: 'Orders paid in a month by country and region, net of refunds: goods, shipping and tax (admin)',
        description: "month is YYYY-MM in the shop's time zone; format=csv downloads the same rows as CSV.",
        security: [{ bearer: [] }],
        querystring: taxReportQuerySchema,
        response: { 200: z.union([taxReportSchema, z.string()]), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const report = await taxReport(db, config.SHOP_TIME_ZONE, request.query.month);
      if (request.query.format !== 'csv') return report;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tax-report-${report.month}.csv"`)
        .send(taxReportCsv(report));
    },
  );
};
