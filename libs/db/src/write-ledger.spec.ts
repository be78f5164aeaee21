import { EventEmitter } from 'node:events';
import {
  recordStatementEffects,
  statementMayTakeEffect,
  withWriteLedger,
  type WriteLedger,
} from './write-ledger.js';

describe('statementMayTakeEffect (may a write be run again after a lost connection?)', () => {
  it('counts nothing inside a transaction until its COMMIT, which may always have taken effect', () => {
    const state = { inTransaction: false };
    expect(statementMayTakeEffect(state, 'select 1')).toBe(false);
    expect(statementMayTakeEffect(state, 'begin')).toBe(false);
    expect(statementMayTakeEffect(state, 'insert into ratings values ($1)')).toBe(false);
    expect(statementMayTakeEffect(state, 'savepoint trx1')).toBe(false);
    expect(statementMayTakeEffect(state, 'rollback to savepoint trx1')).toBe(false);
    expect(state.inTransaction).toBe(true);
    expect(statementMayTakeEffect(state, 'delete from job_outbox')).toBe(false);
    expect(statementMayTakeEffect(state, 'commit')).toBe(true);
    expect(state.inTransaction).toBe(false);
  });

  it('counts a write outside a transaction (autocommit) but not a read, a setting or a rolled back one', () => {
    const state = { inTransaction: false };
    expect(statementMayTakeEffect(state, ' SELECT * from games')).toBe(false);
    expect(statementMayTakeEffect(state, "set time zone 'UTC'")).toBe(false);
    expect(statementMayTakeEffect(state, 'update games set title = $1')).toBe(true);
    expect(statementMayTakeEffect(state, 'with x as (delete from ratings returning *) select * from x')).toBe(
      true,
    );
    expect(statementMayTakeEffect(state, 'START TRANSACTION')).toBe(false);
    expect(statementMayTakeEffect(state, 'update games set title = $1')).toBe(false);
    expect(statementMayTakeEffect(state, 'rollback')).toBe(false);
    expect(state.inTransaction).toBe(false);
    expect(statementMayTakeEffect(state, 'insert into ratings values ($1)')).toBe(true);
  });
});

describe('recordStatementEffects', () => {
  it("notes in the running request's ledger the statements sent on a connection, and only there", async () => {
    const sent: unknown[] = [];
    const client = new EventEmitter() as EventEmitter & { query: (...args: unknown[]) => unknown };
    client.query = (...args: unknown[]) => sent.push(args[0]);
    recordStatementEffects(client);
    const ledger: WriteLedger = { mayHaveTakenEffect: false };
    await withWriteLedger(ledger, async () => {
      client.query('begin');
      client.query({ text: 'insert into ratings values ($1)' }, [1]);
      await Promise.resolve();
      expect(ledger.mayHaveTakenEffect).toBe(false);
      client.query('commit');
    });
    expect(ledger.mayHaveTakenEffect).toBe(true);
    expect(sent).toEqual(['begin', { text: 'insert into ratings values ($1)' }, 'commit']);

    const other: WriteLedger = { mayHaveTakenEffect: false };
    client.query('update games set title = $1'); // outside any request: nobody's ledger
    withWriteLedger(other, () => client.query('select 1'));
    expect(other.mayHaveTakenEffect).toBe(false);

    // A COMMIT on a connection that already reported its loss is refused by pg, never sent: no effect.
    const late: WriteLedger = { mayHaveTakenEffect: false };
    client.emit('error', new Error('terminating connection due to administrator command'));
    withWriteLedger(late, () => client.query('commit'));
    expect(late.mayHaveTakenEffect).toBe(false);
  });
});
