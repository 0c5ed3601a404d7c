// SPEC §8: 'Not found page', for an unknown path and for a detail whose URL names no record.
export function NotFoundPage() {
  return <p>Not found page</p>;
}
