import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every setting of every process, in one schema; each process validates its own pick (PROCESS_SETTINGS).
 * The names are the ones of docs/CONTRACT.md §7; each has a working default for the embedded run (the
 * supervisor of `npm start` fills DATABASE_URL, JWT_SECRET and ADMIN_PASSWORD before it starts the API).
 */
const optionalUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.url().optional(),
);

/** An optional secret or id where an empty value (a blank line of .env) means unset. */
const optionalText = (minLength = 1) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().min(minLength, `must be at least ${minLength} characters`).optional(),
  );

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** A PEM private key, written on one line of .env with `\n` for its line breaks; checked at boot. */
const optionalPrivateKey = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\\n/g, '\n') : undefined,
  z
    .string()
    .refine(
      (pem) => {
        try {
          createPrivateKey(pem);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be a PEM private key (RSA or Ed25519), its line breaks written as \\n' },
    )
    .optional(),
);

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: z
    .string({ error: 'is required (npm start provides an embedded PostgreSQL when it is unset)' })
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Streaming replicas for anonymous reads, comma-separated; empty: every read on DATABASE_URL. */
  DATABASE_READ_URLS: commaList.refine((urls) => urls.every((url) => /^postgres(ql)?:\/\//.test(url)), {
    message: 'must be postgres:// URLs separated by commas',
  }),
  /** After a user's write, their reads stay on the primary this long (read-your-writes). */
  READ_YOUR_WRITES_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** The API's and the workers' /metrics listeners: internal ports, never behind the public Service. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
  /** When set, a scrape of /metrics must send it as a bearer token. */
  METRICS_TOKEN: optionalText(16),
  /** Shared caches (CDN) keep anonymous answers this long, then serve them stale while refreshing. */
  CDN_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  CDN_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Which CDN's purge API the purge-cdn job calls; none: no purge is queued. */
  CDN_PROVIDER: z.enum(['none', 'cloudflare', 'fastly']).default('none'),
  /** The provider's API base (a test points it at a local fake). */
  CDN_API_URL: optionalUrl,
  CDN_API_TOKEN: optionalText(),
  /** Cloudflare's zone id or Fastly's service id. */
  CDN_ZONE_ID: optionalText(),
  REDIS_URL: optionalUrl.refine((value) => value === undefined || /^rediss?:\/\//.test(value), {
    message: 'must be a redis:// or rediss:// URL',
  }),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,40}$/, 'must be lower-case letters, digits and underscores')
    .default('veredicto'),
  DATA_DIR: z.string().default('.data'),
  JWT_SECRET: z.string({ error: 'is required' }).min(32, 'must be at least 32 characters'),
  ADMIN_PASSWORD: z.string({ error: 'is required' }).min(12, 'must be at least 12 characters'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Veredicto <no-reply@veredicto.local>'),
  /** DKIM signing of every mail (docs/CONTRACT.md §18): all three, or none and the mail goes unsigned. */
  MAIL_DKIM_DOMAIN: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i, 'must be a domain name')
      .optional(),
  ),
  MAIL_DKIM_SELECTOR: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, 'must be a DNS label (letters, digits, - _ .)')
      .optional(),
  ),
  MAIL_DKIM_PRIVATE_KEY: optionalPrivateKey,
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  SCRAPER_ALLOWED_HOSTS: commaList,
  IGDB_CLIENT_ID: z.string().optional(),
  IGDB_CLIENT_SECRET: z.string().optional(),
  IGDB_API_URL: z.url().default('https://api.igdb.com/v4'),
  TWITCH_TOKEN_URL: z.url().default('https://id.twitch.tv/oauth2/token'),
  /**
   * The recent-games discovery job (scrapers of issue 30): finds critic-review pages of recent, upcoming and
   * most-followed games on Metacritic, OpenCritic, IGDB's websites and the registry's outlets. Off unless
   * set to on, like every other call to outside sites.
   */
  REVIEW_DISCOVERY: z.enum(['on', 'off']).default('off'),
  /** The aggregators' addresses (a test points them at a local site). */
  REVIEW_DISCOVERY_METACRITIC_URL: z.url().default('https://www.metacritic.com'),
  REVIEW_DISCOVERY_OPENCRITIC_URL: z.url().default('https://opencritic.com'),
  /** How many weeks after release the discovered pages are read again (twice that while reviews still grow). */
  REVIEW_DISCOVERY_WEEKS: z.coerce.number().int().min(1).max(52).default(6),
  /**
   * The price poll (poll-prices job, docs/CONTRACT.md §20): on = it asks the stores below; off (default) =
   * no store is called and the game page says 'Sin datos de precio'. Off unless set, like every outside call.
   */
  PRICES_POLL: z.enum(['on', 'off']).default('off'),
  /** Steam's Web API (IStoreBrowseService/GetItems); a test points it at a local fake. */
  STEAM_API_URL: z.url().default('https://api.steampowered.com'),
  /** Steam's store, for its review summary in Spanish (`/appreviews/{appid}`); a test points it at a local fake. */
  STEAM_STORE_URL: z.url().default('https://store.steampowered.com'),
  /** Games whose Spanish review summary one poll reads again, the longest unread first (two calls each). */
  STEAM_REVIEWS_PER_RUN: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** Nintendo's eShop price API (`/v1/price`, country ES, 50 nsuids a call); a test points it at a local fake. */
  NINTENDO_PRICE_URL: z.url().default('https://api.ec.nintendo.com'),
  /** Nintendo's European search (`/es/select`), whose Switch games the nsuids are matched from. */
  NINTENDO_SEARCH_URL: z.url().default('https://searching.nintendo-europe.com'),
  /** Microsoft's display catalogue (`/v7.0/products`, market ES, 200 products a call). */
  XBOX_CATALOG_URL: z.url().default('https://displaycatalog.mp.microsoft.com'),
  /** The least time between two calls to one store's host (the poll's politeness). */
  PRICES_REQUEST_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /** Game Pass's lists for Spain (`/sigls/v2`), read by the price poll; a test points it at a local fake. */
  GAMEPASS_URL: z.url().default('https://catalog.gamepass.com'),
  /** Translation service for synopses without Spanish text; unset = the English text stays, labelled. */
  TRANSLATE_URL: optionalUrl,
  TRANSLATE_PROVIDER: z.enum(['libretranslate', 'deepl']).default('libretranslate'),
  TRANSLATE_API_KEY: z.string().optional(),
  /** Synopses queued for translation per sweep (each scrape-catalogue run and each worker start). */
  TRANSLATE_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(200),
  SITE_NAME: z.string().min(1).default('Veredicto'),
  CONTACT_EMAIL: z.email().default('contacto@veredicto.es'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The share of fast, successful requests that get an access line (0 to 1). Failed (4xx, 5xx) and slow
   * requests are always logged; 1 logs every request.
   */
  ACCESS_LOG_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.05),
  /** From how many milliseconds a request counts as slow and is always logged. */
  ACCESS_LOG_SLOW_MS: z.coerce.number().int().min(0).max(600_000).default(300),
  FRONTEND_DIST: z.string().default('frontend/dist'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** The queue families this worker process serves (one Deployment per family in Kubernetes); empty: all. */
  WORKER_QUEUES: commaList.refine(
    (names) =>
      names.every((name) =>
        ['averages', 'scraping', 'news', 'translation', 'events', 'prices'].includes(name),
      ),
    { message: 'must be averages, scraping, news, translation, events and/or prices, separated by commas' },
  ),
  /**
   * On SIGTERM a worker stops taking jobs and lets running ones finish until 4 s before this; then it gives
   * them up (their fetch aborts, the job goes back to the queue) and closes its connections, all within
   * this. Below Kubernetes' default 30 s.
   */
  WORKER_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  /**
   * Under `npm start`, the workers' niceness (0-19): on a machine shared with the API processes their
   * background work yields the cores to the requests people wait for. 0 leaves it as the supervisor's.
   */
  WORKER_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * On SIGTERM the API's readiness turns false, every answer carries `Connection: close`, and after 2 s it
   * stops accepting and waits for the answers in flight; the whole stop stays within this. Kubernetes gives
   * 30 s including the pod's 5 s preStop pause.
   */
  API_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(4000).max(600_000).default(20_000),
  /** How long anonymous catalogue reads are cached in the API process; 0 turns the cache off. */
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Whether the API keeps the catalogue in memory (every game's card, sort values and filter marks: about
   * 90 MB for 194k games) and serves its pages from there; 'false' serves them from the database, by the
   * workers' anchors.
   */
  CATALOGUE_MEMORY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  USER_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /**
   * The proxies whose X-Forwarded-For the API believes (Express's 'trust proxy' list: addresses, CIDR
   * ranges, or loopback / linklocal / uniquelocal). Empty: none, the client is the connection's peer.
   */
  TRUSTED_PROXIES: commaList.refine((entries) => entries.every(isProxyEntry), {
    message: 'must be IP addresses, CIDR ranges, loopback, linklocal or uniquelocal, separated by commas',
  }),
  /**
   * The API documentation (/api/docs): 'public', 'admin' (an admin token is required) or 'off'. Default:
   * public, except with NODE_ENV=production, where it is off.
   */
  API_DOCS: z.enum(['public', 'admin', 'off']).optional(),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * How many API processes `npm start` runs on PORT (the kernel shares the connections out: SO_REUSEPORT);
   * 0: one per CPU core, at most 4. Each holds its own catalogue and search index in memory. Kubernetes
   * runs one per pod and scales by replicas.
   */
  API_PROCESSES: z.coerce.number().int().min(0).max(64).default(0),
});

