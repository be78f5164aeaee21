import { useEffect, useRef } from 'react';
import type { EnqueuedJob, JobStatus } from '../../../lib/types';
import { FINISHED_STATES, useJobStatus } from '../api/use-job-status';
import { describeJob } from '../job-status-text';

interface JobProgressProps {
  job: EnqueuedJob | null;
  onCompleted?: (status: JobStatus) => void;
  onFailed?: (status: JobStatus) => void;
}

/** Polls an enqueued job every second and shows its state and progress until it completes or fails. */
export function JobProgress({ job, onCompleted, onFailed }: JobProgressProps) {
  const { data: status, error } = useJobStatus(job);
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!status || !FINISHED_STATES.has(status.state) || reported.current === status.id) return;
    reported.current = status.id;
    if (status.state === 'completed') onCompleted?.(status);
    else onFailed?.(status);
  }, [status, onCompleted, onFailed]);

  if (!job) return null;
  let text = 'Estado: en cola';
  if (status) text = describeJob(status);
  else if (error) text = 'Estado: desconocido';
  return (
    <p className="job-status" role="status" data-state={status?.state ?? 'pending'}>
      {text}
    </p>
  );
}
