import { useEffect, useState } from 'react';
import { type CourseAccess, checkSession, enterCourse, spendSignInLink } from './enter-course';
import type { CourseBackend } from './model/course-backend';

const signedOutHere: CourseAccess = { status: 'signed-out', reason: 'signed-out' };

/**
 * Who is visiting, found out once the page is hydrated (the prerendered page says "checking"), kept up to date
 * when the session ends, and asked again when the visitor presses "Try again".
 */
export function useCourseAccess(backend: CourseBackend) {
  const [access, setAccess] = useState<CourseAccess>({ status: 'checking' });

  useEffect(() => {
    let active = true;
    void enterCourse(backend, (next) => {
      if (active) setAccess(next);
    });
    return () => {
      active = false;
    };
  }, [backend]);

  // Only a signed-in visitor has a session that can end elsewhere (another tab, a refused refresh).
  const signedIn = access.status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return undefined;
    return backend.onSignedOut(() => setAccess(signedOutHere));
  }, [backend, signedIn]);

  function retry() {
    if (access.status !== 'unreachable') return;
    if (access.retry.kind === 'link') void spendSignInLink(backend, access.retry.tokenHash, setAccess);
    else void checkSession(backend, setAccess);
  }

  return { access, retry, showSignedOut: () => setAccess(signedOutHere) };
}
