import { Icon, type LucideIconData } from 'lucide-react';
import { createContext, createElement, type ReactNode, use, useId } from 'react';

/**
 * A Lucide icon's stroke, set on its symbol so that the shapes sit in it directly: every `<use>`
 * clones its symbol, and a whole `<svg>` nested inside would be one more element to style and lay
 * out in every clone.
 */
const strokeAttributes = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** The sprite's symbol for an icon, by the icon's name; undefined for an icon it does not hold. */
type Sprite = (name: string | undefined) => string | undefined;

const SpriteContext = createContext<Sprite>(() => undefined);

/**
 * Icons drawn many times on one page (each card's type icon, its Visit Link arrow…) held once each
 * as a `<symbol>` that every drawing refers to with `<use>` (SpriteIcon): a board of thirty cards
 * carries each shape once instead of thirty times, a third fewer bytes and half the elements to
 * parse, style and lay out. Ids are the sprite's own, so two boards on a page never share one.
 */
export function IconSprite({ icons, children }: { icons: LucideIconData[]; children: ReactNode }) {
  const prefix = useId();
  const held = new Map(icons.flatMap((icon) => (icon.name ? [[icon.name, icon] as const] : [])));
  const symbolId: Sprite = (name) => (name && held.has(name) ? `${prefix}${name}` : undefined);
  return (
    <SpriteContext value={symbolId}>
      <svg aria-hidden width="0" height="0" className="absolute">
        {[...held].map(([name, icon]) => (
          <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24" {...strokeAttributes}>
            {icon.node.map(([tag, attributes]) => createElement(tag, attributes))}
          </symbol>
        ))}
      </svg>
      {children}
    </SpriteContext>
  );
}

/** An icon, drawn from the surrounding sprite when it holds it, and whole otherwise. */
export function SpriteIcon({ icon, className }: { icon: LucideIconData; className?: string }) {
  const symbol = use(SpriteContext)(icon.name);
  if (!symbol) return <Icon icon={icon} aria-hidden className={className} />;
  return (
    <svg aria-hidden width="24" height="24" className={className}>
      <use href={`#${symbol}`} />
    </svg>
  );
}
