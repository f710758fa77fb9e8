export const CHROMIUM_ARGS: string[];
export function findChromium(): string;
export function findTestChromium(): string;
