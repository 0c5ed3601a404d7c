// DESIGN §6: an application's number is the player's domain code and a per-domain sequence, e.g. NE-012-0042.
export const appNumber = (domainCode: string, sequence: number) => `${domainCode}-${String(sequence).padStart(4, '0')}`;
