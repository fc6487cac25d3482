// The calls of the Import screen (docs/product/testimonials.md#import-screen): the check of a file (a dry run), its
// import with the upload's progress, and the latest imports, read again every few seconds while their photos are
// being fetched. ACCESS_REQUIRED re-checks access in lib/query-client.ts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { importFile, listImportRuns } from '../../../shared/contracts/imports';
import type { ImportFormat, ImportMapping } from '../../../shared/import-formats';
import { contractQuery, keyOf, sendFile } from '../../lib/api';
import { refreshTestimonials } from '../../lib/testimonials';
import { CONTENT_TYPES, type FileKind } from './read-file';

/** How often the latest imports are read again while a photo is still being fetched. */
export const RUNS_POLL_MS = 3000;

/** What one call sends: the file, how to read it, and where its testimonials arrive. */
export type ImportRequest = {
  file: File;
  kind: FileKind;
  format: ImportFormat;
  /** Only when the owner changed the format's own columns. */
  mapping?: ImportMapping;
  status: 'pending' | 'approved';
};

function send(request: ImportRequest, dryRun: boolean, onProgress?: (fraction: number) => void) {
  const { file, kind, format, mapping, status } = request;
  return sendFile(
    importFile,
    {
      query: {
        format,
        status,
        dryRun: dryRun ? 'true' : 'false',
        ...(mapping ? { mapping: JSON.stringify(mapping) } : {}),
      },
    },
    file,
    { contentType: CONTENT_TYPES[kind], onProgress },
  );
}

/** The dry run: the report of what the import would do; nothing is stored. */
export function useCheckImport() {
  return useMutation({ mutationFn: (request: ImportRequest) => send(request, true) });
}

/** Where an import is: sending the file (with the fraction sent), then waiting for the server. */
export type ImportProgress = { phase: 'uploading'; fraction: number } | { phase: 'importing' };

/** The import itself, with its progress; the lists of testimonials and of imports are read again after it. */
export function useRunImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<ImportProgress>({ phase: 'uploading', fraction: 0 });
  const mutation = useMutation({
    mutationFn: (request: ImportRequest) => {
      setProgress({ phase: 'uploading', fraction: 0 });
      return send(request, false, (fraction) =>
        setProgress(fraction >= 1 ? { phase: 'importing' } : { phase: 'uploading', fraction }),
      );
    },
    // Not awaited: the result shows at once, the lists follow.
    onSettled: () => {
      void refreshTestimonials(queryClient);
      void queryClient.invalidateQueries({ queryKey: [keyOf(listImportRuns)[0]] });
    },
  });
  return { ...mutation, progress };
}

/** The latest imports, read again every RUNS_POLL_MS while one of them has photos to fetch. */
export function useImportRuns() {
  return useQuery({
    ...contractQuery(listImportRuns, {}),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.photos.done < run.photos.queued)
        ? RUNS_POLL_MS
        : false,
  });
}
