import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deletedSchema,
  insertedSchema,
  managedPartSchema,
  newPartSchema,
  partEditSchema,
  partSchema,
  stockChangeSchema,
} from '@parts-shop/shared/part';
import {
  managePartsQuerySchema,
  PART_IDS_MAX,
  partFacetsSchema,
  partFiltersSchema,
  partsQuerySchema,
} from '@parts-shop/shared/part-query';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import { errorAnswers, notFound, unsupportedMedia } from '#api/lib/http-error.ts';
import { idParams, parseIdOr } from '#api/lib/ids.ts';
import { pageOf } from '#api/lib/paging.ts';
import { trustedJson } from '#api/lib/trusted-json.ts';
import { getPart, pageOfParts, toAdminPart, toPart } from '#api/domain/catalog/part-reads.ts';
import {
  changeStock,
  createPart,
  exportParts,
  editPart,
  partFacets,
  partPriceHistory,
  removePart,
} from './parts.service.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';
import {
  IMPORT_CONFLICT_MESSAGE,
  IMPORT_MAX_BYTES,
  importAnswerSchema,
  importConflictsMessage,
  importQuerySchema,
} from '@parts-shop/shared/part-import';
import { applyImport, previewImport } from './parts-import.ts';
import { pageOfManagedParts, toManagedPart } from './manage-parts.service.ts';
import { priceHistorySchema } from '@parts-shop/shared/alert';
import {
  bulkDeleteSchema,
  bulkPartsAnswerSchema,
  bulkPriceSchema,
  bulkStockSchema,
} from '@parts-shop/shared/part-bulk';
import { bulkDelete, bulkReprice, bulkSetStock } from './parts-bulk.ts';
import { pluralForm } from '@parts-shop/shared/plural';

const parseId = (id: string) => parseIdOr(id, () => notFound(apiMessages.partNotFound));

