// Binary modules the Worker's bundler hands over (see worker/render/og-image.ts): a `.wasm`
// import is a compiled module (Workers refuse to compile WebAssembly at run time), and `?inline`
// turns a file into a data: URL.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}

declare module '*?inline' {
  const dataUrl: string;
  export default dataUrl;
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