type Settings = z.infer<typeof envSchema>;
type SettingName = keyof Settings;

/** Settings every process reads: the database, the queues, logging, and the public URL (links, User-Agent). */
const SHARED = [
  'NODE_ENV',
  'PORT',
  'PUBLIC_URL',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'REDIS_URL',
  'QUEUE_PREFIX',
  'LOG_LEVEL',
  // Each process has an internal /metrics listener; the API queues CDN purges, the workers send them.
  'METRICS_HOST',
  'METRICS_TOKEN',
  'CDN_PROVIDER',
] as const satisfies readonly SettingName[];

/**
 * Which settings each process reads, picked from the one schema above: a process validates only these, so the
 * workers are never asked for the API's secrets and the API never for the scrapers' browser.
 */
export const PROCESS_SETTINGS = {
  api: [
    ...SHARED,
    'DATA_DIR',
    'JWT_SECRET',
    'ADMIN_PASSWORD',
    'SMTP_URL',
    'MAIL_FROM',
    'MAIL_DKIM_DOMAIN',
    'MAIL_DKIM_SELECTOR',
    'MAIL_DKIM_PRIVATE_KEY',
    'SCRAPER_ALLOWED_HOSTS',
    'REVIEW_DISCOVERY',
    'SITE_NAME',
    'CONTACT_EMAIL',
    'FRONTEND_DIST',
    'READ_CACHE_TTL_MS',
    'CATALOGUE_MEMORY',
    'API_SHUTDOWN_GRACE_MS',
    'USER_WRITES_PER_MINUTE',
    'TRUSTED_PROXIES',
    'API_DOCS',
    'SEED_DEMO',
    'API_PROCESSES',
    'DATABASE_READ_URLS',
    'READ_YOUR_WRITES_SECONDS',
    'METRICS_PORT',
    'CDN_MAX_AGE_SECONDS',
    'CDN_STALE_SECONDS',
    'ACCESS_LOG_SAMPLE_RATE',
    'ACCESS_LOG_SLOW_MS',
  ],
  workers: [
    ...SHARED,
    'CHROMIUM_PATH',
    'SCRAPER_ALLOWED_HOSTS',
    'IGDB_CLIENT_ID',
    'IGDB_CLIENT_SECRET',
    'IGDB_API_URL',
    'TWITCH_TOKEN_URL',
    'REVIEW_DISCOVERY',
    'REVIEW_DISCOVERY_METACRITIC_URL',
    'REVIEW_DISCOVERY_OPENCRITIC_URL',
    'REVIEW_DISCOVERY_WEEKS',
    'PRICES_POLL',
    'STEAM_API_URL',
    'STEAM_STORE_URL',
    'STEAM_REVIEWS_PER_RUN',
    'NINTENDO_PRICE_URL',
    'NINTENDO_SEARCH_URL',
    'XBOX_CATALOG_URL',
    'PRICES_REQUEST_INTERVAL_MS',
    'GAMEPASS_URL',
    'TRANSLATE_URL',
    'TRANSLATE_PROVIDER',
    'TRANSLATE_API_KEY',
    'TRANSLATE_BATCH_SIZE',
    'WORKER_CONCURRENCY',
    'WORKER_SHUTDOWN_GRACE_MS',
    'WORKER_NICENESS',
    'WORKER_QUEUES',
    'WORKER_METRICS_PORT',
    'CDN_API_URL',
    'CDN_API_TOKEN',
    'CDN_ZONE_ID',
    // The send-mail jobs (libs/mail): SMTP, or the .eml outbox in the data folder.
    'DATA_DIR',
    'SMTP_URL',
    'MAIL_FROM',
    'MAIL_DKIM_DOMAIN',
    'MAIL_DKIM_SELECTOR',
    'MAIL_DKIM_PRIVATE_KEY',
    'SITE_NAME',
    'CONTACT_EMAIL',
  ],
} as const satisfies Record<string, readonly SettingName[]>;

