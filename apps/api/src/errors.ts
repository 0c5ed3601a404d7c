// One error path (STYLE §3): services throw these; the central handler turns them into DESIGN §3's envelope.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, errors?: { path: string; message: string }[]) =>
  new AppError(400, code, message, errors);
export const unauthorized = (code = 'auth.unauthorized', message = 'Your access token is missing, invalid or expired.') =>
  new AppError(401, code, message);
export const forbidden = (code = 'auth.forbidden', message = 'You are not allowed to do this.') => new AppError(403, code, message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const conflict = (code: string, message: string, errors?: { path: string; message: string }[]) =>
  new AppError(409, code, message, errors);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many failed sign-ins. Please wait and try again.') =>
  new AppError(429, 'auth.rate_limited', message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
