// PGlite is an embedded database: one process at a time may open a data
// directory, or it is corrupted. Whoever opens it (the server, the
// access-codes command) holds DATA_DIR/db.lock with its process id while it
// does; a second opener is refused with a clear message. A lock left by a
// process that no longer runs (kill -9, a crash) is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DatabaseInUseError extends Error {
  constructor(
    readonly dbDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dbDir} is in use by process ${pid} (probably the running server). ` +
        'PGlite lets one process open it at a time: stop the server, run this again, then start the server.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of a PGlite data directory; answers the function that releases it. */
export function lockPgliteDir(dbDir: string): () => void {
  const file = path.join(path.dirname(dbDir), `${path.basename(dbDir)}.lock`);
  mkdirSync(path.dirname(dbDir), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DatabaseInUseError(dbDir, holder);
      }
      // Left behind by a process that is gone (or by this one, reopening): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dbDir}`);
}
