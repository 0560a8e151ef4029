// Types for the published verifier, which is plain JavaScript so it can be served standalone.
export declare const FORMAT: string;
export declare const FORMATS: readonly string[];
export interface VerifyOptions {
  publicKey?: Buffer | Uint8Array | string;
  origin?: string;
}
export type VerifyResult =
  | { valid: true; [k: string]: unknown }
  | { valid: false; check: string; detail: string };
export declare function verifyBundleBytes(bytes: Uint8Array, opts?: VerifyOptions): VerifyResult;
export declare function canonicalize(value: unknown): string;
export declare function parsePublicKeyOption(value: string): Buffer;
export declare function main(
  args: string[],
  io?: { out(s: string): unknown; err(s: string): unknown },
): number;
