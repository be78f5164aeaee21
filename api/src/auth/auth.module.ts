import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '@veredicto/config';
import { MailModule } from '@veredicto/mail';
import { RateLimitsModule } from '../rate-limits/rate-limits.module.js';
import { AuthTokenService } from './auth-token.service.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { OptionalAuthGuard } from './optional-auth.guard.js';
import { TOKEN_ALGORITHM, TOKEN_LIFETIME_SECONDS } from './token-claims.js';

@Module({
  imports: [
    MailModule,
    RateLimitsModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: TOKEN_ALGORITHM, expiresIn: TOKEN_LIFETIME_SECONDS },
        verifyOptions: { algorithms: [TOKEN_ALGORITHM] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, AuthTokenService, AuthGuard, OptionalAuthGuard],
  exports: [AuthTokenService, AuthGuard, OptionalAuthGuard],
})
export class AuthModule {}
