export function findCaddy(): { path: string; missing?: undefined } | { path?: undefined; missing: string };
