// Sign-in calls of SPEC §7 (/auth/*) as the login and callback pages use them.
import type { ExchangeBody } from '@guildhall/shared/schemas/auth';
import { api } from '../../lib/api-client';

export const exchangeCode = (body: ExchangeBody) =>
  api.post<string>('/auth/exchange', body, { skipUnauthorizedHandler: true }).then((r) => r.result);
