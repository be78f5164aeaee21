import { Injectable } from '@nestjs/common';

/** Whether this API process is stopping: readiness answers 503 from the signal on (see http-drain.ts). */
@Injectable()
export class ServingState {
  private stoppingSince: number | null = null;

  get stopping(): boolean {
    return this.stoppingSince !== null;
  }

  markStopping(): void {
    this.stoppingSince ??= Date.now();
  }
}
