// SPEC §5 Add approval: description, category, justification, character sheet, mechanics and required approval,
// all required, for a character chosen before (the list's selected row or the open detail). The server makes
// the app number (DESIGN §6).
import { APPROVAL_CATEGORIES, APPROVAL_LEVELS } from '@guildhall/shared/constants';
import { type ApprovalAdd, type ApprovalAddInput, approvalAddSchema } from '@guildhall/shared/schemas/approvals';
import { toast } from 'react-toastify/unstyled';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import { useAddApproval } from './api';

const emptyApproval = (characterId: number): ApprovalAddInput => ({
  character_id: characterId,
  description: '',
  category: '' as ApprovalAddInput['category'],
  justification: '',
  character_sheet: '',
  mechanics: '',
  required_approval: '' as ApprovalAddInput['required_approval'],
});

export function AddApprovalDialog({
  character,
  open,
  onOpenChange,
  trigger,
  panel = 'Add Approval',
}: {
  character: { id_character: number; character_name: string };
  /** SPEC §2 names the panel 'Add Approval' on My characters and 'Add Application' on a character's detail. */
  panel?: 'Add Approval' | 'Add Application';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: React.ReactNode;
}) {
  const add = useAddApproval();
  const approval = useApiForm<ApprovalAddInput, ApprovalAdd>({
    schema: approvalAddSchema,
    defaultValues: emptyApproval(character.id_character),
    submit: async (values) => {
      const made = await add.mutateAsync({ ...values, character_id: character.id_character });
      toast.info(`Application ${made.app_number} is pending review`, { toastId: `approval-${made.id}` });
    },
    success: 'The application was submitted successfully',
    failure: 'Failed to submit the application',
  });
  const { register } = approval;
  const errors = approval.formState.errors;
  return (
    <FormDialog
      title={`${panel} for ${character.character_name}`}
      submitLabel="Submit application"
      busyLabel="Submitting…"
      form={approval}
      panel
      {...(open === undefined ? {} : { open })}
      {...(onOpenChange ? { onOpenChange } : {})}
      trigger={trigger}
    >
      <Field label="Item description" error={errors.description?.message}>
        <input autoComplete="off" {...register('description')} />
      </Field>
      <Field label="Category" error={errors.category?.message}>
        <select {...register('category')}>
          <option value="">Choose a category</option>
          {APPROVAL_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </Field>
      <Field label="Required approval" error={errors.required_approval?.message}>
        <select {...register('required_approval')}>
          <option value="">Choose a level</option>
          {APPROVAL_LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      </Field>
      <Field label="Justification" error={errors.justification?.message}>
        <textarea rows={7} {...register('justification')} />
      </Field>
      <Field label="Character sheet" error={errors.character_sheet?.message}>
        <textarea rows={7} {...register('character_sheet')} />
      </Field>
      <Field label="Mechanics" error={errors.mechanics?.message}>
        <textarea rows={7} {...register('mechanics')} />
      </Field>
    </FormDialog>
  );
}
