export const root: string;
export const stampFile: string;
export function buildYear(): number;
export function computeStamp(): string;
export function isBuildCurrent(): boolean;
