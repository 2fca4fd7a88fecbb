// Expected failures are `throw new AppError('CODE')`. This file is the only map from a code to an
// HTTP status and its French message; the error handler answers `{ detail, code }` from it.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DOCUMENT_TEXT_MAX_CHARS, PDF_IMAGE_MAX_PIXELS, PDF_INFLATED_MAX_BYTES } from '#contract/imports';
import { CATALOGUE_LIMITS } from '#contract/constants';
import { fr } from '#contract/messages';
import { TRUST } from '#contract/prices';
import { isDatabaseConnectionLost } from './database-errors';
import { RECEIPT_MAX_AGE_DAYS } from '#contract/receipts';
import { PRICE_LIST_MAX_BYTES, PRICE_LIST_MAX_ROWS } from '#contract/merchants';

const ERRORS = {
  VALIDATION: [400, fr.common.invalidValue],
  BAD_JSON: [400, fr.common.badJson],
  UNAUTHENTICATED: [401, fr.auth.sessionRequired],
  SESSION_EXPIRED: [401, fr.auth.sessionExpired],
  SESSION_INVALID: [401, fr.auth.sessionInvalid],
  INVALID_CREDENTIALS: [401, fr.auth.invalidCredentials],
  NOT_AN_AGENT: [403, fr.auth.notAnAgent],
  CONSUMERS_ONLY: [403, fr.auth.consumersOnly],
  AGENTS_ONLY: [403, fr.auth.agentsOnly],
  FORBIDDEN: [403, fr.auth.forbidden],
  NOT_FOUND: [404, fr.common.notFound],
  ROUTE_NOT_FOUND: [404, fr.common.routeNotFound],
  EMAIL_TAKEN: [409, fr.auth.emailTaken],
  WRONG_CURRENT_PASSWORD: [400, fr.profile.wrongCurrentPassword],
  SAME_PASSWORD: [400, fr.profile.samePassword],
  AVATAR_INVALID: [400, fr.register.avatarInvalid],
  AVATAR_TOO_LARGE: [413, fr.register.avatarTooLarge],
  IMAGE_TOO_LARGE: [413, fr.image.productTooLarge],
  IMAGE_UNSUPPORTED: [415, fr.image.unsupported],
  IMAGE_UNREADABLE: [415, fr.image.unreadable],
  BODY_TOO_LARGE: [413, fr.common.bodyTooLarge],
  UNSUPPORTED_MEDIA_TYPE: [415, fr.common.unsupportedMediaType],
  ORDER_NOT_FOUND: [404, fr.orders.notFound],
  ORDER_TRANSITION_INVALID: [409, fr.orders.transitionInvalid],
  ORDER_ALREADY_TAKEN: [409, fr.agent.acceptError],
  HANDOVER_PROOF_REQUIRED: [409, fr.handover.oneTapGone],
  HANDOVER_NOT_EN_ROUTE: [409, fr.handover.notEnRoute],
  HANDOVER_TOO_EARLY: [409, fr.handover.tooEarly],
  HANDOVER_CODE_WRONG: [422, fr.handover.wrongCode(1)],
  HANDOVER_LOCKED: [423, fr.handover.locked],
  DOOR_PHOTO_REQUIRED: [400, fr.handover.photoRequired],
  DOOR_PHOTO_TOO_LARGE: [413, fr.handover.photoTooLarge],
  DELIVERY_PROOF_NOT_FOUND: [404, fr.handover.proofNotFound],
  NOTIFICATION_NOT_FOUND: [404, fr.notifications.notFound],
  PUSH_ENDPOINT_REFUSED: [422, fr.notifications.endpointRefused],
  TOO_MANY_LOGIN_ATTEMPTS: [429, fr.auth.tooManyAttempts(15)],
  TOO_MANY_REQUESTS: [429, fr.common.tooManyRequests],
  // Lists, optimiser, carts, booking and payments (issue 4)
  LIST_NOT_FOUND: [404, fr.lists.notFound],
  LIST_LOCKED_PENDING: [409, fr.listsUi.lockedPending],
  LIST_LOCKED_ARCHIVED: [409, fr.listsUi.lockedArchived],
  LIST_LOCKED_CART: [409, fr.listsUi.lockedCart],
  LIST_DUPLICATE_ITEM: [400, fr.lists.duplicateItem],
  LIST_PRODUCT_UNKNOWN: [400, fr.listsUi.productUnknown],
  LIST_EMPTY: [400, fr.lists.empty],
  LIST_NOT_BOOKABLE: [409, fr.checkoutUi.listNotBookable],
  // Offline-first lists (issue 15)
  LIST_ID_TAKEN: [409, fr.offline.listIdTaken],
  IDEMPOTENCY_KEY_INVALID: [400, fr.offline.idempotencyKeyInvalid],
  IDEMPOTENCY_KEY_REUSED: [422, fr.offline.idempotencyKeyReused],
  IMPORT_NO_ITEMS: [422, fr.lists.importFailed],
  DOCUMENT_REQUIRED: [400, fr.lists.imageRequired],
  DOCUMENT_TOO_LARGE: [413, fr.lists.fileTooLarge],
  DOCUMENT_TEXT_TOO_LONG: [413, fr.lists.textTooLong(DOCUMENT_TEXT_MAX_CHARS.toLocaleString('fr-FR'))],
  DOCUMENT_IMAGE_TOO_LARGE: [413, fr.lists.pdfImageTooLarge(PDF_IMAGE_MAX_PIXELS / 1_000_000)],
  DOCUMENT_TOO_SLOW: [422, fr.lists.documentTooSlow],
  DOCUMENT_INFLATES_TOO_MUCH: [413, fr.lists.pdfInflatesTooMuch(PDF_INFLATED_MAX_BYTES / 1024 / 1024)],
  UPLOAD_MALFORMED: [400, fr.lists.uploadMalformed],
  DOCUMENT_UNSUPPORTED: [415, fr.lists.imageRequired],
  DOCUMENT_UNREADABLE: [422, fr.lists.importFailed],
  DOCUMENT_PROCESSING_FAILED: [503, fr.lists.importError],
  DOCUMENT_QUEUE_FULL: [503, fr.lists.importBusy],
  TOO_MANY_IMPORTS: [429, fr.lists.tooManyImports],
  // Till receipts (issue 29)
  RECEIPT_NOT_A_RECEIPT: [422, fr.receipts.notAReceipt],
  RECEIPT_FORMAT: [415, fr.receipts.format],
  RECEIPT_NOT_FOUND: [404, fr.receipts.notFound],
  RECEIPT_POSITION: [400, fr.receipts.position],
  RECEIPT_STILL_READING: [409, fr.receipts.stillReading],
  RECEIPT_ALREADY_SUBMITTED: [409, fr.receipts.alreadySubmitted],
  RECEIPT_ALREADY_COUNTED: [409, fr.receipts.alreadyCounted],
  RECEIPT_NOT_READABLE: [409, fr.receipts.notReadable],
  RECEIPT_LINE_UNKNOWN: [400, fr.receipts.lineUnknown],
  RECEIPT_LINE_TWICE: [400, fr.receipts.lineTwice],
  RECEIPT_DATE_INVALID: [400, fr.receipts.dateInvalid(RECEIPT_MAX_AGE_DAYS)],
  RECEIPT_LABEL_NOT_FOUND: [404, fr.receipts.labelNotFound],
  RECEIPT_PROOF_NOT_FOUND: [404, fr.receipts.proofNotFound],
  // Merchants and their price lists (issue 29, item 3)
  MERCHANT_NOT_FOUND: [404, fr.merchants.notFound],
  MERCHANT_ALREADY_APPLIED: [409, fr.merchants.alreadyApplied],
  MERCHANT_STORE_TAKEN: [409, fr.merchants.storeTaken],
  MERCHANT_NOT_APPROVED: [403, fr.merchants.notApproved],
  MERCHANT_APPLICATION_NOT_FOUND: [404, fr.merchants.applicationNotFound],
  MERCHANT_APPLICATION_ALREADY_REVIEWED: [409, fr.merchants.alreadyReviewed],
  PRICE_LIST_NOT_FOUND: [404, fr.merchants.priceListNotFound],
  PRICE_LIST_ALREADY_PUBLISHED: [409, fr.merchants.alreadyPublished],
  PRICE_LIST_TOO_LARGE: [413, fr.merchants.fileTooLarge(PRICE_LIST_MAX_BYTES / 1024 / 1024)],
  PRICE_LIST_FORMAT: [415, fr.merchants.fileFormat],
  PRICE_LIST_UNREADABLE: [422, fr.merchants.fileUnreadable],
  PRICE_LIST_EMPTY: [422, fr.merchants.fileEmpty],
  PRICE_LIST_TOO_MANY_ROWS: [422, fr.merchants.tooManyRows(PRICE_LIST_MAX_ROWS)],
  PRICE_LIST_COLUMN_INVALID: [400, fr.merchants.mappingColumnInvalid],
  PRICE_LIST_LINE_UNKNOWN: [400, fr.merchants.lineUnknown],
  PRICE_LIST_LINE_TWICE: [400, fr.merchants.lineTwice],
  NOTHING_PRICED: [422, fr.checkoutUi.nothingPriced],
  PAYMENT_METHOD_NOT_FOUND: [404, fr.paymentsUi.notFound],
  PAYMENT_METHOD_LIMIT: [409, fr.paymentsUi.limit],
  CARD_EXPIRED: [400, fr.paymentsUi.cardExpired],
  CARD_EXPIRY_INVALID: [400, fr.paymentsUi.expiryInvalid],
  CART_NOT_FOUND: [404, fr.booking.noCart],
  CART_ALREADY_BOOKED: [409, fr.checkoutUi.cartAlreadyBooked],
  CART_PRICE_UNAVAILABLE: [409, fr.optimiser.cartError('prix indisponible')],
  SWITCH_STORE_INVALID: [400, fr.optimiser.switchError],
  STORE_OUTSIDE_DELIVERY_AREA: [422, fr.checkoutUi.outsideDeliveryArea],
  DELIVERY_POSITION_UNKNOWN: [422, fr.checkoutUi.deliveryPositionUnknown],
  BOOKING_DATE_TOO_EARLY: [400, fr.checkoutUi.dateTooEarly],
  BOOKING_DATE_TOO_FAR: [400, fr.checkoutUi.dateTooFar],
  DELIVERY_DATE_PAST: [400, fr.checkoutUi.datePast],
  PAYMENT_NOT_FOUND: [404, fr.checkoutUi.paymentNotFound],
  PAYMENT_NOT_PENDING: [409, fr.checkoutUi.paymentNotPending],
  PAYMENT_PROVIDER_ERROR: [502, fr.checkoutUi.providerError],
  PAYMENT_DECLINED: [422, fr.checkoutUi.providerDeclined],
  PAYMENT_CALLBACK_UNAUTHENTICATED: [401, fr.checkoutUi.callbackUnauthenticated],
  PRODUCT_NOT_FOUND: [404, fr.products.notFound],
  PRODUCT_IMAGE_INVALID: [400, fr.products.imageInvalid],
  SHOP_REQUIRED_WITH_PRICE: [400, fr.products.shopRequiredWithPrice],
  SHOP_REQUIRED: [400, fr.products.selectShop],
  SHOP_UNKNOWN: [400, fr.products.shopUnknown],
  STORE_NOT_FOUND: [404, fr.stores.notFound],
  CITY_UNKNOWN: [400, fr.nearbyPrices.cityUnknown],
  // Barcodes (issue 13)
  BARCODE_INVALID: [400, fr.barcodes.invalid],
  BARCODE_TAKEN: [409, fr.barcodes.taken],
  BARCODE_NOT_FOUND: [404, fr.barcodes.notFound],
  // Product recognition (issue 13)
  RECOGNITION_NO_IMAGE: [400, fr.recognition.noImage],
  RECOGNITION_IMAGE_TOO_LARGE: [413, fr.lists.fileTooLarge],
  RECOGNITION_NOT_AN_IMAGE: [415, fr.recognitionApi.notAnImage],
  RECOGNITION_IMAGE_UNREADABLE: [422, fr.recognitionApi.unreadable],
  RECOGNITION_FAILED: [503, fr.recognition.error],
  RECOGNITION_BUSY: [503, fr.recognitionApi.busy],
  TOO_MANY_RECOGNITIONS: [429, fr.recognitionApi.tooMany],
  // Trust and moderation (issue 10)
  ADMINS_ONLY: [403, fr.auth.adminsOnly],
  ACCOUNT_SUSPENDED: [403, fr.auth.accountSuspended],
  TOO_MANY_REGISTRATIONS: [429, fr.auth.tooManyRegistrations(60)],
  TOO_MANY_PRICES_FOR_ITEM: [429, fr.contribute.tooManyForItem(TRUST.maxPerItemPerDay)],
  TOO_MANY_PRICES_TODAY: [429, fr.contribute.tooManyToday(TRUST.maxPerUserPerDay)],
  TOO_MANY_PRODUCTS: [429, fr.products.tooManyToday(CATALOGUE_LIMITS.products.perDay)],
  TOO_MANY_STORES: [429, fr.stores.tooManyToday(CATALOGUE_LIMITS.stores.perDay)],
  TOO_MANY_FLAGS: [429, fr.moderation.tooManyFlags(TRUST.maxFlagsPerUserPerDay)],
  ALREADY_FLAGGED: [409, fr.moderation.alreadyFlagged],
  OBSERVATION_NOT_FOUND: [404, fr.moderation.observationNotFound],
  OBSERVATION_NOT_FLAGGABLE: [409, fr.moderation.observationNotFlaggable],
  OBSERVATION_ALREADY_REVIEWED: [409, fr.moderation.alreadyReviewed],
  SUGGESTION_NOT_FOUND: [404, fr.moderation.suggestionNotFound],
  SUGGESTION_ALREADY_REVIEWED: [409, fr.moderation.suggestionAlreadyReviewed],
  REVISION_NOT_FOUND: [404, fr.moderation.revisionNotFound],
  REVISION_IS_CURRENT: [409, fr.moderation.revisionIsCurrent],
  BARCODE_ALREADY_HERE: [409, fr.moderation.barcodeAlreadyHere],
  // Catalogue hygiene (issue 27, item 7)
  CATALOGUE_ALREADY_LISTED: [409, fr.catalogueHygiene.alreadyListed],
  CATALOGUE_ALREADY_REMOVED: [409, fr.catalogueHygiene.alreadyRemoved],
  CATALOGUE_REMOVED_USE_RESTORE: [409, fr.catalogueHygiene.removedUseRestore],
  CATALOGUE_NOT_REMOVED: [409, fr.catalogueHygiene.notRemoved],
  CATALOGUE_RESTORE_TOO_LATE: [410, fr.catalogueHygiene.restoreTooLate],
  CATALOGUE_MERGE_INTO_SELF: [400, fr.catalogueHygiene.mergeIntoSelf],
  CATALOGUE_MERGE_TARGET_NOT_LISTED: [409, fr.catalogueHygiene.mergeTargetNotListed],
  USER_NOT_FOUND: [404, fr.moderation.userNotFound],
  USER_ALREADY_SUSPENDED: [409, fr.moderation.alreadySuspended],
  CANNOT_SUSPEND_MODERATOR: [409, fr.moderation.cannotSuspendModerator],
  USER_NOT_SUSPENDED: [409, fr.moderation.notSuspended],
  // Agents (issue 11)
  AGENT_APPLICATION_PENDING: [403, fr.agentVetting.pendingDetail],
  AGENT_APPLICATION_REFUSED: [403, fr.agentVetting.refusedDetail],
  AGENT_APPLICATION_NOT_FOUND: [404, fr.agentVetting.applicationNotFound],
  AGENT_APPLICATION_ALREADY_REVIEWED: [409, fr.agentVetting.alreadyReviewed],
  // Accounts (issue 11)
  PASSWORD_TOO_WEAK: [400, fr.accountSecurity.passwordRepeated],
  PASSWORD_LIKE_IDENTITY: [400, fr.accountSecurity.passwordLikeIdentity],
  PASSWORD_TOO_COMMON: [400, fr.accountSecurity.passwordTooCommon],
  LOGIN_SLOWED_DOWN: [429, fr.accountSecurity.loginSlowedDown(30)],
  TOO_MANY_RESET_REQUESTS: [429, fr.accountSecurity.tooManyResetRequests(60)],
  RESET_TOKEN_INVALID: [400, fr.accountSecurity.resetTokenInvalid],
  RESET_TOKEN_USED: [410, fr.accountSecurity.resetTokenUsed],
  RESET_TOKEN_EXPIRED: [410, fr.accountSecurity.resetTokenExpired],
  EMAIL_CHANGE_NEEDS_PASSWORD: [400, fr.accountSecurity.emailChangeNeedsPassword],
  // Payments (issue 11)
  PAYMENT_METHOD_UNAVAILABLE: [422, fr.livePayments.methodUnavailableGeneric],
  PAYMENT_SANDBOX_DISABLED: [404, fr.livePayments.sandboxDisabled],
  // Inputs (issue 11)
  TEXT_NUL_CHARACTER: [400, fr.hardening.nulCharacter],
  TEXT_INVALID_UNICODE: [400, fr.hardening.invalidUnicode],
  INPUT_TOO_DEEP: [400, fr.hardening.tooDeep],
  BAD_URL: [400, fr.hardening.badUrl],
  URL_TOO_LONG: [414, fr.hardening.urlTooLong],
  PUSH_ENDPOINT_TAKEN: [409, fr.hardening.pushEndpointTaken],
  // Ads (issue 14)
  AD_NOT_FOUND: [404, fr.adsApi.notFound],
  AD_TRANSITION_INVALID: [409, fr.adsApi.transitionInvalidGeneric],
  AD_NOT_EDITABLE: [409, fr.adsApi.notEditable],
  AD_TERMS_LOCKED: [409, fr.adsApi.termsLocked],
  AD_BUDGET_MISMATCH: [400, fr.common.invalidValue],
  AD_MEDIA_REQUIRED: [400, fr.ads.mediaRequired],
  AD_MEDIA_TOO_LARGE: [413, fr.ads.mediaTooLarge],
  AD_IMAGE_FORMAT: [415, fr.ads.imageFormat],
  AD_VIDEO_FORMAT: [415, fr.ads.videoFormat],
  AD_OPERATOR_REQUIRED: [400, fr.adsApi.operatorRequired],
  AD_PHONE_REQUIRED: [400, fr.adsApi.phoneRequired],
  AD_NOT_BANK_TRANSFER: [409, fr.adsApi.notBankTransfer],
  AD_REFUND_NOT_DUE: [409, fr.adsApi.refundNotDue],
  AD_TARGET_UNKNOWN: [400, fr.ads.targetInvalid],
  // Files (issue 16)
  STORAGE_UNAVAILABLE: [503, fr.storage.unavailable],
  // Instances behind a load balancer (issue 16): GET /api/ready
  NOT_READY_DATABASE: [503, fr.operations.databaseUnreachable],
  DATABASE_UNAVAILABLE: [503, fr.operations.databaseLost],
  NOT_READY_MIGRATIONS: [503, fr.operations.migrationsPending],
  SHUTTING_DOWN: [503, fr.operations.shuttingDown],
  // One person, one voice (issue 27)
  PHONE_NOT_VERIFIED: [403, fr.phone.notVerified],
  PHONE_CODE_WRONG: [400, fr.phone.codeWrong(1)],
  PHONE_CODE_EXPIRED: [410, fr.phone.codeExpired],
  PHONE_CODE_NONE: [409, fr.phone.noCodePending],
  PHONE_CODE_LOCKED: [429, fr.phone.codeLocked],
  PHONE_CODE_TOO_SOON: [429, fr.phone.resendTooSoon(60)],
  TOO_MANY_PHONE_CODES: [429, fr.phone.tooManyCodesAddress],
  PHONE_ALREADY_VERIFIED: [409, fr.phone.alreadyVerified],
  PHONE_SAME: [409, fr.phone.samePhone],
  PHONE_TOO_MANY_ACCOUNTS: [409, fr.phone.tooManyAccounts],
  PHONE_NUMBER_REFUSED: [422, fr.phone.numberRefused],
  SMS_UNAVAILABLE: [503, fr.phone.smsUnavailable],
  SMS_SEND_FAILED: [503, fr.phone.smsFailed],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  readonly status: number;
  readonly detail: string;

  /**
   * `detail` replaces the catalogue message when it needs a value (a count, a name); `extra` adds
   * fields to the answer (the product that already has a barcode).
   */
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly extra?: Record<string, string>,
  ) {
    const [status, message] = ERRORS[code];
    super(detail ?? message);
    this.status = status;
    this.detail = detail ?? message;
  }
}

