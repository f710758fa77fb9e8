import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { courseCopy } from '@/content/course-page';
import type { SignInBackend } from './sign-in-backend';

/** Ends the session; if the server cannot be told, the session is kept and the visitor is told so. */
export function SignOutButton({
  backend,
  onSignedOut,
}: {
  backend: Pick<SignInBackend, 'signOut'>;
  onSignedOut: () => void;
}) {
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOut() {
    setSigningOut(true);
    setFailed(false);
    const outcome = await backend.signOut();
    setSigningOut(false);
    if (outcome === 'signed-out') onSignedOut();
    else setFailed(true);
  }

  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {failed && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {courseCopy.signOutFailed}
        </p>
      )}
      <Button variant="outline" size="sm" disabled={signingOut} onClick={() => void signOut()}>
        {signingOut ? courseCopy.signingOut : courseCopy.signOut}
      </Button>
    </div>
  );
}
