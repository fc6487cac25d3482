// Files under DATA_DIR/objects. Writes go to a temporary file renamed into
// place, so a reader never sees half an object.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
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
    kind: 'disk',
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
    size: (key) => sizeOf(fileOf(key)),
    async readUpTo(key, maxBytes) {
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const buffer = Buffer.alloc(maxBytes + 1);
        let filled = 0;
        while (filled < buffer.length) {
          const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return buffer.subarray(0, filled);
      } finally {
        await handle.close();
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    presignPut: async () => null,
    close() {},
  };
}
