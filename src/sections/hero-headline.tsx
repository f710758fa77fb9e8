import { useId, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { heroCopy } from '@/content/hero';
import { pendingLook, useEarlyIntent } from '@/lib/use-early-intent';
import { useSiteWords } from '@/shared/site-words/site-words';

/** The hero's headline and its clean-version switch. A tap on the switch before hydration is carried out once hydrated. */
export function HeroHeadline() {
  const [clean, setClean] = useState(false);
  const words = useSiteWords();
  const switchId = useId();
  useEarlyIntent('clean-headline', () => setClean((on) => !on));
  return (
    <>
      <h1
        id="hero-title"
        className="mt-6 font-display text-display font-semibold tracking-tight text-balance"
      >
        {clean ? words['hero.headlineClean'] : words['hero.headlineProfane']}
      </h1>
      <div className="mt-6 flex items-center gap-3">
        <Switch
          id={switchId}
          checked={clean}
          onCheckedChange={setClean}
          data-intent="clean-headline"
          className={pendingLook}
          suppressHydrationWarning
        />
        <label htmlFor={switchId} className="cursor-pointer text-sm font-medium text-on-night-soft">
          {heroCopy.cleanSwitchLabel}
        </label>
      </div>
    </>
  );
}
