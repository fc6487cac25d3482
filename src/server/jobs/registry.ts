// Every kind of job the worker runs. A module declares its jobs in its own
// `jobs.ts` with `defineJob` and adds them here.
import { runnable } from './worker.js';

export const registeredJobs = [].map(runnable);
