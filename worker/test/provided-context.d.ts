// What vitest's globalSetup hands the Worker tests (worker/dev/outside-site.ts).
declare module 'vitest' {
  interface ProvidedContext {
    /** Origin of the stand-in website on loopback that link previews are tested against. */
    outsideSite: string;
  }
}

export {};
