// Issue 13: Coordinator › My members — the members of the locations the coordinator looks after, with a renewal.
import { defaultRenewal } from '@guildhall/shared/rules/membership';
import { type Renew, renewSchema } from '@guildhall/shared/schemas/administration';
import type { MemberRow } from '@guildhall/shared/schemas/administration';
import { useState } from 'react';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import { MemberList } from '../../components/member-list';
import { formatDate } from '../../lib/format';
import { useRenew } from './api';

export function MyMembersPage() {
  const [renewing, setRenewing] = useState<MemberRow | null>(null);
  return (
    <>
      <MemberList
        caption="My members"
        exportFileName="my-members.csv"
        rowActions={(m) =>
          m.abilities.includes('renew')
            ? [
                {
                  label: 'Renew',
                  accessibleLabel: `Renew the membership of ${m.user_fname} ${m.user_lname}`,
                  onClick: () => setRenewing(m),
                },
              ]
            : []
        }
      />
      {renewing ? <RenewDialog member={renewing} onClose={() => setRenewing(null)} /> : null}
    </>
  );
}

function RenewDialog({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const renew = useRenew();
  const form = useApiForm<Renew, Renew>({
    schema: renewSchema,
    defaultValues: { user_expiration: defaultRenewal(member.user_expiration, new Date().toISOString().slice(0, 10)) },
    submit: (values) => renew.mutateAsync({ id_user: member.id_user, ...values }),
    success: 'The membership was renewed successfully',
    failure: 'Failed to renew the membership',
  });
  return (
    <FormDialog
      title={`Renew ${member.user_fname} ${member.user_lname}`}
      description={`Membership # ${member.user_camnum}, expires ${formatDate(member.user_expiration)}.`}
      open
      onOpenChange={(open) => !open && onClose()}
      form={form}
      submitLabel="Renew"
      busyLabel="Renewing…"
    >
      <Field label="New expiry" error={form.formState.errors.user_expiration?.message}>
        <input type="date" {...form.register('user_expiration')} />
      </Field>
    </FormDialog>
  );
}
