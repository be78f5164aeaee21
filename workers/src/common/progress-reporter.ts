import type { JobProgress } from '@veredicto/jobs';

/** How a long job's service reports its progress to the job (the admin screen shows it). */
export type ProgressReporter = (progress: JobProgress) => Promise<void> | void;

/** For callers that do not watch the progress. */
export const noProgress: ProgressReporter = () => undefined;
