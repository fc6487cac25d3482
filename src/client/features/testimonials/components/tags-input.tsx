// Tags of the edit dialog (docs/product/testimonials.md#testimonials-screen, docs/product/testimonials.md#edit-rules): Enter (or Add) adds the typed tag,
// trimmed; a tag already there in any letter case is ignored; each tag has its
// own remove button.
import { Plus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { tagField, TESTIMONIAL_LIMITS } from '../../../../shared/schemas/testimonials';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

export function TagsInput({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const add = () => {
    const parsed = tagField.safeParse(draft);
    if (!parsed.success) {
      // An empty box is simply nothing to add.
      setProblem(draft.trim() ? (parsed.error.issues[0]?.message ?? null) : null);
      return;
    }
    const tag = parsed.data;
    setDraft('');
    setProblem(null);
    if (value.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
      setNotice(`"${tag}" is already a tag`);
      return;
    }
    if (value.length >= TESTIMONIAL_LIMITS.tagsMax) {
      setProblem(`At most ${TESTIMONIAL_LIMITS.tagsMax} tags`);
      return;
    }
    onChange([...value, tag]);
    setNotice(`Tag "${tag}" added`);
  };

  const remove = (tag: string) => {
    onChange(value.filter((existing) => existing !== tag));
    setNotice(`Tag "${tag}" removed`);
    inputRef.current?.focus();
  };

  const message = problem ?? error;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Tags</Label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={id}
          value={draft}
          placeholder="Type a tag and press Enter"
          maxLength={TESTIMONIAL_LIMITS.tagMax}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          aria-invalid={message ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              // Enter adds a tag here; it must not submit the form.
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} className="px-3">
          <Plus aria-hidden="true" />
          Add
          <span className="sr-only"> tag</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Tags help you find testimonials in search. Duplicates are ignored.
      </p>
      <FieldError id={`${id}-error`} message={message ?? undefined} />
      {value.length > 0 ? (
        <ul aria-label="Current tags" className="flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent py-0.5 pl-2.5 pr-1 text-sm font-medium text-accent-foreground"
            >
              <span className="min-w-0 break-all">{tag}</span>
              <button
                type="button"
                onClick={() => remove(tag)}
                aria-label={`Remove tag ${tag}`}
                className="flex size-6 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-brand-200 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring dark:hover:bg-brand-800"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {notice}
      </p>
    </div>
  );
}
