// The file chooser of the Import screen: one large button that opens the file picker and takes a dropped file
// too. The file input behind it is not reachable on its own; the button is the control people reach.
import { FileUp } from 'lucide-react';
import { useRef, useState, type DragEvent, type Ref } from 'react';
import { cn } from '../../../lib/utils';
import { TEXT } from '../texts';

export function FileDrop({
  onFile,
  busy,
  describedBy,
  buttonRef,
}: {
  onFile: (file: File) => void;
  buttonRef?: Ref<HTMLButtonElement>;
  /** True while a chosen file is read. */
  busy: boolean;
  /** The id of the line that says which exports are read. */
  describedBy?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrag = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        disabled={busy}
        aria-busy={busy}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
        onDragEnter={onDrag}
        onDragOver={onDrag}
        onDragLeave={(event) => {
          // Moving onto the button's own text is no leaving.
          if (!(
            event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)
          ))
            setOver(false);
        }}
        onDrop={onDrop}
        className={cn(
          'grid w-full cursor-pointer justify-items-center gap-2 rounded-xl border-2 border-dashed border-border px-4 py-10 text-center transition-colors',
          'hover:border-primary/60 hover:bg-accent/40 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'disabled:cursor-wait disabled:opacity-70',
          over && 'border-primary bg-accent/60',
        )}
      >
        <FileUp className="size-8 text-brand-text" aria-hidden="true" />
        <span className="font-semibold">
          {busy ? TEXT.reading : over ? TEXT.dropNow : TEXT.dropPrompt}
        </span>
        <span className="text-sm text-muted-foreground">{TEXT.dropHint}</span>
      </button>
      <input
        ref={input}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
