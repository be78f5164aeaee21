import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a request may have changed so far: whether a COMMIT was sent, a statement ran outside a transaction
 * (autocommit: it may have taken effect), or a job was queued. A request whose database connection is lost
 * while this is still false changed nothing for certain (PostgreSQL rolls back an open transaction whose
 * connection ends), so it may be run again; once it is true, the outcome is uncertain and it is not.
 */
export interface WriteLedger {
  mayHaveTakenEffect: boolean;
}

/** The transaction state of one connection, as seen from the statements sent on it. */
export interface ConnectionState {
  inTransaction: boolean;
}

const ledgers = new AsyncLocalStorage<WriteLedger>();

/** Runs `work` with a ledger of its own: every statement and job it causes is noted there. */
export function withWriteLedger<T>(ledger: WriteLedger, work: () => T): T {
  return ledgers.run(ledger, work);
}

/** Notes that the current request (if any) may have changed something: a COMMIT sent, a job queued. */
export function notePossibleEffect(): void {
  const ledger = ledgers.getStore();
  if (ledger) ledger.mayHaveTakenEffect = true;
}

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
const ROLLBACK = /^\s*(rollback|abort)\b(?!\s+to\b)/i;
// Reads, and session settings (a new connection's `set`): they change no stored data.
const READ = /^\s*(select|show|set|reset)\b/i;

/**
 * The decision rule. Updates the connection's state with the statement about to be sent and answers
 * whether, once sent, it may have changed data: a COMMIT always may (its answer can be lost with the
 * connection); so may any statement outside a transaction but a read or a session setting. Statements inside a
 * transaction, BEGIN, ROLLBACK and savepoints change nothing until the COMMIT.
 */
export function statementMayTakeEffect(state: ConnectionState, sql: string): boolean {
  if (BEGIN.test(sql)) {
    state.inTransaction = true;
    return false;
  }
  if (COMMIT.test(sql)) {
    state.inTransaction = false;
    return true;
  }
  if (ROLLBACK.test(sql)) {
    state.inTransaction = false;
    return false;
  }
  return !state.inTransaction && !READ.test(sql);
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes a pooled connection note in the current request's ledger the statements that may take effect. A
 * connection that already reported its loss ('error' or 'end') sends nothing more (pg refuses the query:
 * "not queryable"), so a COMMIT tried on it was never sent and counts as nothing.
 */
export function recordStatementEffects(client: {
  query: Query;
  on(event: 'end' | 'error', listener: () => void): unknown;
}): void {
  const state: ConnectionState = { inTransaction: false };
  let lost = false;
  client.on('error', () => (lost = true));
  client.on('end', () => (lost = true));
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (lost) return query.apply(client, args);
    const [first] = args;
    const sql = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
    // Unknown statements (a cursor, a prepared object) count as effects: the rule errs on the safe side.
    if (typeof sql !== 'string' || statementMayTakeEffect(state, sql)) notePossibleEffect();
    return query.apply(client, args);
  };
}
