import { encode, type QrCodeGenerateOptions, renderSVG } from 'uqr';

/**
 * How a board's QR code is drawn, the same by the server (`/@username/qr.svg`) and by the share
 * dialog's downloads: medium error correction, so a printed code survives a smudge, and the four
 * modules of quiet border scanners expect around it.
 */
const qrOptions: QrCodeGenerateOptions = { ecc: 'M', border: 4 };

/** The QR code of `link` as an SVG document, one path of dark modules on a white square. */
export function qrSvg(link: string): string {
  return renderSVG(link, qrOptions);
}

/** The QR code of `link` as rows of modules, true where dark, border included. */
export function qrModules(link: string): boolean[][] {
  return encode(link, qrOptions).data;
}
