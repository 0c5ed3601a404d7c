// When the database is out rather than wrong: the errors that answer 503, and how to recognise one.

/** The database cannot be reached, or refused to start work: an outage (503), not a bug (500). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** The request's client hung up before its database work began: nobody waits for the answer. */
export class ClientGoneError extends DatabaseUnavailableError {
  override name = 'ClientGoneError';
  constructor() {
    super('The request was abandoned by its client.');
  }
}

// SQLSTATE classes and codes that mean "the server is not there or going away", and socket errors of the driver.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-4]|53300|53100|53200)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

/** An error and its causes (Drizzle wraps the driver's), at most five deep. */
function* causes(error: unknown) {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e as Error & { code?: unknown };
}

/** Whether an error (or one of its causes) says the database is unreachable rather than that a statement failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if (e instanceof DatabaseUnavailableError) return true;
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

export const isClientGone = (error: unknown) => [...causes(error)].some((e) => e instanceof ClientGoneError);
