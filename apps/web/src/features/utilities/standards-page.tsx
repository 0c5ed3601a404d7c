/** SPEC §2: Standards shows 'Standards - Comming soon.' (SPEC's spelling, kept verbatim). */
export function StandardsPage() {
  return <p>Standards - Comming soon.</p>;
}
