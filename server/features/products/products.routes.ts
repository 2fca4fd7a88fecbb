import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/api-errors';
import { AttachBarcodeResponseSchema, AttachBarcodeSchema, BarcodeSchema, BarcodeTakenResponseSchema } from '#contract/barcodes';
import { fr } from '#contract/messages';
import { ProductDetailQuerySchema } from '#contract/nearby-prices';
import { PricedProductsResponseSchema, ProductDetailSchema, ProductSchema, ProductSuggestionResponseSchema, ProductWriteResponseSchema, QuickAddResponseSchema } from '#contract/product-answers';
import {
  PricedProductsQuerySchema,
  ProductCreateSchema,
  ProductDuplicateSchema,
  ProductListQuerySchema,
  ProductUpdateSchema,
  QuickAddSchema,
  SIZE_FOUND_HEADER,
  TOTAL_COUNT_HEADER,
} from '#contract/products';
import { IMAGE_DATA_URL_MAX_CHARS } from '#contract/constants';
import type { AppDeps } from '../../deps';
import { principalOf } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { attachBarcode, productIdForBarcode } from './product-barcodes';
import { createProduct, duplicateProduct, listProducts, pricedProducts, productDetailNear, quickAdd, updateProduct } from './products.service';

/** Room for the five images of a product form (main, 3 gallery, barcode), each up to its own limit. */
const PRODUCT_BODY_LIMIT = 5 * Math.ceil((5 * 1024 * 1024 * 4) / 3) + IMAGE_DATA_URL_MAX_CHARS;

const IdParams = z.object({ id: z.string() });

/** The position of a product page's query (both or neither, ProductDetailQuerySchema). */
const positionOf = ({ latitude, longitude }: { latitude?: number; longitude?: number }) =>
  latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;

/**
 * Sends a catalogue answer the database wrote as JSON (catalogue-reads.ts) as it is: its fields are
 * the response schema's, by construction of product-json.ts, so there is nothing to serialise.
 */
const sendJsonText = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body as never);

export async function productsRoutes(fastify: FastifyInstance, { deps }: { deps: AppDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];

  app.get(
    '/products',
    {
      onRequest: app.optionalUser,
      schema: { querystring: ProductListQuerySchema, tags, summary: 'Catalogue et recherche', response: { 200: z.array(ProductSchema), ...errorResponses(400, 401) } },
    },
    async (request, reply) => {
      const { body, total, sizeFound } = await listProducts(deps, request.query, request.principal);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (typeof sizeFound === 'boolean') reply.header(SIZE_FOUND_HEADER, String(sizeFound));
      return sendJsonText(reply, body);
    },
  );

  app.get('/products-with-prices', { onRequest: app.requireUser, schema: { querystring: PricedProductsQuerySchema, tags, response: { 200: PricedProductsResponseSchema, ...errorResponses(400, 401) } } }, async (request) => ({
    success: true as const,
    products: await pricedProducts(deps, request.query),
  }));

  // With latitude and longitude, the stores of the user's town first, each with its distance (products.service.ts).
  app.get(
    '/products/:id',
    {
      onRequest: app.optionalUser,
      schema: { params: IdParams, querystring: ProductDetailQuerySchema, tags, summary: 'Un produit et ses prix (ma ville d’abord)', response: { 200: ProductDetailSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request, reply) => sendJsonText(reply, await productDetailNear(deps, request.params.id, request.principal, positionOf(request.query))),
  );

  // The product a scanned or typed barcode belongs to (the same answer as GET /products/{id}).
  app.get(
    '/products/by-barcode/:code',
    {
      onRequest: app.optionalUser,
      schema: {
        params: z.object({ code: BarcodeSchema }),
        querystring: ProductDetailQuerySchema,
        tags,
        summary: 'Produit par code-barres',
        response: { 200: ProductDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => sendJsonText(reply, await productDetailNear(deps, await productIdForBarcode(deps, request.params.code), request.principal, positionOf(request.query))),
  );

  // The scanner's "this product has this barcode": applied for the product's creator or a moderator
  // when it has none (200), otherwise a suggestion for a moderator (202, product unchanged).
  app.post(
    '/products/:id/barcode',
    {
      onRequest: app.requireUser,
      schema: {
        params: IdParams,
        body: AttachBarcodeSchema,
        tags,
        summary: 'Ajouter le code-barres d’un produit',
        response: { 200: AttachBarcodeResponseSchema, 202: AttachBarcodeResponseSchema, 409: BarcodeTakenResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (principal.userType === 'delivery_agent') throw new AppError('CONSUMERS_ONLY');
      const { barcode } = request.body;
      const { status, suggestionId } = await attachBarcode(deps, principal, request.params.id, barcode);
      const pending = status === 'suggested';
      return reply.status(pending ? 202 : 200).send({
        success: true as const,
        message: pending ? fr.moderation.suggestionSent : fr.barcodes.attached,
        product_id: request.params.id,
        barcode,
        pending_review: pending,
        suggestion_id: suggestionId,
      });
    },
  );

  // Image-carrying forms: the guard runs before the body is read, so strangers cannot make us parse megabytes.
  const form = { onRequest: app.requireConsumer, bodyLimit: PRODUCT_BODY_LIMIT };

  const requester = (request: FastifyRequest) => ({ principal: principalOf(request), ip: request.ip });

  app.post('/products', { ...form, schema: { body: ProductCreateSchema, tags, response: { 201: ProductWriteResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 429) } } }, async (request, reply) => {
    const product = await createProduct(deps, requester(request), request.body);
    return reply.status(201).send({ success: true, message: fr.products.createdPlain, product });
  });

  // The owner's edit applies at once (200); anyone else's waits for a moderator (202, product unchanged).
  app.put('/products/:id', { ...form, schema: { params: IdParams, body: ProductUpdateSchema, tags, response: { 200: ProductWriteResponseSchema, 202: ProductSuggestionResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 429) } } }, async (request, reply) => {
    const { product, suggestionId } = await updateProduct(deps, requester(request), request.params.id, request.body);
    if (suggestionId) {
      return reply.status(202).send({ success: true as const, message: fr.moderation.suggestionSent, product, pending_review: true as const, suggestion_id: suggestionId });
    }
    return { success: true as const, message: fr.products.updated, product };
  });

  app.post('/products/duplicate', { onRequest: app.requireConsumer, schema: { body: ProductDuplicateSchema, tags, response: { 201: ProductWriteResponseSchema, ...errorResponses(400, 401, 403, 404, 429) } } }, async (request, reply) => {
    const { product, shopName } = await duplicateProduct(deps, requester(request), request.body);
    return reply.status(201).send({ success: true, message: fr.products.duplicated(shopName), product });
  });

  app.post('/products/quick-add', { onRequest: app.requireConsumer, schema: { body: QuickAddSchema, tags, response: { 200: QuickAddResponseSchema, 201: QuickAddResponseSchema, ...errorResponses(400, 401, 403, 429) } } }, async (request, reply) => {
    const { product, alreadyExisted } = await quickAdd(deps, principalOf(request), request.body);
    return reply.status(alreadyExisted ? 200 : 201).send({ success: true, product, already_existed: alreadyExisted });
  });
}
