// What vitest's globalSetup hands the Worker tests (worker/dev/outside-site.ts).
declare module 'vitest' {
  interface ProvidedContext {
    /** Origin of the stand-in website on loopback that link previews are tested against. */
    outsideSite: string;
    /**
     * The fediverse tests' loopback servers (worker/dev/fediverse-peer.ts): the relay that puts
     * the Worker on an address, and two Fedify peers, one signing first with RFC 9421, one with
     * draft-cavage.
     */
    fediverse: {
      relay: string;
      peers: Record<'rfc9421' | 'cavage', { origin: string; actor: string }>;
      /** A peer that signs and verifies with @peertube/http-signature, not Fedify. */
      httpSignaturePeer: { origin: string; actor: string };
    };
  }
}

export {};
