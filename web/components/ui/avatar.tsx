import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/utils';

type UserAvatarProps = {
  src: string | null | undefined;
  name: string;
  /** Behind the picture and the initial. */
  tint?: string;
  /** Its size (`size-12 text-lg`): every place draws it at its own. */
  className?: string;
};

/**
 * A person's picture, or the first letter of their name when there is none or it fails to load
 * (the preset avatar service is out of reach offline, and the board must still look right).
 */
export function UserAvatar({ src, name, tint = 'bg-violet-100', className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn('relative flex shrink-0 overflow-hidden rounded-full', tint, className)}
    >
      {src && <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" />}
      <AvatarPrimitive.Fallback
        delayMs={src ? 300 : 0}
        className="flex size-full items-center justify-center font-semibold text-violet-800"
        aria-label={name}
        role="img"
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
