// One group of photos on the public form (the personal photo, the product
// photos, the before photo, the after photo): each file is checked, shown at
// once from a local preview, uploaded straight away with its progress, and
// can be removed (cancelling its upload). A photo whose upload failed for a
// reason of the moment (a network error, a spent budget, a browser check that
// could not be done) stays, marked, to be tried again; only a file the server
// refused as such leaves. The group reports the references of its finished
// uploads, in order, whenever they change.
import { useCallback, useEffect, useRef, useState } from 'react';
import { type UploadPurpose } from '../../../shared/schemas/uploads';
import { dismissToast, toast } from '../../components/ui/toast';
import { imageFileProblem, isFileRefused, UploadError, uploadMessages } from '../../lib/uploads';

export type PhotoItem = {
  id: string;
  previewUrl: string;
  fileName: string;
  /** `failed`: not uploaded, kept to be tried again. */
  status: 'uploading' | 'uploaded' | 'failed';
  /** 0..1 while uploading. */
  progress: number;
  /** What the form sends for this photo, once uploaded. */
  ref: string | null;
};

/** Sends one file; the live form uploads it, the settings preview only pretends to. */
export type PhotoUploader = (
  file: File,
  purpose: UploadPurpose,
  options: { onProgress: (fraction: number) => void; signal: AbortSignal },
) => Promise<{ ref: string }>;

const tooManyPhotosMessage = (max: number) =>
  max === 1 ? 'Only one photo can be added here.' : `You can add up to ${max} photos.`;

export const photoNotUploadedMessage = 'A photo did not upload. Retry it, or remove it.';

let nextId = 0;
const newId = () => `photo-${Date.now().toString(36)}-${(nextId += 1)}`;

const refsOf = (items: PhotoItem[]) =>
  items.flatMap((item) => (item.status === 'uploaded' && item.ref ? [item.ref] : []));

export function usePhotoGroup({
  purpose,
  max,
  uploader,
  onRefsChange,
}: {
  purpose: UploadPurpose;
  max: number;
  uploader: PhotoUploader;
  onRefsChange: (refs: string[]) => void;
}) {
  const [items, setItems] = useState<PhotoItem[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // The latest list, for callbacks that finish after other changes.
  const itemsRef = useRef<PhotoItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // The picked files, kept until their photo is removed, so a failed upload can be tried again,
  // and the toast that told of the failure, closed once the photo is tried again or removed.
  const picked = useRef(new Map<string, File>());
  const failureToasts = useRef(new Map<string, string | number>());
  const closeFailureToast = useCallback((id: string) => {
    const toastId = failureToasts.current.get(id);
    failureToasts.current.delete(id);
    if (toastId !== undefined) dismissToast(toastId);
  }, []);
  const onRefsChangeRef = useRef(onRefsChange);
  useEffect(() => {
    onRefsChangeRef.current = onRefsChange;
  }, [onRefsChange]);

  const commit = useCallback((update: (items: PhotoItem[]) => PhotoItem[]) => {
    const before = refsOf(itemsRef.current);
    const next = update(itemsRef.current);
    itemsRef.current = next;
    setItems(next);
    const after = refsOf(next);
    if (before.length !== after.length || before.some((ref, index) => ref !== after[index])) {
      onRefsChangeRef.current(after);
    }
  }, []);

  /** Shows `message`, or, while a photo of the group did not upload, says so. */
  const tell = useCallback((message: string | null) => {
    const failed = itemsRef.current.some((each) => each.status === 'failed');
    setProblem(message ?? (failed ? photoNotUploadedMessage : null));
  }, []);

  const forget = useCallback(
    (item: PhotoItem) => {
      picked.current.delete(item.id);
      closeFailureToast(item.id);
      URL.revokeObjectURL(item.previewUrl);
    },
    [closeFailureToast],
  );

  const start = useCallback(
    (item: PhotoItem, file: File) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      const patch = (changes: Partial<PhotoItem>) =>
        commit((list) =>
          list.map((each) => (each.id === item.id ? { ...each, ...changes } : each)),
        );
      uploader(file, purpose, {
        signal: controller.signal,
        onProgress: (progress) => patch({ progress }),
      })
        .then(({ ref }) => patch({ status: 'uploaded', progress: 1, ref }))
        .catch((error: unknown) => {
          if (controller.signal.aborted || (error instanceof UploadError && error.aborted)) return;
          const reason = error instanceof UploadError ? error.message : uploadMessages.failed;
          if (isFileRefused(error)) {
            // The file itself was refused: trying again cannot help, so say why under the photos.
            commit((list) => list.filter((each) => each.id !== item.id));
            forget(item);
            tell(reason);
          } else {
            const toastId = toast({
              title: uploadMessages.failed,
              description: reason === uploadMessages.failed ? undefined : reason,
              variant: 'destructive',
            });
            failureToasts.current.set(item.id, toastId);
            patch({ status: 'failed', progress: 0 });
            tell(null);
          }
        })
        .finally(() => controllers.current.delete(item.id));
    },
    [commit, forget, purpose, tell, uploader],
  );

  /** Uploads a failed photo's file again. */
  const retry = useCallback(
    (id: string) => {
      const item = itemsRef.current.find((each) => each.id === id);
      const file = picked.current.get(id);
      if (item?.status !== 'failed' || !file) return;
      closeFailureToast(id);
      const restarted = { ...item, status: 'uploading' as const, progress: 0 };
      commit((list) => list.map((each) => (each.id === id ? restarted : each)));
      tell(null);
      start(restarted, file);
    },
    [closeFailureToast, commit, start, tell],
  );

  /** Adds the chosen files, as many as there is room for; says why any were left out. */
  const add = useCallback(
    (files: File[]) => {
      let room = max - itemsRef.current.length;
      let message: string | null = null;
      const accepted: { item: PhotoItem; file: File }[] = [];
      for (const file of files) {
        const fileProblem = imageFileProblem(file, purpose);
        if (fileProblem) {
          message = fileProblem;
          continue;
        }
        if (room <= 0) {
          message = tooManyPhotosMessage(max);
          break;
        }
        room -= 1;
        accepted.push({
          file,
          item: {
            id: newId(),
            previewUrl: URL.createObjectURL(file),
            fileName: file.name,
            status: 'uploading',
            progress: 0,
            ref: null,
          },
        });
      }
      tell(message);
      if (accepted.length === 0) return;
      commit((list) => [...list, ...accepted.map(({ item }) => item)]);
      for (const { item, file } of accepted) {
        picked.current.set(item.id, file);
        start(item, file);
      }
    },
    [commit, max, purpose, start, tell],
  );

  const remove = useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      controllers.current.delete(id);
      const item = itemsRef.current.find((each) => each.id === id);
      if (item) forget(item);
      commit((list) => list.filter((each) => each.id !== id));
      tell(null);
    },
    [commit, forget, tell],
  );

  // Leaving the page cancels unfinished uploads and frees the previews.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      for (const item of itemsRef.current) URL.revokeObjectURL(item.previewUrl);
    };
  }, []);

  return {
    items,
    problem,
    add,
    remove,
    retry,
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'failed'),
    full: items.length >= max,
  };
}