export type ProcessName = keyof typeof PROCESS_SETTINGS;

/** The validated configuration of one process: its settings only, with the derived values. */
export type ConfigOf<P extends ProcessName> = Readonly<
  Omit<Pick<Settings, (typeof PROCESS_SETTINGS)[P][number]>, 'PUBLIC_URL'> & {
    PUBLIC_URL: string;
    queueBackend: 'redis' | 'postgres';
  }
>;

export type ApiConfig = ConfigOf<'api'>;
export type WorkersConfig = ConfigOf<'workers'>;
/** The API's configuration, under the name its modules inject (APP_CONFIG). */
export type AppConfig = ApiConfig;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the settings one process reads; throws a ConfigError that lists every bad key at once. */
export function loadConfig<P extends ProcessName = 'api'>(
  env: NodeJS.ProcessEnv = process.env,
  processName: P = 'api' as P,
): ConfigOf<P> {
  const keys = Object.fromEntries(PROCESS_SETTINGS[processName].map((key) => [key, true as const]));
  const parsed = envSchema.pick(keys as { [K in SettingName]?: true }).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const values = parsed.data as Pick<Settings, (typeof SHARED)[number]> & Partial<Settings>;
  const dkim = ['MAIL_DKIM_DOMAIN', 'MAIL_DKIM_SELECTOR', 'MAIL_DKIM_PRIVATE_KEY'] as const;
  const dkimSet = dkim.filter((key) => values[key]);
  if (dkimSet.length > 0 && dkimSet.length < dkim.length) {
    throw new ConfigError(
      dkim
        .filter((key) => !values[key])
        .map((key) => `${key}: is required with ${dkimSet.join(' and ')} (DKIM needs all three)`),
    );
  }
  // The process that calls the CDN's API needs its credentials once a provider is chosen.
  if (values.CDN_PROVIDER !== 'none' && 'CDN_ZONE_ID' in keys) {
    const missing = (['CDN_API_TOKEN', 'CDN_ZONE_ID'] as const).filter((key) => !values[key]);
    if (missing.length) {
      throw new ConfigError(
        missing.map((key) => `${key}: is required with CDN_PROVIDER=${values.CDN_PROVIDER}`),
      );
    }
  }
  return Object.freeze({
    ...values,
    PUBLIC_URL: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    queueBackend: values.REDIS_URL ? 'redis' : 'postgres',
  }) as unknown as ConfigOf<P>;
}

/** The problems of every process's settings at once (the `npm start` supervisor checks before it starts any). */
export function configProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems = new Set<string>();
  for (const processName of Object.keys(PROCESS_SETTINGS) as ProcessName[]) {
    try {
      loadConfig(env, processName);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      for (const problem of error.problems) problems.add(problem);
    }
  }
  return [...problems];
}

/** Boot helper: prints the list of bad keys and stops the process instead of starting half-configured. */
export function loadConfigOrExit<P extends ProcessName>(
  processName: P,
  env: NodeJS.ProcessEnv = process.env,
): ConfigOf<P> {
  try {
    return loadConfig(env, processName);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`[${processName}] ${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}
