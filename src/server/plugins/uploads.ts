// Makes the object storage and the upload context available as `app.uploads`
// (decorated on the root, so both scopes of app.ts see it), and deletes
// unreferenced uploads every hour (and once at start).
import type { FastifyInstance } from 'fastify';
import { createStorage } from '../adapters/storage/storage.js';
import { depsOf } from '../deps.js';
import type { Config } from '../config.js';
import { DEFAULT_UPLOAD_BUDGETS } from '../modules/uploads/budgets.js';
import { deriveUploadUrlKey } from '../modules/uploads/tokens.js';
import { sweepUnclaimedUploads, type UploadContext } from '../modules/uploads/service.js';
import { HOUR_MS } from '../../shared/time.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadContext;
  }
}

const SWEEP_INTERVAL_MS = HOUR_MS;

export function registerUploads(app: FastifyInstance, config: Config): void {
  const storage = createStorage(config);
  const context: UploadContext = {
    storage,
    urlKey: deriveUploadUrlKey(config.sessionSecret),
    budgets: DEFAULT_UPLOAD_BUDGETS,
  };
  app.decorate('uploads', context);

  const sweep = async () => {
    try {
      const removed = await sweepUnclaimedUploads(depsOf(app));
      if (removed > 0) app.log.info({ removed }, 'deleted unreferenced uploads');
    } catch (error) {
      app.log.warn({ err: error }, 'could not sweep unreferenced uploads');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    storage.close();
  });
}
