/** Words shown in short ("0:47", "5 lessons · 4 min") and said in full to a screen reader. */
export function ShownAndSaid({ shown, said }: { shown: string; said: string }) {
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{said}</span>
    </>
  );
}
