import { useEffect, useState } from 'react';
import { learnerIdIn } from '../model/learner-address';

/** The learner whose page the address names, kept in step with the browser's back and forward; null for the list. */
export function useLearnerInAddress(): number | null {
  const [id, setId] = useState<number | null>(null);
  useEffect(() => {
    const follow = () => setId(learnerIdIn(window.location.hash));
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return id;
}
