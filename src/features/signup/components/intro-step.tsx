import { signupCopy } from '@/content/signup';

export function IntroStep() {
  return <p className="text-slate-700">{signupCopy.intro.body}</p>;
}
