import { WaitingError, type Job } from 'bullmq';
import { dispatch } from './job-handlers.js';

/** A job as dispatch sees it: a name, data, and the hand-back it may ask for. */
const jobNamed = (name: string) => {
  const movedToWait: (string | undefined)[] = [];
  const job = {
    name,
    data: { sourceId: 7 },
    moveToWait: async (token?: string) => {
      movedToWait.push(token);
      return 0;
    },
  } as unknown as Job;
  return { job, movedToWait };
};

describe('dispatch', () => {
  it('hands a job given up through its signal back to the queue, instead of failing it', async () => {
    const { job, movedToWait } = jobNamed('scrape-game');
    const stop = new AbortController();
    const handlers = {
      'scrape-game': async (_payload: unknown, _job: Job, signal: AbortSignal) => {
        stop.abort(new Error('shutdown'));
        signal.throwIfAborted();
      },
    };
    await expect(dispatch(handlers, job, 'token-1', stop.signal)).rejects.toBeInstanceOf(WaitingError);
    expect(movedToWait).toEqual(['token-1']);
  });

  it('lets any other error fail the job as before', async () => {
    const { job, movedToWait } = jobNamed('scrape-game');
    const handlers = {
      'scrape-game': async () => {
        throw new Error('La página tardó demasiado en responder.');
      },
    };
    await expect(dispatch(handlers, job, 'token-1', new AbortController().signal)).rejects.toThrow(
      'La página tardó demasiado',
    );
    expect(movedToWait).toEqual([]);
  });
});
