// The Workers runtime extends SubtleCrypto; lib.dom's declaration wins where both are loaded (the
// Worker renders web screens, and the web app reads the API's route types), so the Worker's
// password check needs the method declared.
interface SubtleCrypto {
  timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean;
}
