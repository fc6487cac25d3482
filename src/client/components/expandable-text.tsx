// A long text clamped to a few lines, with a "Show more" / "Show less" button
// (aria-expanded) that appears only when the clamp actually hides something:
// measured on screen, so a short review or a wide screen shows no button.
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

export function ExpandableText({ text, className }: { text: string; className?: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    // Expanded, nothing is hidden: keep the button ("Show less") until collapsed again.
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded, text]);

  return (
    <div className="grid justify-items-start gap-1">
      <p ref={ref} id={id} className={cn(className, !expanded && 'line-clamp-5')}>
        {text}
      </p>
      {overflows ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          aria-expanded={expanded}
          aria-controls={id}
          className="-ml-3 min-h-11"
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
