import { Injectable } from '@nestjs/common';

/**
 * Whether this API process is stopping (readiness answers 503 from the signal on, see http-drain.ts), or
 * still completing a first start's demo catalogue in the background (503 until it is done: the pages are
 * served, but a probe or a test waiting for readiness gets the whole catalogue).
 */
@Injectable()
export class ServingState {
  private stoppingSince: number | null = null;
  private catalogue: Promise<void> | null = null;

  get completingCatalogue(): boolean {
    return this.catalogue !== null;
  }

  /** Runs `completion` in the background; readiness waits for it (whether it succeeds or not). */
  completeCatalogue(completion: () => Promise<void>): void {
    const running = completion().finally(() => {
      if (this.catalogue === running) this.catalogue = null;
    });
    this.catalogue = running;
  }

  /** Settles once a first start's catalogue is in (at once when there is none to complete). */
  async catalogueCompleted(): Promise<void> {
    await this.catalogue?.catch(() => undefined);
  }

  get stopping(): boolean {
    return this.stoppingSince !== null;
  }

  markStopping(): void {
    this.stoppingSince ??= Date.now();
  }
}
