import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of } from 'rxjs';
import { NoContentWhenAbsentInterceptor } from './no-content-when-absent.interceptor.js';

describe('NoContentWhenAbsentInterceptor', () => {
  const interceptor = new NoContentWhenAbsentInterceptor();

  /** The handler answering `answer`; what the interceptor passes on and the status it set, if any. */
  async function run(answer: unknown) {
    let status: number | undefined;
    const response = { status: (code: number) => (status = code) };
    const context = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ExecutionContext;
    const next: CallHandler = { handle: () => of(answer) };
    return { sent: await lastValueFrom(interceptor.intercept(context, next)), status };
  }

  it.each([null, undefined])('answers 204 with no body for %s', async (answer) => {
    expect(await run(answer)).toEqual({ sent: undefined, status: 204 });
  });

  it.each([{ score: 0 }, [], 0, false, ''])('passes %j on with the route status', async (answer) => {
    expect(await run(answer)).toEqual({ sent: answer, status: undefined });
  });
});
