// The Workers runtime extends SubtleCrypto; lib.dom's declaration wins in this project, so the
// Worker's password check (type-checked here only for the API client's types) needs the method.
interface SubtleCrypto {
  timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean;
}
