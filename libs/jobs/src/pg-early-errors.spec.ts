import pg from 'pg';
import { holdEarlyClientErrors } from './pg-early-errors.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('holdEarlyClientErrors', () => {
  beforeAll(() => holdEarlyClientErrors());

  it('an error emitted before anybody listens does not throw, and reaches the listener attached after', async () => {
    const client = new pg.Client();
    const terminated = new Error('terminating connection due to administrator command');
    expect(() => client.emit('error', terminated)).not.toThrow();
    const received: Error[] = [];
    client.on('error', (error) => received.push(error));
    await nextTurn();
    expect(received).toEqual([terminated]);
  });

  it('an error with a listener is delivered once, as pg delivers it', async () => {
    const client = new pg.Client();
    const received: Error[] = [];
    client.on('error', (error) => received.push(error));
    client.emit('error', new Error('lost'));
    await nextTurn();
    await nextTurn();
    expect(received.map((error) => error.message)).toEqual(['lost']);
  });

  it('an error nobody ever listens for is dropped', async () => {
    const client = new pg.Client();
    expect(() => client.emit('error', new Error('lost'))).not.toThrow();
    await nextTurn();
    expect(client.listenerCount('error')).toBe(1);
  });

  it('a stock pg.Client still throws without a listener (what the process met)', () => {
    const stock = Object.getPrototypeOf(pg.Client) as typeof pg.Client;
    expect(() => new stock().emit('error', new Error('lost'))).toThrow('lost');
  });
});
