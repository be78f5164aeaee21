import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { accessLogLevel, accessLogOptions, accessLogSerializers } from './access-log.js';

describe('access log serialisers', () => {
  it('keep the request line and hide confirmation tokens', () => {
    const line = accessLogSerializers.req({
      id: 7,
      method: 'GET',
      url: '/api/auth/confirm?lang=es&token=abcDEF123_-xyz&token=second',
      remoteAddress: '10.0.0.5',
    });
    expect(line).toEqual({
      id: 7,
      method: 'GET',
      url: '/api/auth/confirm?lang=es&token=[oculto]&token=[oculto]',
      remoteAddress: '10.0.0.5',
    });
  });

  it('leave other query strings alone and log no headers', () => {
    const request = {
      id: 1,
      method: 'GET',
      url: '/api/games/all?page=2&tokenless=1',
      headers: { authorization: 'Bearer secret', cookie: 'a=b' },
    };
    const line = accessLogSerializers.req(request);
    expect(line.url).toBe('/api/games/all?page=2&tokenless=1');
    expect(JSON.stringify(line)).not.toContain('secret');
    expect(accessLogSerializers.res({ statusCode: 404 })).toEqual({ statusCode: 404 });
  });
});

const policy = { sampleRate: 0.1, slowMs: 300 };

describe('accessLogLevel', () => {
  it('always logs failures: 5xx as errors, 4xx as warnings', () => {
    const never = () => 0.99;
    expect(accessLogLevel(policy, 500, 3, never)).toBe('error');
    expect(accessLogLevel(policy, 503, 3, never)).toBe('error');
    expect(accessLogLevel(policy, 404, 3, never)).toBe('warn');
    expect(accessLogLevel(policy, 429, 3, never)).toBe('warn');
  });

  it('always logs slow requests, from the threshold on', () => {
    expect(accessLogLevel(policy, 200, 300, () => 0.99)).toBe('warn');
    expect(accessLogLevel(policy, 304, 1200, () => 0.99)).toBe('warn');
    expect(accessLogLevel(policy, 200, 299, () => 0.99)).toBe('silent');
  });

  it('logs the given share of fast, successful requests', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const levels = Array.from({ length: 10_000 }, () => accessLogLevel(policy, 200, 5, random));
    const logged = levels.filter((level) => level === 'info').length;
    expect(logged).toBeGreaterThan(800);
    expect(logged).toBeLessThan(1200);
    expect(levels.every((level) => level === 'info' || level === 'silent')).toBe(true);
  });

  it('logs every request at a rate of 1 and none of the fast ones at 0', () => {
    expect(accessLogLevel({ sampleRate: 1, slowMs: 300 }, 200, 1, () => 0.999999)).toBe('info');
    expect(accessLogLevel({ sampleRate: 0, slowMs: 300 }, 200, 1, () => 0)).toBe('silent');
  });
});

describe('accessLogOptions', () => {
  it('times each request from its id to its end, and numbers the ids', () => {
    const options = accessLogOptions({ sampleRate: 0, slowMs: 0 });
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    const first = options.genReqId(request, response);
    expect(options.genReqId(request, new ServerResponse(request))).toBe(first + 1);
    // A threshold of 0 ms makes every timed request slow: the start was noted on the response.
    expect(options.customLogLevel(request, response)).toBe('warn');
    expect(options.customLogLevel(request, response, new Error('socket closed'))).toBe('error');
  });
});
