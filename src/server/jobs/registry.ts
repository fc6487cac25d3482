// Every kind of job the worker runs. A module declares its jobs with
// `defineJob` and adds them here.
import { dailyDigestEmailJob, newTestimonialsEmailJob } from '../modules/notifications/service.js';
import {
  deliverWebhookJob,
  endpointDisabledEmailJob,
  resendWebhookJob,
} from '../modules/webhooks/jobs.js';
import { sendReminderJob, sendRequestJob } from '../modules/requests/jobs.js';
import { fetchImportedPhotoJob } from '../modules/imports/jobs.js';
import { syncReviewSourceJob } from '../modules/review-sources/jobs.js';
import { runnable } from './worker.js';

export const registeredJobs = [
  runnable(newTestimonialsEmailJob),
  runnable(dailyDigestEmailJob),
  runnable(deliverWebhookJob),
  runnable(resendWebhookJob),
  runnable(endpointDisabledEmailJob),
  runnable(sendRequestJob),
  runnable(sendReminderJob),
  runnable(fetchImportedPhotoJob),
  runnable(syncReviewSourceJob),
];
