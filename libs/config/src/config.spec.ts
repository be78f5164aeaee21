import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, configProblems, loadConfig } from './config.js';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/veredicto',
  JWT_SECRET: 'x'.repeat(40),
  ADMIN_PASSWORD: 'una-clave-larga-y-segura',
};

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig(valid);
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.queueBackend).toBe('postgres');
    expect(config.SCRAPER_ALLOWED_HOSTS).toEqual([]);
    expect(config.SITE_NAME).toBe('Veredicto');
  });

  it('chooses Redis when REDIS_URL is set and splits the allow-list', () => {
    const config = loadConfig({
      ...valid,
      REDIS_URL: 'redis://127.0.0.1:6379',
      SCRAPER_ALLOWED_HOSTS: '127.0.0.1, localhost',
      PUBLIC_URL: 'https://veredicto.es/',
    });
    expect(config.queueBackend).toBe('redis');
    expect(config.SCRAPER_ALLOWED_HOSTS).toEqual(['127.0.0.1', 'localhost']);
    expect(config.PUBLIC_URL).toBe('https://veredicto.es');
  });

  it('lists every bad key at once', () => {
    try {
      loadConfig({ PORT: 'abc', JWT_SECRET: 'short', REDIS_URL: 'http://nope' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const keys = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(keys).toEqual(
        expect.arrayContaining(['PORT', 'DATABASE_URL', 'JWT_SECRET', 'ADMIN_PASSWORD', 'REDIS_URL']),
      );
    }
  });

  it('asks the workers only for what they read: no JWT_SECRET or ADMIN_PASSWORD', () => {
    const config = loadConfig(
      { DATABASE_URL: valid.DATABASE_URL, JWT_SECRET: 'short', WORKER_CONCURRENCY: '2' },
      'workers',
    );
    expect(config.WORKER_CONCURRENCY).toBe(2);
    expect(config.CHROMIUM_PATH).toBe('/usr/bin/chromium');
    expect(config).not.toHaveProperty('JWT_SECRET');
    expect(config).not.toHaveProperty('ADMIN_PASSWORD');
  });

  it('asks the workers for the mail settings: they send the mail jobs', () => {
    expect(() => loadConfig({ DATABASE_URL: valid.DATABASE_URL, SMTP_URL: 'not a url' }, 'workers')).toThrow(
      ConfigError,
    );
    const config = loadConfig({ DATABASE_URL: valid.DATABASE_URL }, 'workers');
    expect(config).toMatchObject({ SITE_NAME: 'Veredicto', DATA_DIR: '.data' });
  });

  it('takes DKIM with all three settings, the key on one line with \\n, and refuses a partial or bad one', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const dkim = { MAIL_DKIM_DOMAIN: 'veredicto.es', MAIL_DKIM_SELECTOR: 'correo2026' };
    for (const processName of ['api', 'workers'] as const) {
      const config = loadConfig(
        { ...valid, ...dkim, MAIL_DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n') },
        processName,
      );
      expect(config.MAIL_DKIM_PRIVATE_KEY?.trim()).toBe(pem.trim());
    }
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ ...valid, ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      }
    };
    expect(problems(dkim)).toEqual(['MAIL_DKIM_PRIVATE_KEY']);
    expect(problems({ ...dkim, MAIL_DKIM_PRIVATE_KEY: 'no es una clave' })).toEqual([
      'MAIL_DKIM_PRIVATE_KEY',
    ]);
    expect(problems({ ...dkim, MAIL_DKIM_DOMAIN: 'no es un dominio', MAIL_DKIM_PRIVATE_KEY: pem })).toEqual([
      'MAIL_DKIM_DOMAIN',
    ]);
  });

  it("does not validate the workers' settings in the API", () => {
    const config = loadConfig({ ...valid, WORKER_CONCURRENCY: 'many', IGDB_API_URL: 'nope' }, 'api');
    expect(config.JWT_SECRET).toBe(valid.JWT_SECRET);
    expect(config).not.toHaveProperty('WORKER_CONCURRENCY');
  });

  it("lists a worker's bad keys for the workers and the supervisor", () => {
    expect(() =>
      loadConfig({ DATABASE_URL: valid.DATABASE_URL, WORKER_CONCURRENCY: '0' }, 'workers'),
    ).toThrow(ConfigError);
    const keys = configProblems({ ...valid, WORKER_CONCURRENCY: '0', JWT_SECRET: 'short' }).map(
      (problem) => problem.split(':')[0],
    );
    expect(keys.sort()).toEqual(['JWT_SECRET', 'WORKER_CONCURRENCY']);
  });
});
