// Tests: an application's form as a player sends it (POST /api/approval/add), for the character given.
export const applicationForm = (values: { character_id: number } & Record<string, unknown>) => ({
  description: 'Fame background',
  category: 'Fame Background',
  justification: 'Known in the city',
  character_sheet: 'Sheet v2',
  mechanics: 'Fame 1',
  required_approval: 'Low',
  ...values,
});
