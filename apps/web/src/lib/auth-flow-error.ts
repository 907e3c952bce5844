/**
 * An error of the shop's own sign-in steps (the test-mode Google window, an account without an email) that reads like
 * the identity provider's, so one mapping (auth-errors.ts) turns every failure into words.
 */
export class AuthFlowError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuthFlowError';
  }
}
