// Sign-in payloads (SPEC §7 /auth/*, DESIGN §4).
import { z } from 'zod';
import { emailField, requiredText } from './messages';

export const loginBodySchema = z.object({
  email: emailField('email'),
  password: z.string({ error: 'password is a required field' }).min(1, { error: 'password is a required field' }).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const exchangeBodySchema = z.object({
  code: requiredText('code', 2048),
  codeVerifier: z.string().min(43).max(128).optional(),
  redirectUri: z.url().max(2048).optional(),
  state: z.string().max(512).optional(),
  /** The authorization response's issuer (RFC 9207), passed on as received. */
  iss: z.string().max(2048).optional(),
});
export type ExchangeBody = z.infer<typeof exchangeBodySchema>;

/** What the SPA needs to send a visitor to the provider's authorization page. */
export const authConfigSchema = z.object({
  authorizationEndpoint: z.string(),
  clientId: z.string(),
  scope: z.string(),
  external: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** POST /auth/logout: where the browser goes next to sign out at the provider too (RP-initiated logout). */
export const logoutResultSchema = z.object({
  /** The provider's end-session URL, returning to {portal}/login; null when there is nothing to end there. */
  endSessionUrl: z.string().nullable(),
});
export type LogoutResult = z.infer<typeof logoutResultSchema>;

/** Claims of the API's access token; `id` is the member's id_user (SPEC §3 Login payload). */
export const tokenClaimsSchema = z.object({
  id: z.number().int().positive(),
  sid: z.string(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
