// Sign-in's errors, with stable codes (STYLE §3): tokens and sessions, the code exchange and the provider,
// linking a member, and password changes.
import { AppError, badRequest, forbidden, tooManyRequests, unauthorized } from '../errors';

const CONTACT = 'Please contact your domain coordinator.';

export const authErrors = {
  noToken: () => unauthorized('auth.no_token', 'Sign in first: this call needs a bearer token.'),
  tokenExpired: () => unauthorized('auth.token_expired', 'Your access token has expired.'),
  tokenInvalid: () => unauthorized('auth.token_invalid', 'Your access token is invalid.'),
  sessionRevoked: () => unauthorized('auth.session_revoked', 'Your session has ended. Please sign in again.'),
  wrongCredentials: (message: string) => unauthorized('auth.wrong_credentials', message),
  rateLimited: (retryAfterSeconds: number, message?: string) => tooManyRequests(retryAfterSeconds, message),

  redirectUri: () =>
    badRequest('auth.redirect_uri', 'redirectUri is not a registered callback address', [
      { path: 'redirectUri', message: 'not registered' },
    ]),
  exchangeFailed: (message = 'The sign-in code is invalid or has expired. Please try again.') =>
    badRequest('auth.exchange_failed', message),
  issuerMissing: () =>
    badRequest('auth.issuer_missing', 'The sign-in response does not name its issuer (iss). Please start the sign-in again.'),
  issuerMismatch: () =>
    badRequest('auth.issuer_mismatch', 'The sign-in response comes from another issuer than the portal’s sign-in provider.'),
  stateMismatch: () =>
    badRequest('auth.state_mismatch', 'The sign-in response does not belong to this sign-in (state). Please start again.'),
  providerUnavailable: (cause: unknown) =>
    new AppError(
      503,
      'auth.provider_unavailable',
      'The sign-in provider cannot be reached. Please try again shortly.',
      undefined,
      undefined,
      cause,
    ),
  providerMisconfigured: (message: string, cause?: unknown) =>
    new AppError(503, 'auth.provider_misconfigured', `${message} Please tell the society's administrators.`, undefined, undefined, cause),
  providerError: (cause: unknown) =>
    new AppError(
      503,
      'auth.provider_error',
      'The sign-in provider answered with an error. Please try again shortly.',
      undefined,
      undefined,
      cause,
    ),

  noMember: () => forbidden('auth.no_member', `No active member account matches this sign-in. ${CONTACT}`),
  emailMissing: () =>
    forbidden(
      'auth.email_missing',
      `The sign-in provider did not release an email address for this account (claim "email"), so the portal cannot find the member. ${CONTACT}`,
    ),
  emailUnverified: (email: string, released: boolean) =>
    forbidden(
      'auth.email_unverified',
      released
        ? `The sign-in provider has not verified the email address ${email} (email_verified is false); the portal links members by a verified email only. Please verify it at the sign-in provider.`
        : `The sign-in provider does not say whether ${email} is verified (claim "email_verified" missing); the portal links members by a verified email only. ${CONTACT}`,
    ),

  wrongPassword: () =>
    badRequest('auth.wrong_password', 'The current password is not right.', [
      { path: 'currentPassword', message: 'The current password is not right.' },
    ]),
  weakPassword: (problem: string) => badRequest('auth.weak_password', problem, [{ path: 'newPassword', message: problem }]),
  samePassword: () =>
    badRequest('auth.same_password', 'The new password must differ from the current one.', [
      { path: 'newPassword', message: 'The new password must differ from the current one.' },
    ]),
  passwordChangedMeanwhile: () =>
    new AppError(
      409,
      'auth.password_changed',
      'Your password was changed elsewhere, or this session ended, while this change was being made, so it was not applied. Please sign in again with your current password.',
    ),
  passwordSignInOff: () =>
    new AppError(409, 'auth.external_provider', "Members sign in through the society's sign-in provider, not with a password here."),
  externalProvider: () =>
    new AppError(409, 'auth.external_provider', "Passwords are managed by the society's sign-in provider: change yours there."),
};
