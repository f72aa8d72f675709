import { CheckIcon, CopyIcon, ExternalLinkIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type EmbedTheme, embedThemes } from '../../../../schema/boards';
import { Button } from '../../../components/ui/button';
import { fieldClassName } from '../../../components/ui/input';
import { segment, segmentRadio, segmentTrack } from '../../../components/ui/segmented';
import { cn } from '../../../lib/utils';
import { suggestedEmbedHeight } from '../embed-height';

/** How long "Copied!" stays on the button. */
const copiedConfirmationMs = 2000;

const themeLabels: Record<EmbedTheme, string> = {
  light: 'Light',
  dark: 'Dark',
  auto: 'Auto',
};

/** Light is the embed's default, so its code needs no theme. */
function embedPath(username: string, theme: EmbedTheme): string {
  return theme === 'light' ? `/embed/@${username}` : `/embed/@${username}?theme=${theme}`;
}

function embedCode(origin: string, username: string, theme: EmbedTheme, height: number): string {
  return `<iframe src="${origin}${embedPath(username, theme)}" width="100%" height="${height}" frameborder="0" title="Up2 board of @${username}"></iframe>`;
}

/** "Copied!" for a moment after `confirm()`, then back to normal. */
function useCopiedConfirmation() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const confirm = () => {
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), copiedConfirmationMs);
  };
  return { copied, confirm };
}

/**
 * The iframe code that puts this board on another site, ready to copy, as tall as the cards of the
 * tab the embed opens on (`firstTabCards`) need.
 */
export function EmbedCodeCard({
  username,
  firstTabCards,
}: {
  username: string;
  firstTabCards: number;
}) {
  const [theme, setTheme] = useState<EmbedTheme>('light');
  const height = suggestedEmbedHeight(firstTabCards);
  const code = embedCode(window.location.origin, username, theme, height);
  const codeId = useId();
  const codeBox = useRef<HTMLTextAreaElement>(null);
  const { copied, confirm } = useCopiedConfirmation();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      confirm();
    } catch {
      // Without clipboard access, selecting the code lets the user copy it themselves.
      codeBox.current?.select();
    }
  };

  return (
    <section aria-labelledby={`${codeId}-heading`} className="space-y-3">
      <h2 id={`${codeId}-heading`} className="text-sm font-semibold text-gray-900">
        Embed
      </h2>
      <fieldset className="space-y-1.5">
        <legend className="text-xs font-medium text-gray-900">Theme</legend>
        <div className={cn(segmentTrack, 'flex-wrap')}>
          {embedThemes.map((choice) => (
            <label key={choice} className={cn(segment, 'px-2.5 py-1 text-xs')}>
              <input
                type="radio"
                name={`${codeId}-theme`}
                value={choice}
                checked={theme === choice}
                onChange={() => setTheme(choice)}
                className={segmentRadio}
              />
              {themeLabels[choice]}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={codeId} className="block text-xs text-gray-600">
        Add your board to any website with this code:
      </label>
      <textarea
        id={codeId}
        ref={codeBox}
        readOnly
        value={code}
        rows={4}
        onFocus={(event) => event.currentTarget.select()}
        className={cn(
          fieldClassName,
          'min-h-20 resize-none break-all rounded-md bg-gray-50 font-mono text-xs',
        )}
      />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" size="sm" onClick={copy}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? 'Copied!' : 'Copy Code'}
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={embedPath(username, theme)} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden />
            Preview
          </a>
        </Button>
      </div>
      <span role="status" className="sr-only">
        {copied ? 'Copied!' : ''}
      </span>
    </section>
  );
}
