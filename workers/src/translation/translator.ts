import type { SpanishTextSource } from '@veredicto/db';

/** A translation service's answer that retrying cannot fix (bad key, refused text): the job stops. */
export class TranslationRefusedError extends Error {}

/** English to Spanish, one text at a time; each implementation speaks one service's HTTP API. */
export interface Translator {
  readonly source: Exclude<SpanishTextSource, 'seed'>;
  translate(english: string): Promise<string>;
}

const TIMEOUT_MS = 30_000;

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) {
    const message = `${url} respondió ${response.status}: ${text.slice(0, 200)}`;
    // Rate limits (429) and server errors pass; other client errors will answer the same next time.
    if (response.status >= 400 && response.status < 500 && response.status !== 429)
      throw new TranslationRefusedError(message);
    throw new Error(message);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${url} no respondió JSON`);
  }
}

const endpoint = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** LibreTranslate (and compatible servers): POST /translate {q, source, target, format, api_key}. */
export class LibreTranslateTranslator implements Translator {
  readonly source = 'libretranslate' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey?: string,
  ) {}

  async translate(english: string): Promise<string> {
    const body = (await postJson(endpoint(this.baseUrl, '/translate'), {
      q: english,
      source: 'en',
      target: 'es',
      format: 'text',
      ...(this.apiKey ? { api_key: this.apiKey } : {}),
    })) as { translatedText?: unknown };
    if (typeof body.translatedText !== 'string' || !body.translatedText.trim())
      throw new Error('LibreTranslate: respuesta sin translatedText');
    return body.translatedText.trim();
  }
}

/** DeepL API v2: POST /v2/translate {text: [..], source_lang, target_lang}, key in the Authorization header. */
export class DeepLTranslator implements Translator {
  readonly source = 'deepl' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async translate(english: string): Promise<string> {
    const body = (await postJson(
      endpoint(this.baseUrl, '/v2/translate'),
      { text: [english], source_lang: 'EN', target_lang: 'ES' },
      { Authorization: `DeepL-Auth-Key ${this.apiKey}` },
    )) as { translations?: { text?: unknown }[] };
    const text = body.translations?.[0]?.text;
    if (typeof text !== 'string' || !text.trim())
      throw new Error('DeepL: respuesta sin translations[0].text');
    return text.trim();
  }
}

export interface TranslatorSettings {
  TRANSLATE_URL?: string;
  TRANSLATE_PROVIDER: 'libretranslate' | 'deepl';
  TRANSLATE_API_KEY?: string;
}

/** The configured translator, or null when no service is set (the English text then stays, labelled). */
export function createTranslator(settings: TranslatorSettings): Translator | null {
  if (!settings.TRANSLATE_URL) return null;
  const key = settings.TRANSLATE_API_KEY?.trim() || undefined;
  if (settings.TRANSLATE_PROVIDER === 'deepl') {
    if (!key) throw new Error('TRANSLATE_API_KEY: DeepL needs an authentication key');
    return new DeepLTranslator(settings.TRANSLATE_URL, key);
  }
  return new LibreTranslateTranslator(settings.TRANSLATE_URL, key);
}
