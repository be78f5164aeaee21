import { accessLogSerializers } from './access-log.js';

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
