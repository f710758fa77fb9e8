/** The E-mails section's test: the studio's "Send a test to me" for one of the learners' e-mails. */
import { sendTestEmail } from '../../api/send-test-email';
import { SiteRefusal } from '../../site/model/site-backend';
import type { TestSender } from '../model/test-sender';

export const sendEmailTest: TestSender = (email) => sendTestEmail({ email }, SiteRefusal);
