import { sendUnsubscribe } from '@/features/unsubscribe/send-unsubscribe';
import { UnsubscribePage } from '@/features/unsubscribe/unsubscribe-page';
import { SiteFooter } from '@/sections/site-footer';

/** /unsubscribe: the reminders' footer link, over the real back end, and the site's footer. */
export function Unsubscribe() {
  return (
    <>
      <UnsubscribePage send={sendUnsubscribe} />
      <SiteFooter />
    </>
  );
}
