// The first-week checklist's read (docs/product/business.md#first-week-checklist) and the owner actions it
// counts: copying the collection link, downloading or printing its QR code. Those happen in shared
// components (the dashboard's Quick Actions, the collection link screen, the QR code dialog), so the
// call lives below features/.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { getChecklist, recordCollectionShared } from '../../shared/contracts/dashboard';
import type { CollectionSharedInput } from '../../shared/schemas/dashboard';
import { call, contractQuery, keyOf } from './api';

export const checklistQueries = {
  mine: () => contractQuery(getChecklist, {}),
};

/** Whether the checklist last read from the server already counts the link as shared. */
function knownShared(queryClient: QueryClient): boolean {
  const checklist = queryClient.getQueryData(checklistQueries.mine().queryKey);
  return checklist?.steps.some((step) => step.id === 'share' && step.done) ?? false;
}

/**
 * Tells the server the owner shared the collection link (`how`), then refreshes the checklist wherever
 * it is cached. Only until the step is known done: not once the checklist counts it, nor again from
 * the same control once told. Quiet: a failure only leaves the step unchecked (the next share tells
 * again), the owner's copy or download went through anyway.
 */
export function useRecordCollectionShared() {
  const queryClient = useQueryClient();
  const told = useRef(false);
  return useCallback(
    (how: CollectionSharedInput['how']) => {
      if (told.current || knownShared(queryClient)) return;
      told.current = true;
      call(recordCollectionShared, { body: { how } }).then(
        () => queryClient.invalidateQueries({ queryKey: keyOf(getChecklist), refetchType: 'all' }),
        () => {
          told.current = false;
        },
      );
    },
    [queryClient],
  );
}
