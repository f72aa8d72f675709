import { isbot } from 'isbot';
import { countryOf, referrerOf } from '../domain/analytics/insights';
import type { Visit } from '../objects/visit-log';
import { addressKey, clientAddressOf } from '../platform/client-address';

/**
 * Who made a request, as a visit of the board (or of `blockId`'s link) at this moment; null for a
 * known bot or crawler, which never counts. A view also notes where it came from (insights.ts).
 */
export function visitOf(request: Request, blockId: number | null = null): Visit | null {
  const { headers } = request;
  const userAgent = headers.get('user-agent') ?? '';
  if (isbot(userAgent)) return null;
  const visit: Visit = {
    address: addressKey(clientAddressOf(request)),
    userAgent: userAgent.slice(0, 200),
    blockId,
    at: Date.now(),
  };
  if (blockId !== null) return visit;
  return {
    ...visit,
    referrer: referrerOf(headers.get('referer'), new URL(request.url).host),
    country: countryOf(request.cf?.country),
  };
}
