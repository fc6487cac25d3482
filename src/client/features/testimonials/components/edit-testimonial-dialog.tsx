// The edit dialog (docs/product/testimonials.md#testimonials-screen,
// docs/product/testimonials.md#edit-rules): author and text fields checked with testimonialEditFormSchema and
// saved together; photos saved one call at a time; and the "Show business
// name in widget" quick setting.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  testimonialEditFormSchema,
  testimonialStatuses,
  TESTIMONIAL_LIMITS,
  type Testimonial,
  type TestimonialEditForm,
  type TestimonialEditFormInput,
} from '../../../../shared/schemas/testimonials';
import { StarRatingInput } from '../../../components/star-rating-input';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { FieldError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import {
  useShowBusinessName,
  useUpdateTestimonial,
  useWidgetSettings,
  type TestimonialImages,
} from '../api';
import { EditPhotos } from './edit-photos';
import { TagsInput } from './tags-input';

const statusLabels = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;

/** The dialog, opened by `children` (the Edit button). */
export function EditTestimonialDialog({
  testimonial,
  children,
}: {
  testimonial: Testimonial;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="max-w-2xl grid-rows-[auto_minmax(0,1fr)_auto] gap-0 overflow-hidden p-0 sm:max-h-[calc(100dvh-4rem)]">
        <EditTestimonialForm testimonial={testimonial} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <h3 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
      {children}
    </h3>
  );
}

function EditTestimonialForm({
  testimonial,
  onDone,
}: {
  testimonial: Testimonial;
  onDone: () => void;
}) {
  const update = useUpdateTestimonial();
  const formId = useId();
  const [images, setImages] = useState<TestimonialImages>({
    authorImageUrl: testimonial.authorImageUrl,
    productImageUrls: testimonial.productImageUrls,
    beforeImageUrl: testimonial.beforeImageUrl,
    afterImageUrl: testimonial.afterImageUrl,
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TestimonialEditFormInput, unknown, TestimonialEditForm>({
    resolver: zodResolver(testimonialEditFormSchema),
    defaultValues: {
      authorName: testimonial.authorName,
      authorEmail: testimonial.authorEmail ?? '',
      authorLocation: testimonial.authorLocation ?? '',
      content: testimonial.content,
      rating: testimonial.rating,
      status: testimonial.status,
      tags: testimonial.tags,
    },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate({ id: testimonial.id, values }, { onSuccess: onDone }),
  );

  return (
    <>
      <DialogHeader className="border-b border-border pb-4 pl-6 pr-12 pt-6">
        <DialogTitle>Edit Testimonial</DialogTitle>
        <DialogDescription>
          Correct the details or the text, change the status or manage the photos.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-8 overflow-y-auto px-6 py-6">
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="grid gap-8"
        >
          <section className="grid gap-4" aria-label="Author">
            <SectionHeading>Author</SectionHeading>
            <FormField label="Author Name" error={errors.authorName?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...register('authorName')}
                  maxLength={TESTIMONIAL_LIMITS.authorNameMax}
                  autoComplete="off"
                />
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Author Email" error={errors.authorEmail?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...register('authorEmail')}
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    maxLength={TESTIMONIAL_LIMITS.authorEmailMax}
                  />
                )}
              </FormField>
              <FormField label="Location" error={errors.authorLocation?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...register('authorLocation')}
                    autoComplete="off"
                    maxLength={TESTIMONIAL_LIMITS.authorLocationMax}
                  />
                )}
              </FormField>
            </div>
          </section>

          <section className="grid gap-4" aria-label="Testimonial">
            <SectionHeading>Testimonial</SectionHeading>
            <FormField label="Content" error={errors.content?.message}>
              {(control) => (
                <Textarea
                  {...control}
                  {...register('content')}
                  rows={5}
                  maxLength={TESTIMONIAL_LIMITS.contentMax}
                />
              )}
            </FormField>
            <div className="grid items-start gap-4 sm:grid-cols-[1fr_auto]">
              <Controller
                control={control}
                name="rating"
                render={({ field, fieldState }) => (
                  <div className="grid gap-1">
                    <StarRatingInput
                      label="Rating"
                      required
                      value={field.value}
                      onChange={(value) => field.onChange(value ?? 0)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      invalid={Boolean(fieldState.error)}
                      describedBy={fieldState.error ? `${formId}-rating-error` : undefined}
                    />
                    <FieldError id={`${formId}-rating-error`} message={fieldState.error?.message} />
                  </div>
                )}
              />
              <FormField label="Status" error={errors.status?.message} className="sm:w-44">
                {(control) => (
                  <Select {...control} {...register('status')}>
                    {testimonialStatuses.map((status) => (
                      <option key={status} value={status}>
                        {statusLabels[status]}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            </div>
            <Controller
              control={control}
              name="tags"
              render={({ field, fieldState }) => (
                <TagsInput
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message ?? firstTagError(errors.tags)}
                />
              )}
            />
          </section>
        </form>

        <section className="grid gap-4" aria-label="Photos">
          <div className="grid gap-1">
            <SectionHeading>Photos</SectionHeading>
            <p className="text-xs text-muted-foreground">
              Photo changes are saved right away. Images up to 5 MB each.
            </p>
          </div>
          <EditPhotos
            testimonialId={testimonial.id}
            authorName={testimonial.authorName}
            images={images}
            onImages={(changes) => setImages((current) => ({ ...current, ...changes }))}
          />
        </section>

        <section className="grid gap-3" aria-label="Widget display">
          <SectionHeading>Widget display</SectionHeading>
          <ShowBusinessNameSetting />
        </section>
      </div>

      <div className="flex flex-col-reverse gap-2 border-t border-border px-6 py-4 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" form={formId} pending={update.isPending} pendingText="Saving...">
          Save Changes
        </Button>
      </div>
    </>
  );
}

/** A tag's own message (e.g. too long) when the list as a whole has none. */
function firstTagError(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  for (const item of error as Array<{ message?: string } | undefined>) {
    if (item?.message) return item.message;
  }
  return undefined;
}

function ShowBusinessNameSetting() {
  const id = useId();
  const settings = useWidgetSettings(true);
  const toggle = useShowBusinessName();
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border border-border bg-surface p-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>Show business name in widget</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Shows your business name at the top of your testimonial widget. It changes the
          widget&apos;s height: the Widget page then tells you if the code on your website needs a
          new copy.
        </p>
        {settings.isError ? (
          <p className="text-xs text-destructive dark:text-red-400" role="alert">
            Couldn&apos;t load your widget settings.{' '}
            <button
              type="button"
              className="font-medium underline underline-offset-2"
              onClick={() => void settings.refetch()}
            >
              Try again
            </button>
          </p>
        ) : null}
      </div>
      {settings.isPending ? (
        <Skeleton className="h-6 w-11 rounded-full" />
      ) : (
        <Switch
          id={id}
          aria-describedby={`${id}-hint`}
          checked={settings.data?.showBusinessName ?? false}
          disabled={!settings.data || toggle.isPending}
          onCheckedChange={(checked) => toggle.mutate(checked)}
        />
      )}
    </div>
  );
}
