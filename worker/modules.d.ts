// Binary modules the Worker's bundler hands over (see worker/render/og-image.ts): a `.wasm`
// import is a compiled module (Workers refuse to compile WebAssembly at run time), and `?binary`
// a file's bytes.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

// A file as the Worker's data module (tools/binary-modules.ts).
declare module '*?binary' {
  const bytes: ArrayBuffer;
  export default bytes;
}

declare module '*?raw' {
  const text: string;
  export default text;
}

// A module of the web app compiled to the text of an inline script (tools/inline-scripts.ts).
declare module '*?inline-script' {
  const script: string;
  export default script;
}

// Vite's build-time constant the web app's router reads (web/app/router.tsx), rendered by the
// Worker too: true in the Worker's build.
interface ImportMeta {
  readonly env: { readonly SSR: boolean };
}
