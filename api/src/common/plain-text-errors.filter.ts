import { ArgumentsHost, Catch, HttpException, HttpStatus, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { HttpExceptionFilter } from './http-exception.filter.js';

/**
 * For the routes whose error bodies the spec says are plain text (register, profile update, account
 * deletion): validation, conflict and auth errors leave as text. Rate limiting keeps its JSON body, and
 * anything unexpected goes through the global filter (logged, generic message).
 */
@Catch()
export class PlainTextErrorsFilter implements ExceptionFilter {
  private readonly fallback = new HttpExceptionFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (
      response.headersSent ||
      !(exception instanceof HttpException) ||
      exception.getStatus() === HttpStatus.TOO_MANY_REQUESTS ||
      exception.getStatus() >= 500
    ) {
      this.fallback.catch(exception, host);
      return;
    }
    const body = exception.getResponse();
    const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    const message = Array.isArray(raw) ? raw.join('. ') : typeof raw === 'string' ? raw : exception.message;
    response.status(exception.getStatus()).type('text/plain; charset=utf-8').send(message);
  }
}
