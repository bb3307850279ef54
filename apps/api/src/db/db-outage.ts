/** Seconds a client is told to wait (Retry-After) when the database cannot take a write. */
export const DB_RETRY_AFTER_SEC = 5;

/** SQLite result codes (better-sqlite3's `code`, extended codes included) of a disk or file that refuses writes. */
const SQLITE_DOWN = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|CORRUPT|NOTADB)(_|$)/;
/** Node's socket errors: the server is not there, or the connection to it broke. */
const SOCKET_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own errors for a connection that is gone or could not be made in time. */
const PG_DOWN_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * The reason a database error means "the database cannot be reached or written now" (so the request is worth
 * retrying later: 503), or null for any other error. PostgreSQL: SQLSTATE class 08 (connection exception),
 * 57P01-57P03 (shutdown, crash, not accepting connections yet), 53300 (too many connections), a socket error
 * or node-postgres's lost-connection errors. SQLite: a full disk, a read-only file, an I/O error.
 */
export function databaseUnavailable(err: unknown): string | null {
  if (!err || typeof err !== 'object') return null;
  const { code, message, errors } = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (SQLITE_DOWN.test(code)) return code;
    if (SOCKET_DOWN.has(code)) return code;
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300')
      return `SQLSTATE ${code}`;
  }
  if (typeof message === 'string' && PG_DOWN_MESSAGES.some((m) => message.startsWith(m)))
    return message.slice(0, 80);
  // Connecting to a host with several addresses fails with one error per address.
  if (Array.isArray(errors))
    for (const e of errors) if (databaseUnavailable(e)) return databaseUnavailable(e);
  return null;
}

/** How long a failed write marks the database down when no write succeeds after it. */
export const DB_WRITE_FAILURE_MEMORY_MS = 30_000;

/**
 * Whether writes reach the database, as the last of them found: a query refused as unavailable marks the
 * database down until a write succeeds, or for DB_WRITE_FAILURE_MEMORY_MS (a disk that has room again shows
 * as healthy without waiting for a write; one still full is marked again by the next write). A SQLite file
 * that turned read-only or whose disk is full still answers reads, so only a write can tell; health reports it.
 */
export class DatabaseWrites {
  private failure: { reason: string; atMs: number } | null = null;
  /**
   * When the database last finished work for anyone: a pooled PostgreSQL connection given back without an
   * error (a query or a whole transaction done). 0 until then, and on SQLite, whose queries never queue for a pool.
   */
  answeredAtMs = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  answered(): void {
    this.answeredAtMs = this.clock();
  }

  failed(reason: string): void {
    this.failure = { reason, atMs: this.clock() };
  }

  succeeded(): void {
    this.failure = null;
  }

  /** The reason of the last failure while it is recent and no write has succeeded since, else null. */
  down(): string | null {
    const f = this.failure;
    return f && this.clock() - f.atMs < DB_WRITE_FAILURE_MEMORY_MS ? f.reason : null;
  }
}
