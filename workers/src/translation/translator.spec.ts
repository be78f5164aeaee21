import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTranslator, DeepLTranslator, TranslationRefusedError } from './translator.js';

/** DeepL API v2's real shapes: JSON body {text, source_lang, target_lang}, key in Authorization. */
describe('translators against local fakes of the services', () => {
  const requests: { url?: string; headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const input = JSON.parse(body) as { text?: string[]; q?: string };
      requests.push({ url: request.url, headers: request.headers, body: input });
      response.writeHead(status, { 'Content-Type': 'application/json' });
      if (status !== 200) return response.end(JSON.stringify({ message: 'Quota exceeded' }));
      if (request.url === '/v2/translate') {
        return response.end(
          JSON.stringify({
            translations: [{ detected_source_language: 'EN', text: `ES(${input.text?.[0]})` }],
          }),
        );
      }
      response.end(JSON.stringify({ translatedText: `es:${input.q}` }));
    });
  });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    requests.length = 0;
    status = 200;
  });

  it('asks DeepL for English to Spanish with its authentication header', async () => {
    const translator = createTranslator({
      TRANSLATE_URL: base,
      TRANSLATE_PROVIDER: 'deepl',
      TRANSLATE_API_KEY: 'clave:fx',
    });
    expect(translator).toBeInstanceOf(DeepLTranslator);
    expect(await translator!.translate('A knight.')).toBe('ES(A knight.)');
    expect(requests).toEqual([
      {
        url: '/v2/translate',
        headers: expect.objectContaining({ authorization: 'DeepL-Auth-Key clave:fx' }),
        body: { text: ['A knight.'], source_lang: 'EN', target_lang: 'ES' },
      },
    ]);
    expect(translator!.source).toBe('deepl');
  });

  it('asks LibreTranslate with its body fields, the key only when there is one', async () => {
    const translator = createTranslator({ TRANSLATE_URL: base, TRANSLATE_PROVIDER: 'libretranslate' });
    expect(await translator!.translate('A knight.')).toBe('es:A knight.');
    expect(requests[0]).toMatchObject({
      url: '/translate',
      body: { q: 'A knight.', source: 'en', target: 'es', format: 'text' },
    });
    expect(requests[0].body).not.toHaveProperty('api_key');
  });

  it('tells a refusal (4xx) from a passing failure (429, 5xx)', async () => {
    const translator = createTranslator({
      TRANSLATE_URL: base,
      TRANSLATE_PROVIDER: 'deepl',
      TRANSLATE_API_KEY: 'k',
    })!;
    status = 403;
    await expect(translator.translate('x')).rejects.toBeInstanceOf(TranslationRefusedError);
    status = 429;
    const busy = translator.translate('x');
    await expect(busy).rejects.toThrow(/429/);
    await expect(busy).rejects.not.toBeInstanceOf(TranslationRefusedError);
    status = 503;
    await expect(translator.translate('x')).rejects.not.toBeInstanceOf(TranslationRefusedError);
  });

  it('is off without TRANSLATE_URL and refuses DeepL without a key', () => {
    expect(createTranslator({ TRANSLATE_PROVIDER: 'libretranslate' })).toBeNull();
    expect(() => createTranslator({ TRANSLATE_URL: base, TRANSLATE_PROVIDER: 'deepl' })).toThrow(
      /TRANSLATE_API_KEY/,
    );
  });
});
