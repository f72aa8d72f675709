// `?inline-script`: a module compiled to the text of an inline script (tools/inline-scripts.ts).
declare module '*?inline-script' {
  const script: string;
  export default script;
}
