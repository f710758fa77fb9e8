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
    const show = (next: CourseAccess) => {
      if (active) setAccess(next);
    };
    void enterCourse(backend, show);
    const unsubscribe = backend.onSignedOut(() => {
      if (active) setAccess((current) => (current.status === 'signed-in' ? signedOutHere : current));
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [backend]);

  function retry() {
    if (access.status !== 'unreachable') return;
    if (access.retry.kind === 'link') void spendSignInLink(backend, access.retry.tokenHash, setAccess);
    else void checkSession(backend, setAccess);
  }

  return { access, retry, showSignedOut: () => setAccess(signedOutHere) };
}
