import {
  applyDecorators,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ApiNoContentResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';

/** A handler's null or undefined answer becomes a 204 with no body. */
@Injectable()
export class NoContentWhenAbsentInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((answer: unknown) => {
        if (answer !== null && answer !== undefined) return answer;
        context.switchToHttp().getResponse<Response>().status(204);
        return undefined;
      }),
    );
  }
}

/**
 * On a read of something the user may not have (a status, a rating, a review): 204 when the service answers
 * null, so the controller stays one call. `description` documents the 204 beside the route's other answers;
 * a route that documents none keeps Swagger's default 200 without it.
 */
export const NoContentWhenAbsent = (description?: string) =>
  applyDecorators(
    UseInterceptors(NoContentWhenAbsentInterceptor),
    ...(description === undefined ? [] : [ApiNoContentResponse({ description })]),
  );
