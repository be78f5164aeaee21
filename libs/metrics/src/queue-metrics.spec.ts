import { mergeExpositions } from './queue-metrics.js';

const queueExport = (queue: string, waiting: number) =>
  [
    '# HELP bullmq_job_count Number of jobs in the queue by state',
    '# TYPE bullmq_job_count gauge',
    `bullmq_job_count{queue="${queue}", state="waiting"} ${waiting}`,
    `bullmq_job_count{queue="${queue}", state="delayed"} 1`,
    '# HELP bullmq_job_completed_total Total number of completed jobs',
    '# TYPE bullmq_job_completed_total counter',
    `bullmq_job_completed_total{queue="${queue}"} 7`,
  ].join('\n');

describe('mergeExpositions', () => {
  it('keeps one HELP and TYPE per family and every sample of every queue under it', () => {
    const merged = mergeExpositions([queueExport('averages', 3), queueExport('news', 0)]).split('\n');
    expect(merged.filter((line) => line.startsWith('# TYPE bullmq_job_count'))).toHaveLength(1);
    expect(merged.filter((line) => line.startsWith('# HELP bullmq_job_completed_total'))).toHaveLength(1);
    const countFamily = merged.slice(
      0,
      merged.indexOf('# HELP bullmq_job_completed_total Total number of completed jobs'),
    );
    expect(countFamily).toEqual([
      '# HELP bullmq_job_count Number of jobs in the queue by state',
      '# TYPE bullmq_job_count gauge',
      'bullmq_job_count{queue="averages", state="waiting"} 3',
      'bullmq_job_count{queue="averages", state="delayed"} 1',
      'bullmq_job_count{queue="news", state="waiting"} 0',
      'bullmq_job_count{queue="news", state="delayed"} 1',
    ]);
    expect(merged).toContain('bullmq_job_completed_total{queue="news"} 7');
  });

  it('leaves out an empty export (a queue that could not answer)', () => {
    expect(mergeExpositions(['', queueExport('news', 2)])).toBe(mergeExpositions([queueExport('news', 2)]));
  });
});
