// The photo fields of the public form (docs/product/collection.md#photo-rules): the
// personal photo, up to 5 product photos and a before/after pair. Each is a
// fieldset; its problems show as alerts below it, and the form moves focus to
// its add button when it holds the first error.
import { useId, useRef, type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { MAX_PRODUCT_PHOTOS } from '../../../../shared/constants';
import type { SubmissionForm } from '../../../../shared/schemas/submission';
import { Alert } from '../../../components/ui/alert';
import { photoNotUploadedMessage, type usePhotoGroup } from '../use-photo-group';
import { AddPhotoButton, PhotoTile } from './photo-tiles';

type PhotoGroup = ReturnType<typeof usePhotoGroup>;

function Optional() {
  return <span className="font-normal text-muted-foreground">(optional)</span>;
}

function PhotoFieldset({
  legend,
  required,
  aside,
  hint,
  messages,
  alertId,
  children,
}: {
  legend: string;
  required: boolean;
  aside?: ReactNode;
  hint?: string;
  messages: (string | null | undefined)[];
  alertId: string;
  children: ReactNode;
}) {
  const shown = [...new Set(messages.filter((message): message is string => Boolean(message)))];
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 text-sm font-medium leading-none text-foreground">
        {legend} {required ? null : <Optional />}
      </legend>
      {hint || aside ? (
        <div className="flex items-start justify-between gap-3 text-xs text-muted-foreground">
          {hint ? <p>{hint}</p> : null}
          {aside}
        </div>
      ) : null}
      {children}
      {shown.length > 0 ? (
        <div id={alertId} className="grid gap-2">
          {shown.map((message) => (
            <Alert key={message}>{message}</Alert>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

/** Whether the add button is marked invalid: a photo that did not upload is told of, but is not its fault. */
const addButtonInvalid = (messages: (string | null | undefined)[]) =>
  messages.some((message) => Boolean(message) && message !== photoNotUploadedMessage);

/** Moves focus to the group's add button once a photo is removed (the remove button is gone). */
function useFocusAfterRemove(group: PhotoGroup) {
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const remove = (id: string) => {
    group.remove(id);
    requestAnimationFrame(() => buttonRef.current?.focus());
  };
  return { buttonRef, remove };
}

export function SelfieField({ group, required }: { group: PhotoGroup; required: boolean }) {
  const { control } = useFormContext<SubmissionForm>();
  const { field, fieldState } = useController({ control, name: 'authorImageUrl' });
  const alertId = useId();
  const { buttonRef, remove } = useFocusAfterRemove(group);
  const item = group.items[0];
  const messages = [fieldState.error?.message, group.problem];
  const invalid = addButtonInvalid(messages);
  return (
    <PhotoFieldset
      legend="Personal photo"
      required={required}
      hint="A photo of you helps others trust your testimonial."
      messages={messages}
      alertId={alertId}
    >
      {item ? (
        <div className="w-28">
          <PhotoTile
            item={item}
            label="Personal photo"
            round
            onRemove={() => remove(item.id)}
            onRetry={() => group.retry(item.id)}
          />
        </div>
      ) : (
        <AddPhotoButton
          label="Add your photo"
          round
          tileClassName="w-28"
          capture="user"
          cameraLabel="Take a selfie"
          onFiles={group.add}
          buttonRef={(element) => {
            buttonRef.current = element;
            field.ref(element);
          }}
          invalid={invalid}
          describedBy={invalid ? alertId : undefined}
        />
      )}
    </PhotoFieldset>
  );
}

export function ProductPhotosField({ group, required }: { group: PhotoGroup; required: boolean }) {
  const { control } = useFormContext<SubmissionForm>();
  const { field, fieldState } = useController({ control, name: 'productImageUrls' });
  const alertId = useId();
  const { buttonRef, remove } = useFocusAfterRemove(group);
  const messages = [fieldState.error?.message, group.problem];
  const invalid = addButtonInvalid(messages);
  return (
    <PhotoFieldset
      legend="Product photos"
      required={required}
      aside={
        <span className="shrink-0 tabular-nums">
          {group.items.length} / {MAX_PRODUCT_PHOTOS}
        </span>
      }
      hint={`Add up to ${MAX_PRODUCT_PHOTOS} photos of what you bought or the work done.`}
      messages={messages}
      alertId={alertId}
    >
      <ul className="grid grid-cols-3 gap-3 @md:grid-cols-4" aria-label="Product photos">
        {group.items.map((item, index) => (
          <li key={item.id}>
            <PhotoTile
              item={item}
              label={`Product photo ${index + 1}`}
              onRemove={() => remove(item.id)}
              onRetry={() => group.retry(item.id)}
            />
          </li>
        ))}
        {group.full ? null : (
          <li>
            <AddPhotoButton
              label={group.items.length === 0 ? 'Add photos' : 'Add more'}
              accessibleName={
                group.items.length === 0 ? 'Add photos of the product' : 'Add more product photos'
              }
              multiple
              onFiles={group.add}
              buttonRef={(element) => {
                buttonRef.current = element;
                field.ref(element);
              }}
              invalid={invalid}
              describedBy={invalid ? alertId : undefined}
            />
          </li>
        )}
      </ul>
    </PhotoFieldset>
  );
}

export function BeforeAfterField({
  before,
  after,
  required,
}: {
  before: PhotoGroup;
  after: PhotoGroup;
  required: boolean;
}) {
  const { control } = useFormContext<SubmissionForm>();
  const beforeField = useController({ control, name: 'beforeImageUrl' });
  const afterField = useController({ control, name: 'afterImageUrl' });
  const alertId = useId();
  const beforeFocus = useFocusAfterRemove(before);
  const afterFocus = useFocusAfterRemove(after);
  const messages = [
    beforeField.fieldState.error?.message,
    afterField.fieldState.error?.message,
    before.problem,
    after.problem,
  ];
  const slots = [
    { name: 'Before', group: before, field: beforeField, focus: beforeFocus },
    { name: 'After', group: after, field: afterField, focus: afterFocus },
  ] as const;
  return (
    <PhotoFieldset
      legend="Before & after photos"
      required={required}
      hint="Show the difference: add both photos, or neither."
      messages={messages}
      alertId={alertId}
    >
      <div className="grid grid-cols-2 gap-3 @md:grid-cols-4">
        {slots.map(({ name, group, field, focus }) => {
          const item = group.items[0];
          const invalid = Boolean(field.fieldState.error) || Boolean(group.problem);
          return (
            <div key={name} className="grid content-start gap-1.5">
              <span className="text-xs font-semibold text-muted-foreground" aria-hidden="true">
                {name}
              </span>
              {item ? (
                <PhotoTile
                  item={item}
                  label={`${name} photo`}
                  onRemove={() => focus.remove(item.id)}
                  onRetry={() => group.retry(item.id)}
                />
              ) : (
                <AddPhotoButton
                  label={`Add ${name.toLowerCase()} photo`}
                  onFiles={group.add}
                  buttonRef={(element) => {
                    focus.buttonRef.current = element;
                    field.field.ref(element);
                  }}
                  invalid={invalid}
                  describedBy={invalid ? alertId : undefined}
                />
              )}
            </div>
          );
        })}
      </div>
    </PhotoFieldset>
  );
}