type ErrorBody = { detail: string; code: string; errors?: { path: string; message: string }[] };

// Fastify's own errors that a client can cause, with the answer they get.
const FASTIFY_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
  FST_REQ_FILE_TOO_LARGE: 'DOCUMENT_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'DOCUMENT_REQUIRED',
  FST_FILES_LIMIT: 'DOCUMENT_REQUIRED',
  FST_PARTS_LIMIT: 'DOCUMENT_REQUIRED',
  FST_FIELDS_LIMIT: 'DOCUMENT_REQUIRED',
};

function toResponse(error: FastifyError | AppError | Error): { status: number; body: ErrorBody } | undefined {
  if (error instanceof AppError) return { status: error.status, body: { ...error.extra, detail: error.detail, code: error.code } };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      path: String(v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? fr.common.invalidValue,
    }));
    return { status: 400, body: { detail: errors[0]?.message ?? fr.common.invalidValue, code: 'VALIDATION', errors } };
  }
  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (mapped) return toResponse(new AppError(mapped));
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return toResponse(new AppError('BAD_JSON'));
  if (isDatabaseConnectionLost(error)) return toResponse(new AppError('DATABASE_UNAVAILABLE'));
  if (fastifyError.statusCode === 429) return toResponse(new AppError('TOO_MANY_REQUESTS'));
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, body: { detail: fr.common.invalidValue, code: fastifyError.code ?? 'BAD_REQUEST' } };
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const known = toResponse(error as FastifyError);
    if (known) {
      // A service that failed under us (the object store): the client gets the French message, the log the cause.
      if (known.status >= 500 && error instanceof AppError && error.cause) request.log.warn({ err: error.cause, reqId: request.id, code: error.code }, 'service unavailable');
      return reply.status(known.status).send(known.body);
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply.status(500).send({ detail: fr.common.serverError, code: 'INTERNAL' });
  });
}
