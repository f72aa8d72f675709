import { exports } from 'cloudflare:workers';

type RelayedRequest = {
  id: string;
  method: string;
  path: string;
  headers: [string, string][];
  body: string | null;
};

function base64Of(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text);
}

async function answerOne(relay: string, relayed: RelayedRequest) {
  const response = await exports.default.fetch(
    new Request(new URL(relayed.path, relay), {
      method: relayed.method,
      headers: relayed.headers,
      body: relayed.body,
    }),
  );
  await fetch(`${relay}/__relay/answer/${relayed.id}`, {
    method: 'POST',
    body: JSON.stringify({
      status: response.status,
      headers: [...response.headers],
      body: base64Of(await response.arrayBuffer()),
    }),
  });
}

/**
 * Serves the Worker on the relay's loopback address (worker/dev/fediverse-peer.ts) while a test
 * runs: takes each request the peers send there, answers it from the Worker, hands the answer
 * back. Two takers, so one request waiting on another never stalls the pair. The Worker sees the
 * relay's origin as its own, so its actors are named at an address the peers reach.
 */
export function serveWorkerOnRelay(relay: string) {
  let serving = true;
  const taker = async () => {
    while (serving) {
      const next = await fetch(`${relay}/__relay/next`);
      if (next.status !== 200) {
        await next.body?.cancel();
        continue;
      }
      await answerOne(relay, await next.json<RelayedRequest>());
    }
  };
  const takers = [taker(), taker()];
  return {
    stop: async () => {
      serving = false;
      await Promise.all(takers);
    },
  };
}
