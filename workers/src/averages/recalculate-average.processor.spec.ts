import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { WorkersConfig } from '@veredicto/config';
import { JobName } from '@veredicto/jobs';
import type { CdnPurgeService } from '../cdn/cdn-purge.service.js';
import type { FiguresReconciliationService } from './figures-reconciliation.service.js';
import type { GameFiguresService } from './game-figures.service.js';
import { RecalculateAverageProcessor } from './recalculate-average.processor.js';
import type { UnusualActivityService } from './unusual-activity.service.js';
import type { SimilarGamesService } from '../similar/similar-games.service.js';
import type { PlayerTimesService } from '../diary/player-times.service.js';

describe('the recalculation of a game’s figures', () => {
  it('still recalculates, and logs the error, when the detector of unusual activity fails', async () => {
    const recomputed: number[] = [];
    const figures = {
      recompute: (gameId: number) => {
        recomputed.push(gameId);
        return Promise.resolve({ avUserRatings: 70 });
      },
    } as unknown as GameFiguresService;
    const unusual = {
      detect: () => Promise.reject(new Error('column w.game does not exist')),
    } as unknown as UnusualActivityService;
    const logged: unknown[][] = [];
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
    try {
      const processor = new RecalculateAverageProcessor(
        figures,
        {} as CdnPurgeService,
        {} as FiguresReconciliationService,
        unusual,
        {} as SimilarGamesService,
        {} as PlayerTimesService,
        { WORKER_CONCURRENCY: 1 } as WorkersConfig,
      );
      const handlers = processor.handlers as unknown as Record<
        string,
        (payload: { gameId: number }) => Promise<unknown>
      >;
      const handle = handlers[JobName.RecalculateAverage];
      await expect(handle({ gameId: 7 })).resolves.toEqual({ gameId: 7, avUserRatings: 70 });
      expect(recomputed).toEqual([7]);
      expect(String(logged[0]?.[0])).toContain('juego 7');
      expect(String(logged[0]?.[1])).toContain('column w.game does not exist');
    } finally {
      error.mockRestore();
    }
  });
});
