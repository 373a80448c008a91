/** The billing slice: the ledger, refunds and disputes (domain billing.ts). */
export { applyChargeEvent, chargeEventSchema, isChargeEvent, type ChargeOutcome } from './chargeEvents.js';
export { billingAdminRouter } from './router.js';
