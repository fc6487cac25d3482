import { BusinessAvatar } from '../../../components/business-avatar';
import { cn } from '../../../lib/utils';

/** The top of the public form: the business's logo (or initial), its name and the welcome message. */
export function CollectionPageHeader({
  name,
  logoUrl,
  welcomeMessage,
  headingLevel = 'h1',
  compact = false,
}: {
  name: string;
  logoUrl: string | null;
  welcomeMessage?: string;
  headingLevel?: 'h1' | 'h2' | 'h3';
  compact?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <header className="flex flex-col items-center text-center">
      <BusinessAvatar
        name={name}
        logoUrl={logoUrl}
        size="lg"
        decorative
        className="shadow-sm ring-4 ring-background"
      />
      <Heading
        className={cn(
          'mt-4 font-extrabold tracking-tight text-balance',
          compact ? 'text-xl' : 'text-2xl sm:text-3xl',
        )}
      >
        {name}
      </Heading>
      {welcomeMessage ? (
        <p className="mt-2 max-w-prose text-pretty whitespace-pre-line text-muted-foreground">
          {welcomeMessage}
        </p>
      ) : null}
    </header>
  );
}
