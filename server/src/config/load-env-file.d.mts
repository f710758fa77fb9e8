export function loadEnvFile(file?: string): boolean;
