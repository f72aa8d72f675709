import { themeScript, viewerScript } from '../../web/server';
import { cspHash } from './csp-hash';

let hashes: Promise<string[]> | undefined;

/**
 * The CSP hashes of the inline scripts every page of the web app the Worker renders carries: the
 * built shell's theme script and the viewer script (web/inline-scripts/).
 */
export function appPageScriptHashes(): Promise<string[]> {
  hashes ??= Promise.all([cspHash(themeScript), cspHash(viewerScript)]);
  return hashes;
}
