// Business profile and sign-in details (docs/product/business.md#calls): create and update the
// business, change email and password, with the toasts of docs/product/messages.md#business.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeEmail, changePassword } from '../../../shared/contracts/auth';
import {
  createBusiness,
  setBusinessLogo,
  updateBusiness,
} from '../../../shared/contracts/business';
import type { ChangeEmailInput, ChangePasswordInput } from '../../../shared/schemas/auth';
import type { CreateBusinessInput, UpdateBusinessInput } from '../../../shared/schemas/business';
import { toast } from '../../components/ui/toast';
import { ApiError, call, getErrorMessage, NETWORK_FAILURE_STATUS } from '../../lib/api';
import { businessQueries, sessionQueries } from '../../lib/session';
import { UploadError, uploadImage, uploadMessages } from '../../lib/uploads';

const businessKey = businessQueries.mine().queryKey;
const currentUserKey = sessionQueries.currentUser().queryKey;

export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBusinessInput) => call(createBusiness, { body: input }),
    onSuccess: async (business) => {
      queryClient.setQueryData(businessKey, business);
      await queryClient.invalidateQueries(businessQueries.all());
      toast({
        title: 'Success!',
        description: 'Your business has been set up successfully.',
        variant: 'success',
      });
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to set up business. Please try again.',
        variant: 'destructive',
      });
    },
  });
}

export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBusinessInput) => call(updateBusiness, { body: input }),
    onSuccess: (business) => {
      queryClient.setQueryData(businessKey, business);
      toast({
        title: 'Settings saved',
        description: 'Your business details have been updated.',
        variant: 'success',
      });
    },
    onError: () => {
      toast({
        title: 'Error',
        description: 'Failed to update account settings',
        variant: 'destructive',
      });
    },
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => call(changeEmail, { body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast({
        title: 'Email updated',
        description: `You now sign in with ${user.email}.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      // The server answers 409 CONFLICT when another account has the address, and its one
      // BAD_REQUEST here (schema failures are VALIDATION_ERROR) for a wrong current password.
      const code = error instanceof ApiError ? error.code : undefined;
      const description =
        code === 'CONFLICT'
          ? 'Email is already in use'
          : code === 'BAD_REQUEST'
            ? 'Current password is incorrect'
            : 'Failed to update email';
      toast({ title: 'Error', description, variant: 'destructive' });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => call(changePassword, { body: input }),
    onSuccess: () => {
      toast({
        title: 'Password updated',
        description: 'Your password has been changed.',
        variant: 'success',
      });
    },
    onError: (error) => {
      // The server's one BAD_REQUEST here (schema failures are VALIDATION_ERROR) is a wrong current password.
      const wrongPassword = error instanceof ApiError && error.code === 'BAD_REQUEST';
      toast({
        title: 'Error',
        description: wrongPassword ? 'Current password is incorrect' : 'Failed to update password',
        variant: 'destructive',
      });
    },
  });
}

/**
 * Sets the business logo (docs/product/business.md#calls PUT /api/business/logo): a File is uploaded
 * first; null removes the logo. Failures toast "Update Failed" with the
 * server's (or the upload check's) message.
 */
export function useUpdateLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) => {
      const logoURL = file ? (await uploadImage(file, 'logo')).ref : '';
      return call(setBusinessLogo, { body: { logoURL } });
    },
    onSuccess: async (business, file) => {
      queryClient.setQueryData(businessKey, business);
      await queryClient.invalidateQueries(businessQueries.all());
      toast({
        title: file ? 'Logo updated' : 'Logo removed',
        description: file
          ? 'Your new logo is on your collection page.'
          : 'The first letter of your business name is shown instead.',
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Update Failed',
        description: logoErrorMessage(error),
        variant: 'destructive',
      });
    },
  });
}

const LOGO_FAILED = 'Failed to update logo. Please try again.';

/** The server's (or the file check's) reason, else the generic message; never a raw network error. */
function logoErrorMessage(error: unknown): string {
  if (error instanceof UploadError) {
    return error.message === uploadMessages.failed ? LOGO_FAILED : error.message;
  }
  if (error instanceof ApiError && error.status !== NETWORK_FAILURE_STATUS) {
    return getErrorMessage(error, LOGO_FAILED);
  }
  return LOGO_FAILED;
}
