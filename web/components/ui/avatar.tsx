import { cn } from '../../lib/utils';

type UserAvatarProps = {
  src: string | null | undefined;
  name: string;
  /** Behind the picture and the initial. */
  tint?: string;
  /** Its size (`size-12 text-lg`): every place draws it at its own. */
  className?: string;
};

/** A CSS string for `url()`: a JSON string's escapes are valid CSS escapes. */
function cssUrl(src: string): string {
  return `url(${JSON.stringify(src)})`;
}

/**
 * A person's picture over the first letter of their name. The picture is a background, so one
 * that fails to load (the preset avatar service is out of reach offline) leaves the letter, with
 * no broken-image icon and no script: the page may be read before any script, or never run one.
 */
export function UserAvatar({ src, name, tint = 'bg-violet-100', className }: UserAvatarProps) {
  return (
    <span
      role="img"
      aria-label={name}
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold text-violet-800',
        tint,
        className,
      )}
    >
      <span aria-hidden>{name.trim().charAt(0).toUpperCase() || '?'}</span>
      {src && (
        <span
          aria-hidden
          className="absolute inset-0 bg-cover bg-center"
          style={{ backgroundImage: cssUrl(src) }}
        />
      )}
    </span>
  );
}
