/** @studio/domain: the studio's business rules, shared by web and functions. No Firebase imports. */
export * from './constants.js';
export * from './money.js';
export * from './auth.js';
export * from './schemas.js';
export * from './leads.js';
export * from './records.js';
export * from './dashboard.js';
export * from './leadBoard.js';
export * from './leadStatus.js';
export * from './pricing.js';
export * from './hostedProjects.js';
export * from './quotes.js';
export * from './projects.js';
export * from './email.js';
export * from './promo.js';
export * from './packages.js';
export * from './payments.js';
