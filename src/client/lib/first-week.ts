// The first-week checklist's read (docs/product/business.md#first-week-checklist) and the owner actions it
// counts: copying the collection link, downloading or printing its QR code. Those happen in shared
// components (the dashboard's Quick Actions, the collection link screen, the QR code dialog), so the
// call lives below features/.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getChecklist, recordCollectionShared } from '../../shared/contracts/dashboard';
import type { CollectionSharedInput } from '../../shared/schemas/dashboard';
import { call, contractQuery, keyOf } from './api';

export const checklistQueries = {
  mine: () => contractQuery(getChecklist, {}),
};

/**
 * Tells the server the owner shared the collection link (`how`), then refreshes the checklist. Quiet:
 * a failure only leaves the step unchecked, the owner's copy or download went through anyway.
 */
export function useRecordCollectionShared() {
  const queryClient = useQueryClient();
  return useCallback(
    (how: CollectionSharedInput['how']) => {
      call(recordCollectionShared, { body: { how } }).then(
        () => queryClient.invalidateQueries({ queryKey: keyOf(getChecklist) }),
        () => undefined,
      );
    },
    [queryClient],
  );
}
