import { Global, Module } from '@nestjs/common';
import type { ApiConfig, WorkersConfig } from './config.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Makes the configuration validated at boot injectable with @Inject(APP_CONFIG). */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: ApiConfig | WorkersConfig) {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
