/** What went wrong while fetching; `retryable` tells the HTTP fetcher and the job queue whether to try again. */
export type FetchErrorCode =
  'http-status' | 'timeout' | 'too-large' | 'too-many-redirects' | 'network' | 'dns' | 'decoding' | 'browser';

const MESSAGES: Record<FetchErrorCode, string> = {
  'http-status': 'El servidor respondió con un estado de error.',
  timeout: 'La página tardó demasiado en responder.',
  'too-large': 'La respuesta supera el tamaño máximo permitido.',
  'too-many-redirects': 'La página redirige demasiadas veces.',
  network: 'No se pudo conectar con el servidor.',
  dns: 'No se pudo resolver el nombre del servidor.',
  decoding: 'No se pudo descomprimir la respuesta del servidor.',
  browser: 'El navegador no pudo cargar la página.',
};

export interface FetchErrorOptions {
  url: string;
  status?: number;
  retryable?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
}

export class FetchError extends Error {
  override readonly name = 'FetchError';
  readonly code: FetchErrorCode;
  readonly url: string;
  /** HTTP status of the final response, when there was one. */
  readonly status: number | undefined;
  readonly retryable: boolean;
  /** Delay asked for by a Retry-After header, already parsed. */
  readonly retryAfterMs: number | undefined;

  constructor(code: FetchErrorCode, options: FetchErrorOptions) {
    const suffix = options.status === undefined ? '' : ` (HTTP ${options.status})`;
    super(`${MESSAGES[code]}${suffix}`, { cause: options.cause });
    this.code = code;
    this.url = options.url;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }
}
