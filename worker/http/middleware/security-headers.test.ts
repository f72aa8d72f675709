import { describe, expect, it } from 'vitest';
import staticHeaders from '../../../web/public/_headers?raw';
import { themeScript } from '../../../web/server';
import { cspHash } from '../../render/csp-hash';

describe('the pages served as static assets', () => {
  it('let the theme script in their head run, named by the hash of its text', async () => {
    const policy = /Content-Security-Policy: (.*)/.exec(staticHeaders)?.[1] ?? '';
    expect(policy).toContain(`script-src 'self' ${await cspHash(themeScript)};`);
  });
});
