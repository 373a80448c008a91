/**
 * The billing slice: the ledger, refunds and disputes (domain billing.ts), payments, payment requests, invoice
 * numbers, cart orders and promo holds.
 */
export { applyChargeEvent, chargeEventSchema, isChargeEvent, type ChargeOutcome } from './chargeEvents.js';
export { billingAdminRouter } from './router.js';
export { runNumbered } from './invoiceNumbers.js';
export { orderDoc, preparePayment } from './orders.js';
export { newOrderRef } from './billingStore.js';
export {
  dueTimestamp,
  fulfilEvent,
  paymentEventSchema,
  startPayment,
  testModeFailureEvent,
  testModeSuccessEvent,
} from './payments.js';
export { previewPromo, releasePromoHold, reservePromo, type PromoApplication } from './promo.js';
export {
  createOrderDoc,
  idempotencyKeysCol,
  promoCodesCol,
  updateOrderDoc,
  invoicesCol,
  invoicesOfLeads,
  ledgerEntriesCol,
  openRequestsAndInvoices,
  paymentReceivedIn,
  readOpenStateIn,
  ordersCol,
  paymentRequestsCol,
  paymentRequestsOfLeads,
  readInvoiceOrRequest,
  paymentsCol,
  readDoc,
  subscriptionOf,
  subscriptionsOfEmail,
} from './billingStore.js';
export { cancelAtPeriodEnd, customerPortalUrl } from './subscriptionActions.js';
export { statementsOfLeads, type StatementLead } from './statements.js';
