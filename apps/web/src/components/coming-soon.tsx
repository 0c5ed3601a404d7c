/** SPEC §2: four storyteller pages only show 'Coming soon...'. */
export function ComingSoon() {
  return <p>Coming soon...</p>;
}
