/** The brand's mark beside its name: the three lenses as dots, decorative. */
export function LensDots() {
  return (
    <span aria-hidden="true" className="flex gap-1">
      <span className="size-2.5 rounded-full bg-lens-3" />
      <span className="size-2.5 rounded-full bg-lens-2" />
      <span className="size-2.5 rounded-full bg-lens-1" />
    </span>
  );
}
