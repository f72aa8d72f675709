import { type DocumentLoader, getDocumentLoader, signRequest } from '@fedify/fedify';
import { fetchOutside, readAtMost } from './outside-fetch';

/** How long one fetch of another server's actor, key or object may take, redirects included. */
const documentDeadlineMs = 5000;
/** The largest actor, key or object read; a larger one is refused, read no further. */
export const maxDocumentBytes = 1024 * 1024;

/**
 * The JSON-LD contexts Up2 reads, as Fedify bundles them: ActivityStreams, the security, data
 * integrity, multikey, DID and CID vocabularies, and those Mastodon, GoToSocial, Lemmy and the
 * FEPs use. No other context is ever fetched: an activity that names one is not understood.
 */
export const knownContexts = [
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/v1',
  'https://w3id.org/security/data-integrity/v1',
  'https://w3id.org/security/data-integrity/v2',
  'https://w3id.org/security/multikey/v1',
  'https://w3id.org/identity/v1',
  'https://www.w3.org/ns/did/v1',
  'https://www.w3.org/ns/cid/v1',
  'http://joinmastodon.org/ns',
  'https://gotosocial.org/ns',
  'https://join-lemmy.org/context.json',
  'https://w3id.org/fep/5711',
  'https://w3id.org/fep/ef61',
  'https://purl.archive.org/socialweb/webfinger',
  'https://purl.archive.org/miscellany',
  'http://schema.org/',
];

const bundledContexts = getDocumentLoader();
const known = new Set(knownContexts);

/** The context loader: the bundled contexts, and a refusal (before any request) for the rest. */
export const contextLoader: DocumentLoader = async (url, options) => {
  const href = URL.canParse(url) ? new URL(url).href : url;
  if (!known.has(href)) throw new Error(`The JSON-LD context ${url} is not one this server reads.`);
  return bundledContexts(href, options);
};

/** Another server answered an object fetch with an error status; 404 and 410 are final. */
export class RemoteDocumentError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`${url} answered HTTP ${status}.`);
    this.name = 'RemoteDocumentError';
  }

  get isGone() {
    return this.status === 404 || this.status === 410;
  }
}

type DocumentFetch = {
  /** Whether private and loopback addresses (and plain http) may be fetched: development and tests. */
  allowPrivate: boolean;
  userAgent: string;
  /** Signs each request (an authenticated fetch, for servers that want to know who asks). */
  sign?: { keyId: URL; privateKey: CryptoKey };
};

const accept =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/**
 * The document loader: actors, keys and objects of other servers, fetched by the rules of every
 * outside fetch (each hop's address checked as written and as resolved), https only outside
 * development, within 5 seconds and 1 MB. Contexts are never fetched through it.
 */
export function documentLoader({ allowPrivate, userAgent, sign }: DocumentFetch): DocumentLoader {
  return async (url, options) => {
    const link = new URL(url);
    if (!allowPrivate && link.protocol !== 'https:') {
      throw new Error(`Refused to fetch ${url}: only public https addresses.`);
    }
    const deadline = AbortSignal.timeout(documentDeadlineMs);
    const signal = options?.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
    const { response, url: fetched } = await fetchOutside(link, {
      allowPrivate,
      signal,
      accept,
      headers: { 'user-agent': userAgent },
      sign: sign && ((request) => signRequest(request, sign.privateKey, sign.keyId)),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new RemoteDocumentError(fetched.href, response.status);
    }
    const bytes = await readAtMost(response, maxDocumentBytes);
    if (!bytes) throw new Error(`${fetched.href} is larger than ${maxDocumentBytes / 1024} KB.`);
    return {
      contextUrl: null,
      document: JSON.parse(new TextDecoder().decode(bytes)),
      documentUrl: fetched.href,
    };
  };
}
