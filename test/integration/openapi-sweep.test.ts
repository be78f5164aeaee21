import 'reflect-metadata';
import pg from 'pg';
import { AdminTokenService } from '../../api/src/admin/admin-token.service.js';
import { MAX_JSON_DEPTH } from '../../api/src/common/json-depth.js';
import { freshIp, userWithToken } from '../support/accounts.js';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { testEnv } from '../support/test-env.js';

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  example?: unknown;
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Probe {
  what: string;
  path: string;
  body?: Buffer | string;
  type?: string;
}

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

/**
 * Requests generated from the API's own OpenAPI document, for every operation, with no token, a garbage
 * one, a crítico's and an admin's: over-deep JSON, wrong types, missing and extra fields, huge strings,
 * odd encodings, malformed JSON, wrong content types and broken percent-escapes in the path. Not one may
 * answer a 5xx or leak a stack trace or a file path.
 */
describe('the OpenAPI-driven sweep', () => {
  let api: TestApi;
  let db: pg.Client;
  let document: OpenApiDocument;

  beforeAll(async () => {
    api = await startTestApi('postgres');
    db = new pg.Client({ connectionString: testEnv().databaseUrl });
    await db.connect();
    const response = await fetch(`${api.baseUrl}/api/docs/openapi.json`);
    document = (await response.json()) as OpenApiDocument;
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await db?.end();
  }, 30_000);

  const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
  // Operations that end the session they are called with go last, so they do not spoil the others' tokens.
  const ENDS_SESSION = /logout|delete-account|password|update-profile|admin\/session/;

  function operations() {
    const list: { method: string; template: string; operation: Operation }[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        if (item[method]) list.push({ method: method.toUpperCase(), template, operation: item[method] });
      }
    }
    return list.sort((a, b) => Number(ENDS_SESSION.test(a.template)) - Number(ENDS_SESSION.test(b.template)));
  }

  const resolve = (schema: Schema | undefined): Schema => {
    if (!schema?.$ref) return schema ?? {};
    return resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!]);
  };

  /** A value the schema accepts as far as its type goes (its example when it has one). */
  function sample(schema: Schema | undefined): unknown {
    const resolved = resolve(schema);
    if (resolved.example !== undefined) return resolved.example;
    if (resolved.enum?.length) return resolved.enum[0];
    switch (resolved.type) {
      case 'integer':
      case 'number':
        return Math.max(1, resolved.minimum ?? 1);
      case 'boolean':
        return true;
      case 'array':
        return [sample(resolved.items)];
      case 'object':
        return Object.fromEntries(
          Object.entries(resolved.properties ?? {}).map(([name, property]) => [name, sample(property)]),
        );
      default:
        return 'texto-valido'.padEnd(resolved.minLength ?? 0, 'x');
    }
  }

  const WRONG_VALUES: unknown[] = [
    null,
    0,
    -1,
    1.5,
    1e308,
    true,
    '',
    'ñandú €',
    '\u202e\ufeff\ud83d\ude00',
    [],
    [1, 2],
    {},
    { $gt: 0 },
    'x'.repeat(60_000),
  ];
  const BROKEN_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF', '%2e%2e', 'abc', '-1', '1e999', '0x10'];
  const QUERY_VALUES = ['%', '%zz', '%FF', 'x'.repeat(5000), '-1', 'abc', '1e999'];

  function fillPath(template: string, parameters: Parameter[], override?: [string, string]): string {
    return template.replace(/\{([^}]+)\}/g, (_all, name: string) => {
      if (override && override[0] === name) return override[1];
      const schema = resolve(parameters.find((parameter) => parameter.name === name)?.schema);
      return schema.type === 'integer' || schema.type === 'number' ? '1' : 'news';
    });
  }

  function probesFor(template: string, operation: Operation): Probe[] {
    const parameters = operation.parameters ?? [];
    const path = fillPath(template, parameters);
    const probes: Probe[] = [{ what: 'plain', path }];
    for (const parameter of parameters.filter((candidate) => candidate.in === 'path')) {
      for (const segment of BROKEN_SEGMENTS) {
        probes.push({
          what: `path ${parameter.name}=${segment}`,
          path: fillPath(template, parameters, [parameter.name, segment]),
        });
      }
    }
    for (const parameter of parameters.filter((candidate) => candidate.in === 'query')) {
      for (const value of QUERY_VALUES) {
        probes.push({ what: `query ${parameter.name}`, path: `${path}?${parameter.name}=${value}` });
      }
      probes.push({ what: `query ${parameter.name}[]`, path: `${path}?${parameter.name}[]=1` });
      probes.push({
        what: `query ${parameter.name} twice`,
        path: `${path}?${parameter.name}=1&${parameter.name}=2`,
      });
    }
    const json = operation.requestBody?.content['application/json'];
    if (!json) return probes;

    const valid = sample(json.schema) as Record<string, unknown>;
    const body = (value: unknown, what: string): Probe => ({
      what,
      path,
      body: JSON.stringify(value),
      type: 'application/json',
    });
    probes.push(body(valid, 'valid body'));
    probes.push(body({ ...valid, extra: 'campo', __proto__: { admin: true } }, 'extra fields'));
    for (const name of Object.keys(resolve(json.schema).properties ?? {})) {
      const { [name]: _missing, ...rest } = valid;
      probes.push(body(rest, `without ${name}`));
      for (const wrong of WRONG_VALUES) {
        probes.push(body({ ...valid, [name]: wrong }, `${name}=${JSON.stringify(wrong).slice(0, 30)}`));
      }
    }
    const text = JSON.stringify(valid);
    probes.push(
      {
        what: 'utf-16',
        path,
        body: Buffer.from(`\ufeff${text}`, 'utf16le'),
        type: 'application/json; charset=utf-16',
      },
      {
        what: 'latin1 bytes',
        path,
        body: Buffer.from(text.replace(/}$/, ',"x":"\xf1\xff"}'), 'latin1'),
        type: 'application/json',
      },
      { what: 'koi8-r', path, body: text, type: 'application/json; charset=koi8-r' },
      { what: 'lone surrogate', path, body: text.replace(/}$/, ',"x":"\\ud800"}'), type: 'application/json' },
      { what: 'truncated', path, body: text.slice(0, -1), type: 'application/json' },
      { what: 'not JSON', path, body: '{"a":}', type: 'application/json' },
      { what: 'empty', path, body: '', type: 'application/json' },
      { what: 'text/plain', path, body: text, type: 'text/plain' },
      { what: 'xml', path, body: '<a/>', type: 'application/xml' },
      { what: 'form', path, body: 'a=%zz&b[]=1', type: 'application/x-www-form-urlencoded' },
      { what: 'multipart', path, body: '--x\r\n\r\n', type: 'multipart/form-data; boundary=x' },
      { what: 'no type', path, body: text },
      { what: 'gzip lie', path, body: text, type: 'application/json' },
    );
    return probes;
  }

  // fetch takes bytes as a Uint8Array over a plain ArrayBuffer, which a Buffer is not typed as.
  const bodyOf = (body: Buffer | string) => (typeof body === 'string' ? body : Uint8Array.from(body));

  async function send(method: string, probe: Probe, token?: string): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': freshIp() };
    if (token) headers.authorization = `Bearer ${token}`;
    if (probe.type) headers['content-type'] = probe.type;
    if (probe.what === 'gzip lie') headers['content-encoding'] = 'gzip';
    const response = await fetch(`${api.baseUrl}${probe.path}`, {
      method,
      headers,
      body: method === 'GET' || probe.body === undefined ? undefined : bodyOf(probe.body),
    });
    return {
      status: response.status,
      text: await response.text(),
      contentType: response.headers.get('content-type') ?? '',
    };
  }

  const LEAK =
    /at .*\.(js|ts):\d+|\/(work|root|home|tmp|usr)\/|node_modules|dist\/|Error: |Internal server error/i;

  const ENGLISH =
    /unexpected|failed|cannot|request entity|unsupported|invalid|bad request|unauthorized|forbidden|not found|too many|nested/i;

  function problemWith(answer: Answer): string | null {
    if (answer.status >= 500) return `answered ${answer.status}`;
    if (LEAK.test(answer.text)) return 'leaked internals';
    if (answer.status >= 400 && ENGLISH.test(answer.text)) return 'answered in English';
    return null;
  }

  async function tokens(): Promise<[string, string | undefined][]> {
    const user = await userWithToken(api, db);
    const admin = await api.app.get(AdminTokenService).issue();
    return [
      ['anon', undefined],
      ['garbage', 'abc.def.ghi'],
      ['user', user.token],
      ['admin', admin],
    ];
  }

  it('refuses an over-deep JSON body with a 400 on every JSON route, with and without a token', async () => {
    const deep = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const justDeep = `{"a":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`;
    let routes = 0;
    for (const { method, template, operation } of operations()) {
      if (!operation.requestBody?.content['application/json']) continue;
      routes += 1;
      const path = fillPath(template, operation.parameters ?? []);
      for (const [who, token] of await tokens()) {
        const answer = await send(
          method,
          { what: 'deep', path, body: deep, type: 'application/json' },
          token,
        );
        expect({ route: `${method} ${template} as ${who}`, status: answer.status }).toEqual({
          route: `${method} ${template} as ${who}`,
          status: 400,
        });
        expect(JSON.parse(answer.text)).toEqual({
          statusCode: 400,
          message: `El JSON de la petición anida más de ${MAX_JSON_DEPTH} niveles`,
        });
      }
      // At the limit the body is parsed and judged by validation as usual: never a 5xx.
      const atLimit = await send(method, {
        what: 'at limit',
        path,
        body: justDeep,
        type: 'application/json',
      });
      expect(problemWith(atLimit)).toBeNull();
    }
    expect(routes).toBeGreaterThan(12);
  }, 120_000);

  it('answers every generated request without a 5xx or a leak', async () => {
    const problems: string[] = [];
    let requests = 0;
    let operationsSwept = 0;
    for (const { method, template, operation } of operations()) {
      operationsSwept += 1;
      const probes = probesFor(template, operation);
      for (const [who, token] of await tokens()) {
        for (const probe of probes) {
          const answer = await send(method, probe, token);
          requests += 1;
          const problem = problemWith(answer);
          if (problem)
            problems.push(
              `${method} ${template} (${probe.what}) as ${who} ${problem}: ${answer.text.slice(0, 200)}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(operationsSwept).toBeGreaterThan(40);
    expect(requests).toBeGreaterThan(3000);
    expect((await fetch(`${api.baseUrl}/health/ready`)).status).toBe(200);
  }, 600_000);
});
