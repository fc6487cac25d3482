// PGlite: the time to create a data directory, and to reopen an existing one.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export async function measurePgliteStart(scratch: string) {
  const dir = path.join(scratch, 'pglite');
  let started = performance.now();
  const created = await PGlite.create(dir);
  const createMs = performance.now() - started;
  await created.close();

  const reopenTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    started = performance.now();
    const reopened = await PGlite.create(dir);
    await reopened.query('select 1');
    reopenTimes.push(performance.now() - started);
    await reopened.close();
  }
  reopenTimes.sort((a, b) => a - b);
  return [
    { name: 'PGlite: create data directory', value: Math.round(createMs), unit: 'ms' },
    {
      name: 'PGlite: reopen existing directory (median of 3)',
      value: Math.round(reopenTimes[1] ?? 0),
      unit: 'ms',
    },
  ];
}
