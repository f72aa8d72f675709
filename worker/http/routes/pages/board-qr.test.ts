import { initWasm, Resvg } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createUser } from '../../../test/factories';

beforeAll(async () => {
  await initWasm(resvgWasm);
});

/** What a phone's camera would read: the SVG drawn to pixels, then decoded as a QR code. */
function scan(svg: string): string | undefined {
  const resvg = new Resvg(svg, { fitTo: { mode: 'original' } });
  try {
    const image = resvg.render();
    const decoded = jsQR(new Uint8ClampedArray(image.pixels), image.width, image.height);
    image.free();
    return decoded?.data;
  } finally {
    resvg.free();
  }
}

describe('GET /@username/qr.svg', () => {
  it("answers an SVG QR code that scans as the board's link, cacheable by anyone", async () => {
    const owner = await createUser();
    const response = await call('GET', `/@${owner.username}/qr.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The board's canonical address (APP_URL), whichever host was asked.
    expect(scan(svg)).toBe(`http://localhost:5173/@${owner.username}`);
  });

  it("carries the data policy of what other sites read, not a page's: nothing in it may run", async () => {
    const owner = await createUser();
    const response = await call('GET', `/@${owner.username}/qr.svg`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toContain('script-src');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('serves the same code for the /%40 and mixed-case spellings of the board', async () => {
    const owner = await createUser();
    const canonical = await (await call('GET', `/@${owner.username}/qr.svg`)).text();
    for (const path of [
      `/%40${owner.username}/qr.svg`,
      `/@${owner.username.toUpperCase()}/qr.svg`,
    ]) {
      const response = await call('GET', path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(canonical);
    }
  });

  it('answers 404, kept by no cache, for a private board and for a name no one has', async () => {
    const hidden = await createUser({ isPublic: false });
    for (const path of [`/@${hidden.username}/qr.svg`, '/@nobodyhasthisname/qr.svg']) {
      const response = await call('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(await response.text(), path).not.toContain('<svg');
    }
  });
});
