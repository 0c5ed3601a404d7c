/** SPEC §2 Password Change; DESIGN §7 keeps 'Password reset' as its heading. */
export function PasswordResetPage() {
  return <h2>Password reset</h2>;
}
