/** The payment messages of spec §8, shared by the payment form and Stripe's card form. */

export const SETUP_FAILED = {
  title: 'Payment Setup Failed',
  description: 'Unable to initialize payment. Please try again.',
} as const;
export const PAYMENT_FAILED_TITLE = 'Payment Failed';
export const LOAD_FAILED_TITLE = 'Failed to load payment system';
export const UNEXPECTED_ERROR = { title: 'Payment Error', description: 'An unexpected error occurred' } as const;
