// The public testimonial form (docs/product/collection.md#public-submit-screen, docs/product/collection.md#what-the-form-accepts): exactly the
// fields the business collects, checked with the same schema as the server
// (`buildSubmissionSchema`), photos uploaded as soon as they are chosen. The
// collection link screen shows this very component as its live preview, in
// "preview" mode: nothing is uploaded and nothing is sent. A form under a burst
// asks for a browser check before it takes a testimonial or hands out a
// photo's upload URL, which the send and each upload do on the way
// (../use-browser-check.ts); whatever happens, what the customer typed and the
// photos they picked stay in the form.
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { Controller, FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import type { CollectionFlags } from '../../../../shared/collection-settings';
import { MAX_PRODUCT_PHOTOS, TESTIMONIAL_MIN_LENGTH } from '../../../../shared/constants';
import {
  buildSubmissionSchema,
  HONEYPOT_FIELD,
  REQUEST_TOKEN_FIELD,
  SUBMISSION_PROOF_FIELD,
  submissionLimits,
  type SubmissionData,
  type SubmissionForm,
} from '../../../../shared/schemas/submission';
import { StarRatingInput } from '../../../components/star-rating-input';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { uploadImage, UploadError } from '../../../lib/uploads';
import { submitTestimonial } from '../api';
import type { RequestPrefill } from '../../../../shared/schemas/requests';
import { readSubmissionError } from '../submission-errors';
import { BrowserCheckNotDone, useBrowserCheck } from '../use-browser-check';
import { photoNotUploadedMessage, usePhotoGroup, type PhotoUploader } from '../use-photo-group';
import { BeforeAfterField, ProductPhotosField, SelfieField } from './photo-fields';

const SUBMIT_FAILED_MESSAGE = 'Failed to submit testimonial. Please try again.';
const CHECKING_TEXT = 'Checking your browser...';
const CHECK_EXPLAINED =
  'This form is very busy right now, so your browser does a quick check before it sends your testimonial or photos. It takes a few seconds.';

const defaultValues: SubmissionForm = {
  authorName: '',
  authorEmail: '',
  authorBusinessName: '',
  authorLocation: '',
  content: '',
  rating: null,
  authorImageUrl: null,
  productImageUrls: [],
  beforeImageUrl: null,
  afterImageUrl: null,
  [HONEYPOT_FIELD]: '',
};

/** The preview shows chosen photos from the device and never sends them anywhere. */
const previewUploader: PhotoUploader = (file) =>
  Promise.resolve({
    ref: `preview:${file.name}:${file.size}:${Math.random().toString(36).slice(2)}`,
  });

/** A form opened from a request email's star link (../star-link.ts). */
export type FormRequest = {
  /** Sent with the testimonial; absent once the server said it does not know it. */
  token?: string;
  /** The star clicked; preselected, whatever it is. */
  rating: number | null;
  /** The customer the request was sent to, once the server has said. */
  customer?: RequestPrefill;
};

function Optional() {
  return <span className="font-normal text-muted-foreground">(optional)</span>;
}

export function TestimonialForm({
  slug,
  settings,
  mode = 'live',
  request,
  onSubmitted,
}: {
  slug: string;
  settings: CollectionFlags;
  mode?: 'live' | 'preview';
  request?: FormRequest;
  onSubmitted?: (testimonialId: string) => void;
}) {
  const preview = mode === 'preview';
  const honeypotId = useId();
  const { checking, withCheck } = useBrowserCheck(slug);
  const schema = useMemo(() => buildSubmissionSchema(settings), [settings]);
  const form = useForm<SubmissionForm, unknown, SubmissionData>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;

  // A star link fills in what the customer has not: after hydration, so the
  // server-rendered form and the first client render agree.
  const linkRating = request?.rating ?? null;
  const customer = request?.customer;
  useEffect(() => {
    if (linkRating !== null && settings.collectStarRatings && !getValues('rating')) {
      setValue('rating', linkRating);
    }
  }, [linkRating, settings.collectStarRatings, getValues, setValue]);
  useEffect(() => {
    if (!customer) return;
    if (settings.collectName && customer.name && !getValues('authorName')) {
      setValue('authorName', customer.name);
    }
    if (settings.collectEmail && customer.email && !getValues('authorEmail')) {
      setValue('authorEmail', customer.email);
    }
  }, [customer, settings.collectName, settings.collectEmail, getValues, setValue]);

  const uploader = useMemo<PhotoUploader>(
    () =>
      preview
        ? previewUploader
        : async (file, purpose, options) => {
            try {
              return await withCheck((proof) =>
                uploadImage(file, purpose, { ...options, slug, proof }),
              );
            } catch (error) {
              if (error instanceof BrowserCheckNotDone) throw new UploadError(error.message);
              throw error;
            }
          },
    [preview, slug, withCheck],
  );

  /** Stores a photo field's references; after a first submit, re-checks the fields its rules involve. */
  const setPhotos = (
    name: Path<SubmissionForm>,
    value: string | string[] | null,
    related: Path<SubmissionForm>[] = [name],
  ) => {
    setValue(name, value, { shouldDirty: true });
    if (isSubmitted) void trigger(related);
  };
  const pair: Path<SubmissionForm>[] = ['beforeImageUrl', 'afterImageUrl'];
  const selfie = usePhotoGroup({
    purpose: 'author-image',
    max: 1,
    uploader,
    onRefsChange: (refs) => setPhotos('authorImageUrl', refs[0] ?? null),
  });
  const products = usePhotoGroup({
    purpose: 'product-image',
    max: MAX_PRODUCT_PHOTOS,
    uploader,
    onRefsChange: (refs) => setPhotos('productImageUrls', refs),
  });
  const before = usePhotoGroup({
    purpose: 'before-after-image',
    max: 1,
    uploader,
    onRefsChange: (refs) => setPhotos('beforeImageUrl', refs[0] ?? null, pair),
  });
  const after = usePhotoGroup({
    purpose: 'before-after-image',
    max: 1,
    uploader,
    onRefsChange: (refs) => setPhotos('afterImageUrl', refs[0] ?? null, pair),
  });
  const shownGroups = [
    ...(settings.collectSelfie ? [selfie] : []),
    ...(settings.collectProductPhotos ? [products] : []),
    ...(settings.collectBeforeAfterPhotos ? [before, after] : []),
  ];
  const uploading = shownGroups.some((group) => group.uploading);

  const onValid = async (data: SubmissionData) => {
    if (preview) {
      toast({
        title: 'This is a preview',
        description: 'Customers send testimonials from your collection link.',
      });
      return;
    }
    // A photo the customer picked that did not upload would be left out without a word.
    if (shownGroups.some((group) => group.failed)) {
      toast({
        title: SUBMIT_FAILED_MESSAGE,
        description: photoNotUploadedMessage,
        variant: 'destructive',
      });
      return;
    }
    const honeypot = getValues(HONEYPOT_FIELD) ?? '';
    try {
      const result = await withCheck((proof) =>
        submitTestimonial(slug, {
          ...data,
          [HONEYPOT_FIELD]: honeypot,
          ...(request?.token ? { [REQUEST_TOKEN_FIELD]: request.token } : {}),
          ...(proof === undefined ? {} : { [SUBMISSION_PROOF_FIELD]: proof }),
        }),
      );
      onSubmitted?.(result.testimonial.id);
    } catch (error) {
      if (error instanceof BrowserCheckNotDone) {
        toast({ title: SUBMIT_FAILED_MESSAGE, description: error.message, variant: 'destructive' });
        return;
      }
      const { message, issues } = readSubmissionError(error);
      issues.forEach(({ field, message: fieldMessage }, index) =>
        setError(field, { type: 'server', message: fieldMessage }, { shouldFocus: index === 0 }),
      );
      toast({
        title: SUBMIT_FAILED_MESSAGE,
        description: issues.length === 0 && message ? message : undefined,
        variant: 'destructive',
      });
    }
  };

  const contentLength = useWatch({ control, name: 'content' })?.length ?? 0;
  const s = settings;

  return (
    <FormProvider {...form}>
      {/* Laid out by its own width (container queries): the same on a phone and in the narrow preview. */}
      <form
        noValidate
        className="@container grid gap-6"
        aria-label="Testimonial form"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        {s.collectStarRatings ? (
          <Controller
            control={control}
            name="rating"
            render={({ field, fieldState }) => (
              <div className="grid gap-2">
                <StarRatingInput
                  label={s.starRatingsRequired ? 'Your rating' : 'Your rating (optional)'}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  required={s.starRatingsRequired}
                  invalid={Boolean(fieldState.error)}
                  hint="Tap a star to rate"
                />
                {fieldState.error?.message ? (
                  <p
                    role="alert"
                    className="text-sm font-medium text-destructive dark:text-red-400"
                  >
                    {fieldState.error.message}
                  </p>
                ) : null}
              </div>
            )}
          />
        ) : null}

        <FormField
          label="Your testimonial"
          hint={
            <span className="flex justify-between gap-3">
              <span>At least {TESTIMONIAL_MIN_LENGTH} characters.</span>
              <span className="tabular-nums" aria-hidden="true">
                {contentLength} / {submissionLimits.contentMax}
              </span>
            </span>
          }
          error={errors.content?.message}
        >
          {(controlProps) => (
            <Textarea
              {...controlProps}
              {...register('content')}
              rows={5}
              maxLength={submissionLimits.contentMax}
              aria-required="true"
              placeholder="What did you like? How did it help you?"
            />
          )}
        </FormField>

        {s.collectName || s.collectEmail || s.collectBusinessName || s.collectLocation ? (
          <div className="grid items-start gap-5 @md:grid-cols-2">
            {s.collectName ? (
              <FormField
                label={<>Name {s.nameRequired ? null : <Optional />}</>}
                error={errors.authorName?.message}
              >
                {(controlProps) => (
                  <Input
                    {...controlProps}
                    {...register('authorName')}
                    autoComplete={preview ? 'off' : 'name'}
                    maxLength={submissionLimits.nameMax}
                    aria-required={s.nameRequired || undefined}
                    placeholder="Your name"
                  />
                )}
              </FormField>
            ) : null}
            {s.collectEmail ? (
              <FormField
                label={<>Email {s.emailRequired ? null : <Optional />}</>}
                hint="Never shown publicly."
                error={errors.authorEmail?.message}
              >
                {(controlProps) => (
                  <Input
                    {...controlProps}
                    {...register('authorEmail')}
                    type="email"
                    inputMode="email"
                    autoComplete={preview ? 'off' : 'email'}
                    maxLength={submissionLimits.emailMax}
                    aria-required={s.emailRequired || undefined}
                    placeholder="you@example.com"
                  />
                )}
              </FormField>
            ) : null}
            {s.collectBusinessName ? (
              <FormField
                label={<>Business name {s.businessNameRequired ? null : <Optional />}</>}
                error={errors.authorBusinessName?.message}
              >
                {(controlProps) => (
                  <Input
                    {...controlProps}
                    {...register('authorBusinessName')}
                    autoComplete={preview ? 'off' : 'organization'}
                    maxLength={submissionLimits.businessNameMax}
                    aria-required={s.businessNameRequired || undefined}
                    placeholder="Your company"
                  />
                )}
              </FormField>
            ) : null}
            {s.collectLocation ? (
              <FormField
                label={<>Location {s.locationRequired ? null : <Optional />}</>}
                error={errors.authorLocation?.message}
              >
                {(controlProps) => (
                  <Input
                    {...controlProps}
                    {...register('authorLocation')}
                    autoComplete={preview ? 'off' : 'address-level2'}
                    maxLength={submissionLimits.locationMax}
                    aria-required={s.locationRequired || undefined}
                    placeholder="City, State"
                  />
                )}
              </FormField>
            ) : null}
          </div>
        ) : null}

        {s.collectSelfie ? <SelfieField group={selfie} required={s.selfieRequired} /> : null}
        {s.collectProductPhotos ? (
          <ProductPhotosField group={products} required={s.productPhotosRequired} />
        ) : null}
        {s.collectBeforeAfterPhotos ? (
          <BeforeAfterField before={before} after={after} required={s.beforeAfterPhotosRequired} />
        ) : null}

        {/* A field people never see or fill in: anything in it marks a bot. */}
        <div
          aria-hidden="true"
          className="absolute -left-[10000px] top-auto size-px overflow-hidden"
        >
          <label htmlFor={honeypotId}>Website</label>
          <input
            id={honeypotId}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            {...register(HONEYPOT_FIELD)}
          />
        </div>

        <div className="grid gap-2">
          <Button
            type="submit"
            size="lg"
            className="w-full"
            pending={isSubmitting || uploading}
            pendingText={
              checking ? CHECKING_TEXT : isSubmitting ? 'Submitting...' : 'Uploading photos...'
            }
          >
            <Send aria-hidden="true" />
            Submit Testimonial
          </Button>
          {/* Always there, so a screen reader hears the check start. */}
          <p role="status" className="text-center text-sm text-muted-foreground empty:hidden">
            {checking ? CHECK_EXPLAINED : null}
          </p>
          <p className="text-center text-xs text-muted-foreground">
            Your testimonial is reviewed before it is published.
          </p>
        </div>
      </form>
    </FormProvider>
  );
}
