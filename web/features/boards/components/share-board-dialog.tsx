import { CopyIcon, DownloadIcon, Share2Icon } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { qrModules, qrSvg } from '../../../../schema/board-qr';
import { FediverseHandleField } from '../../../components/fediverse-handle-field';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { useSiteOrigin } from '../../../lib/site-origin';

export type ShareBoardDialogProps = {
  username: string;
  displayName: string;
  /** A private board's link leads others to "Board Not Found": the dialog says so. */
  isPrivate?: boolean;
  /** A page of the board to share instead of the board itself: its year in review. */
  year?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back on close: the dialog has no trigger of its own (it loads later). */
  onCloseAutoFocus?: (event: Event) => void;
};

// Pixels per module of the downloaded PNG: about 650 px square, sharp on a printed page.
const pngModulePixels = 16;

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The QR code as a PNG data URL, drawn module by module so its edges stay sharp. */
function pngDataUrl(link: string): string {
  const modules = qrModules(link);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = modules.length * pngModulePixels;
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.fillStyle = 'white';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = 'black';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) {
        context.fillRect(
          x * pngModulePixels,
          y * pngModulePixels,
          pngModulePixels,
          pngModulePixels,
        );
      }
    });
  });
  return canvas.toDataURL('image/png');
}

/** Whether this browser can hand a link to the system's share sheet (phones, Safari, Edge…). */
function canShareLink(link: string): boolean {
  return typeof navigator.share === 'function' && (navigator.canShare?.({ url: link }) ?? true);
}

export function ShareBoardDialog({
  username,
  displayName,
  isPrivate = false,
  year,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ShareBoardDialogProps) {
  const link = `${useSiteOrigin()}/@${username}${year ? `/year/${year}` : ''}`;
  const linkField = useRef<HTMLInputElement>(null);
  const codes = useMemo(() => ({ svg: svgDataUrl(qrSvg(link)), png: pngDataUrl(link) }), [link]);
  const fileName = `up2-${username}${year ? `-${year}` : ''}-qr`;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: link });
    } catch {
      // Without clipboard access, the selected link is one shortcut away from copied.
      linkField.current?.select();
      toast({ title: 'Copy failed', description: 'Select the link and copy it yourself.' });
    }
  };

  const shareLink = async () => {
    try {
      await navigator.share({ title: `${displayName} on Up2`, url: link });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; any other refusal falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copyLink();
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{year ? `Share your ${year}` : 'Share your board'}</DialogTitle>
          <DialogDescription>
            {isPrivate
              ? 'Your board is private: others who open this link see "Board Not Found" until you make it public.'
              : `Anyone with the link or the QR code can see your ${year ? 'year' : 'board'}.`}
          </DialogDescription>
        </DialogHeader>
        <img
          src={codes.svg}
          alt={`QR code of ${link}`}
          width={224}
          height={224}
          className="mx-auto size-56 rounded-md border border-gray-200"
        />
        <Input
          ref={linkField}
          readOnly
          value={link}
          aria-label="Board link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="grid gap-2">
          {canShareLink(link) && (
            <Button type="button" onClick={shareLink}>
              <Share2Icon aria-hidden />
              Share link…
            </Button>
          )}
          <Button
            type="button"
            variant={canShareLink(link) ? 'outline' : 'default'}
            onClick={copyLink}
          >
            <CopyIcon aria-hidden />
            Copy link
          </Button>
          <div className="grid grid-cols-2 gap-2">
            <Button asChild variant="outline">
              <a href={codes.svg} download={`${fileName}.svg`}>
                <DownloadIcon aria-hidden />
                Download SVG
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={codes.png} download={`${fileName}.png`}>
                <DownloadIcon aria-hidden />
                Download PNG
              </a>
            </Button>
          </div>
        </div>
        {/* The board's account, not the year's page: offered where the board is shared. */}
        {!year && <FediverseHandleField username={username} isPrivate={isPrivate} />}
      </DialogContent>
    </Dialog>
  );
}
