// Files under DATA_DIR/objects. Writes go to a temporary file renamed into
// place, so a reader never sees half an object.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey } from './keys.js';
import type { ObjectStorage } from './storage.js';

export function createDiskStorage(dataDir: string): ObjectStorage {
  const root = path.join(dataDir, 'objects');
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const sizeOf = async (file: string): Promise<number | null> => {
    try {
      const info = await stat(file);
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, data, { mode: 0o644 });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      const size = await sizeOf(file);
      return size === null ? null : { body: createReadStream(file), size };
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    close() {},
  };
}