export const partsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  // POST /parts/import reads CSV as text; the other routes' JSON schemas refuse a text body.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/parts',
    {
      ...trustedJson,
      schema: {
        tags: ['parts'],
        summary: 'Parts found by search and filters, in a sort, paged with limit and cursor',
        description:
          'q searches name, description and spec values, each word as a prefix (ryz finds Ryzen). ' +
          'kind takes one or more kinds (repeated or comma-separated). minPrice/maxPrice are dollars; ' +
          'inStock=true keeps parts with stock; socket, memoryType and formFactor match spec values. ' +
          `ids=a,b,c (or repeated, at most ${PART_IDS_MAX}) keeps only those parts; an id that names no part is left out. ` +
          'sort is newest (default without q), relevance (default with q), price_asc or price_desc. ' +
          'The Link header names the next page; its cursor only fits the same sort (400 otherwise).',
        querystring: partsQuerySchema,
        response: { 200: z.array(partSchema), ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      const page = await pageOfParts(deps, request.query);
      return pageOf(page.rows, request.query.limit, request, reply, page.cursorOf).map(toPart);
    },
  );

  app.get(
    '/parts/facets',
    {
      schema: {
        tags: ['parts'],
        summary: 'How many parts each kind and each socket, memory type and form factor would give',
        description:
          'Takes the same filters as GET /parts. Each count leaves out its own filter, so the kind ' +
          'counts show what choosing another kind would give; total applies every filter.',
        querystring: partFiltersSchema,
        response: { 200: partFacetsSchema, ...errorAnswers(400) },
      },
    },
    async (request) => partFacets(deps, request.query),
  );

  app.get(
    '/admin/parts',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['parts'],
        summary: 'Manage Products: every part, searched, by kind, low stock only, in a sort (admin)',
        description:
          'q matches part names only (each word as a prefix, typos forgiven, as GET /parts does over names, ' +
          'brands and descriptions); kind as GET /parts. lowStock=true keeps the parts running low (at or below their lowStockAt, ' +
          'or 5 without one); each part answers lowStock by the same rule. sort is newest (default), ' +
          'name_asc, name_desc, price_asc, price_desc, stock_asc or stock_desc. Out-of-stock parts are listed. ' +
          'The Link header names the next page; its cursor only fits the same sort (400 otherwise).',
        security: [{ bearer: [] }],
        querystring: managePartsQuerySchema,
        response: { 200: z.array(managedPartSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await pageOfManagedParts(db, request.query);
      return pageOf(page.rows, request.query.limit, request, reply, page.cursorOf).map(toManagedPart);
    },
  );

  app.get(
    '/parts/export.csv',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['parts'],
        summary: 'Every part as CSV, with its kind and one column per spec (admin)',
        description:
          "Columns: id, version (the part's revision, which every change and stock move bumps), name, brand, kind, " +
          'price (dollars), available, minOrder, lowStockAt, description, img, ' +
          'then spec.<field> for every spec field of any kind (lists joined with |, yes/no for yes-or-no specs). ' +
          "A cell a spreadsheet would run as a formula (= + - @ tab CR) starts with a ' that import takes off.",
        security: [{ bearer: [] }],
        response: { 200: z.string(), ...errorAnswers(401, 403) },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="parts.csv"')
        .send(await exportParts(db)),
  );

  app.post(
    '/parts/import',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags: ['parts'],
        summary: 'Create or update parts from CSV (admin); dryRun=true previews and changes nothing',
        description:
          'The body is a CSV file (text/csv) with the columns of GET /parts/export.csv; a row with an id ' +
          'updates that part, a row without one adds a part. Every row is checked as Add Product checks a ' +
          'part; if any is bad nothing is imported and the 400 names each bad row by line and column ' +
          '(issues[].path is [line, column]). A row that would change a part changed since its version ' +
          '(or a row without a version) is a conflict: the 409 names them and nothing is imported, unless ' +
          'overwrite=true. A good file is applied in one transaction.',
        security: [{ bearer: [] }],
        querystring: importQuerySchema,
        response: { 200: importAnswerSchema, ...errorAnswers(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => {
      const text = request.body;
      if (typeof text !== 'string') throw unsupportedMedia(apiMessages.importNotCsv);
      if (request.query.dryRun === 'true') return { rows: await previewImport(db, text) };
      const { rows, bad, conflicts } = await applyImport(
        db,
        callerOf(request),
        text,
        request.query.overwrite === 'true',
      );
      if (bad.length > 0) {
        const issues = bad.flatMap((r) => r.errors.map((e) => ({ path: [r.row, e.field], message: e.message })));
        const lines = bad.map((r) => r.row).join(', ');
        return reply.code(400).send({
          message: `Nothing was imported: fix the ${pluralForm(bad.length, 'row')} on line ${lines}`,
          issues,
        });
      }
      if (conflicts.length > 0)
        return reply.code(409).send({
          message: importConflictsMessage(conflicts.map((r) => r.row)),
          issues: conflicts.map((r) => ({ path: [r.row, 'version'], message: IMPORT_CONFLICT_MESSAGE })),
        });
      return { rows };
    },
  );

  app.get(
    '/parts/:id',
    {
      ...trustedJson,
      schema: {
        tags: ['parts'],
        summary: 'One part',
        description: "With an admin's token the part also has its lowStockAt, as the admins' reads do.",
        params: idParams,
        response: { 200: partSchema, ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      // An admin edits from this read (its version and low-stock line), so it is the primary's; anyone else's may lag
      // as the catalog does: placing an order re-reads stock on the primary.
      if (await guards.isAdmin(request, reply)) return getPart(db, id, toAdminPart);
      return getPart(deps.publicReads, id, toPart);
    },
  );

  app.get(
    '/parts/:id/price-history',
    {
      schema: {
        tags: ['parts'],
        summary: "A part's prices, oldest first, each with when it began",
        params: idParams,
        response: { 200: priceHistorySchema, ...errorAnswers(404) },
      },
    },
    async (request) => partPriceHistory(deps.publicReads, parseId(request.params.id)),
  );

  app.post(
    '/parts',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: 'Add a part (admin)',
        security: [{ bearer: [] }],
        body: newPartSchema,
        response: { 201: insertedSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const insertedId = await createPart(db, callerOf(request), request.body);
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.patch(
    '/parts/:id',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: 'Edit a part (admin), from the version it was loaded at',
        description:
          'Changes any of name, description, img, minOrder, price, and kind with specs together. ' +
          'version must be the one the editor loaded; 409 when someone else saved since. ' +
          'Stock changes through POST /parts/{id}/stock, so orders never make an edit stale.',
        security: [{ bearer: [] }],
        params: idParams,
        body: partEditSchema,
        response: { 200: partSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => editPart(db, callerOf(request), parseId(request.params.id), request.body),
  );

  app.post(
    '/parts/:id/stock',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: 'Add stock, or remove it with a negative delta (admin)',
        description: 'Atomic: adds to what concurrent orders left. 409 when it would go below zero.',
        security: [{ bearer: [] }],
        params: idParams,
        body: stockChangeSchema,
        response: { 200: partSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeStock(db, callerOf(request), parseId(request.params.id), request.body.delta),
  );

  app.post(
    '/parts/bulk/price',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: "Change the chosen parts' prices by a percentage (admin): all or none",
        description:
          'Each new price is rounded half up to the cent. 409 naming the part when one would be below one cent ' +
          'or above the highest price; 404 when a part is gone. Either way no price changes.',
        security: [{ bearer: [] }],
        body: bulkPriceSchema,
        response: { 200: bulkPartsAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => bulkReprice(db, callerOf(request), request.body.ids, request.body.percent),
  );

  app.post(
    '/parts/bulk/stock',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: "Set the chosen parts' stock (admin): all or none",
        description: '404 when a part is gone, and then no stock changes.',
        security: [{ bearer: [] }],
        body: bulkStockSchema,
        response: { 200: bulkPartsAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => bulkSetStock(db, callerOf(request), request.body.ids, request.body.available),
  );

  app.post(
    '/parts/bulk/delete',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: 'Delete the chosen parts (admin): all or none; their orders keep their details',
        description: '404 when a part is gone, and then none is deleted.',
        security: [{ bearer: [] }],
        body: bulkDeleteSchema,
        response: { 200: bulkPartsAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => bulkDelete(db, callerOf(request), request.body.ids),
  );

  app.delete(
    '/parts/:id',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['parts'],
        summary: 'Delete a part (admin); its orders keep their details',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: deletedSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      await removePart(db, callerOf(request), parseId(request.params.id));
      return { acknowledged: true, deletedCount: 1 };
    },
  );
};
