// The `espeak-ng` package (eSpeak NG in WebAssembly) ships no types: the part voice-call.ts uses.
declare module 'espeak-ng' {
  interface EspeakInstance {
    FS: { readFile(path: string): Uint8Array };
  }
  export default function ESpeakNg(options: { arguments: string[] }): Promise<EspeakInstance>;
}
