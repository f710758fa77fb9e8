import { supabaseOutboxBackend } from '../api/supabase-outbox-backend';
import { OutboxView } from './outbox-view';

/** The studio's Outbox section, over the signed-in owner's supabase-js client. */
export function OutboxPanel() {
  return <OutboxView backend={supabaseOutboxBackend} />;
}
