// The console's own name and version; the spec's constants (§9) are in contract/constants.ts.

export const APP_NAME = 'Firmware Console';
export const APP_VERSION = '1.7.1';
