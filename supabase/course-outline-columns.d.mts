export const OUTLINE_COLUMNS: string;
