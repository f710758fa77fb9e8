import { supabaseConfig } from '@/lib/supabase';

/**
 * Whether a static host serves the pages rather than the server they talk to: her words then reach them through a
 * build (the host's build hook), in minutes rather than seconds.
 */
export const pagesBuiltByHost = () => new URL(supabaseConfig().url).origin !== window.location.origin;
