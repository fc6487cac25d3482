// Every kind of job the worker runs. A module declares its jobs with
// `defineJob` and adds them here.
import { newTestimonialsEmailJob } from '../modules/notifications/service.js';
import { sendReminderJob, sendRequestJob } from '../modules/requests/jobs.js';
import { runnable } from './worker.js';

export const registeredJobs = [
  runnable(newTestimonialsEmailJob),
  runnable(sendRequestJob),
  runnable(sendReminderJob),
];
