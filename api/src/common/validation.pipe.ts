import { BadRequestException, ValidationPipe } from '@nestjs/common';

/** Whitelists DTO fields, converts query strings to numbers, and answers 400 with Spanish messages. */
export const createValidationPipe = () =>
  new ValidationPipe({
    whitelist: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const messages = errors.flatMap((error) => Object.values(error.constraints ?? {}));
      return new BadRequestException(messages.length ? messages : ['Parámetros no válidos']);
    },
  });
