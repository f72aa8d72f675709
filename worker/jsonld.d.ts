// The two calls of the jsonld package this code makes, from its ESM build (the one Fedify itself
// loads: the package's main entry reaches for Node's HTTP client, which workerd cannot compile).
declare module 'jsonld/dist/jsonld.esm.js' {
  type Options = { documentLoader?: unknown };
  const jsonld: {
    expand(input: unknown, options?: Options): Promise<Record<string, unknown>[]>;
    compact(input: unknown, context: unknown, options?: Options): Promise<Record<string, unknown>>;
  };
  export default jsonld;
}
