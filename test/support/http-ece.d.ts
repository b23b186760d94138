// http_ece ships no types; only what the push stand-in calls (no imports: this file stays ambient).
declare module "http_ece" {
  interface DecryptParameters {
    version: "aes128gcm" | "aesgcm" | "aesgcm128";
    /** The receiver's key (node:crypto ECDH with the private key set). */
    privateKey?: import("node:crypto").ECDH;
    authSecret?: string | Buffer;
  }
  export function decrypt(buffer: Buffer, parameters: DecryptParameters): Buffer;
}
