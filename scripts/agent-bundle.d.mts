export function bundleAgent(): Promise<{ name: string; contents: Uint8Array }[]>;
