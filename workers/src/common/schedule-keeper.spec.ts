import { SCHEDULES, type JobGateway } from '@veredicto/jobs';
import { isIterationCollision, ScheduleKeeper } from './schedule-keeper.service.js';

/** BullMQ's own message for SchedulerJobIdCollision (finished-errors.js), as upsertJobScheduler throws it. */
const COLLISION = new Error('Cannot create job scheduler iteration - job ID already exists. addJobScheduler');

function gatewayThrowing(error: Error, onCall: number) {
  let calls = 0;
  const declared: string[] = [];
  const enqueued: string[] = [];
  const gateway = {
    queue: () => ({
      upsertJobScheduler: async (id: string) => {
        if (++calls === onCall) throw error;
        declared.push(id);
      },
    }),
    enqueue: async (name: string) => {
      enqueued.push(name);
    },
  } as unknown as JobGateway;
  return { gateway, declared, enqueued };
}

describe('ScheduleKeeper', () => {
  it('starts when a schedule’s next run was already taken (a worker started again within one period)', async () => {
    const { gateway, declared, enqueued } = gatewayThrowing(COLLISION, 1);
    const keeper = new ScheduleKeeper(gateway);
    await keeper.onApplicationBootstrap();
    keeper.onApplicationShutdown();
    // The others are declared, and the start's checks are queued.
    expect(declared).toHaveLength(SCHEDULES.length - 1);
    expect(enqueued).toHaveLength(2);
  });

  it('still fails to start on any other error of the queue', async () => {
    const { gateway } = gatewayThrowing(new Error('connection refused'), 1);
    await expect(new ScheduleKeeper(gateway).onApplicationBootstrap()).rejects.toThrow('connection refused');
    expect(isIterationCollision(COLLISION)).toBe(true);
    expect(isIterationCollision(new Error('job ID already exists'))).toBe(false);
  });
});
