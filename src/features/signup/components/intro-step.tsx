import { signupCopy } from '@/content/signup';

export function IntroStep() {
  return <p className="text-ink-soft">{signupCopy.intro.body}</p>;
}
