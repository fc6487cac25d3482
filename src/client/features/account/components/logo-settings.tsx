// The business logo on the account settings screen (docs/product/business.md#account-settings-screen): the current
// logo or first letter, Upload (checked here first, then sent through the one
// upload helper) and Remove.
import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { RECOMMENDED_LOGO_SIZE_PX } from '../../../../shared/constants';
import type { Business } from '../../../../shared/schemas/business';
import { BusinessAvatar } from '../../../components/business-avatar';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useUpdateLogo } from '../api';

const LOGO_HINT = `Recommended ${RECOMMENDED_LOGO_SIZE_PX}x${RECOMMENDED_LOGO_SIZE_PX} or larger. PNG, JPG or SVG, max 5 MB.`;

export function LogoSettings({ business }: { business: Business }) {
  const updateLogo = useUpdateLogo();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  // The chosen file, shown while it uploads.
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!pendingPreview) return;
    return () => URL.revokeObjectURL(pendingPreview);
  }, [pendingPreview]);

  const pending = updateLogo.isPending;
  const removing = pending && updateLogo.variables === null;

  const upload = (file: File) => {
    setPendingPreview(URL.createObjectURL(file));
    updateLogo.mutate(file, { onSettled: () => setPendingPreview(null) });
  };

  return (
    <div className="flex items-center gap-4">
      <div className="relative w-fit">
        <BusinessAvatar
          name={business.name}
          logoUrl={pendingPreview ?? business.logoUrl}
          size="lg"
        />
        {pending ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-background/70">
            <Spinner className="size-6 text-brand-text" />
          </span>
        ) : null}
      </div>
      <div className="grid min-w-0 gap-2">
        <div>
          <p className="text-sm font-medium">Logo</p>
          <p id={hintId} className="text-sm text-muted-foreground">
            {LOGO_HINT}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-describedby={hintId}
            onClick={() => inputRef.current?.click()}
          >
            {pending && !removing ? <Spinner /> : <ImageUp aria-hidden="true" />}
            {pending && !removing
              ? 'Uploading...'
              : business.logoUrl
                ? 'Change logo'
                : 'Upload logo'}
          </Button>
          {business.logoUrl ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={pending}
              onClick={() => updateLogo.mutate(null)}
              className="text-destructive hover:bg-red-50 hover:text-destructive dark:text-red-400 dark:hover:bg-red-950/40"
            >
              {removing ? <Spinner /> : <Trash2 aria-hidden="true" />}
              {removing ? 'Removing...' : 'Remove'}
            </Button>
          ) : null}
        </div>
        <input
          ref={inputRef}
          type="file"
          accept="image/png,image/jpeg,image/svg+xml,image/webp,image/gif,image/avif"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) upload(file);
          }}
        />
      </div>
    </div>
  );
}
