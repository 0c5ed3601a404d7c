// Issue 13: Administration › Members — add a member (and hand over their one-time set-password link), edit a
// membership, deactivate or reactivate, issue a new link. The list is the shared members-in-reach list.
import { USER_TYPES } from '@guildhall/shared/constants';
import {
  type MemberCreate,
  type MemberCreateInput,
  type MemberRow,
  type MembershipUpdate,
  memberCreateSchema,
  membershipUpdateSchema,
  type SetPasswordLink,
} from '@guildhall/shared/schemas/administration';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { FormDialog, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { MemberList } from '../../components/member-list';
import { DialogClose, SimpleDialog } from '../../components/simple-dialog';
import { formatDate } from '../../lib/format';
import { useCreateMember, useNewLink, useSetActive, useUpdateMembership } from './api';
import { EraseDialog } from './erase-dialog';
import { DomainSelect } from './domain-select';

type Shown = { link: SetPasswordLink; name: string };

export function MembersPage() {
  const [editing, setEditing] = useState<MemberRow | null>(null);
  const [toggling, setToggling] = useState<MemberRow | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [erasing, setErasing] = useState<{ id_user: number; name: string } | null>(null);
  const setActive = useSetActive();
  const newLink = useNewLink();
  const name = (m: MemberRow) => `${m.user_fname} ${m.user_lname}`;
  return (
    <>
      <MemberList
        caption="Members"
        toolbar={<AddMemberDialog onCreated={setShown} />}
        rowActions={(m) => [
          ...(m.abilities.includes('editMembership')
            ? [{ label: 'Edit', accessibleLabel: `Edit the membership of ${name(m)}`, onClick: () => setEditing(m) }]
            : []),
          ...(m.abilities.includes('setPasswordLink') && !m.is_disabled
            ? [
                {
                  label: 'New link',
                  accessibleLabel: `Issue a new set-password link for ${name(m)}`,
                  disabled: newLink.isPending,
                  onClick: () =>
                    newLink.mutate(m.id_user, {
                      onSuccess: (link) => setShown({ link, name: name(m) }),
                      onError: (error) => toast.error(error.message || 'Failed to issue the link'),
                    }),
                },
              ]
            : []),
          ...(m.abilities.includes('deactivate')
            ? [{ label: 'Deactivate', accessibleLabel: `Deactivate ${name(m)}`, danger: true, onClick: () => setToggling(m) }]
            : []),
          // Erasure follows the same rule as deactivation: an administrator, never on themselves.
          ...(m.abilities.includes('deactivate') || m.abilities.includes('reactivate')
            ? [
                {
                  label: 'Erase',
                  accessibleLabel: `Erase ${name(m)}`,
                  danger: true,
                  onClick: () => setErasing({ id_user: m.id_user, name: name(m) }),
                },
              ]
            : []),
          ...(m.abilities.includes('reactivate')
            ? [{ label: 'Reactivate', accessibleLabel: `Reactivate ${name(m)}`, onClick: () => setToggling(m) }]
            : []),
        ]}
      />
      {editing ? <EditMembershipDialog member={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setToggling(null)}
        title={toggling?.is_disabled ? 'Reactivate this member?' : 'Deactivate this member?'}
        description={
          toggling
            ? toggling.is_disabled
              ? `${name(toggling)} will be able to sign in again.`
              : `${name(toggling)} is signed out everywhere and can no longer sign in. Nothing of theirs is deleted.`
            : ''
        }
        confirmLabel={toggling?.is_disabled ? 'Reactivate' : 'Deactivate'}
        busy={setActive.isPending}
        onConfirm={() => {
          if (!toggling) return;
          const active = toggling.is_disabled;
          setActive.mutate(
            { id_user: toggling.id_user, active },
            {
              onSuccess: () => {
                toast.success(active ? 'The member was reactivated' : 'The member was deactivated');
                setToggling(null);
              },
              onError: (error) => toast.error(error.message || 'Failed to change the member'),
            },
          );
        }}
      />
      <LinkDialog shown={shown} onClose={() => setShown(null)} />
      <EraseDialog member={erasing} onClose={() => setErasing(null)} />
    </>
  );
}

const emptyMember = {
  user_fname: '',
  user_mname: '',
  user_lname: '',
  user_camnum: '',
  user_type: 'LARP',
  user_expiration: '',
  id_location: '',
  tbl_user_email: { email: '' },
} as unknown as MemberCreateInput;

function AddMemberDialog({ onCreated }: { onCreated: (shown: Shown) => void }) {
  const create = useCreateMember();
  const member = useApiForm<MemberCreateInput, MemberCreate>({
    schema: memberCreateSchema,
    defaultValues: emptyMember,
    submit: async (values) => {
      const { link } = await create.mutateAsync(values);
      onCreated({ link, name: `${values.user_fname} ${values.user_lname}` });
    },
    success: 'The member was created successfully',
    failure: 'Failed to create the member',
  });
  const errors = member.formState.errors;
  return (
    <FormDialog
      title="Add member"
      submitLabel="Add member"
      busyLabel="Adding…"
      form={member}
      trigger={
        <button type="button" className={form.primary}>
          Add member
        </button>
      }
    >
      <div className={form.grid}>
        <Field label="First name" error={errors.user_fname?.message}>
          <input autoComplete="off" {...member.register('user_fname')} />
        </Field>
        <Field label="Middle name" error={errors.user_mname?.message}>
          <input autoComplete="off" {...member.register('user_mname')} />
        </Field>
        <Field label="Last name" error={errors.user_lname?.message}>
          <input autoComplete="off" {...member.register('user_lname')} />
        </Field>
      </div>
      <Field label="Email" error={errors.tbl_user_email?.email?.message}>
        <input type="email" autoComplete="off" {...member.register('tbl_user_email.email')} />
      </Field>
      <MembershipFields methods={member as never} numberOptional />
    </FormDialog>
  );
}

/**
 * Membership number, type, expiry and home domain: the same fields on Add member and Edit. A new member's number
 * may be left blank: the server gives the society's next one.
 */
function MembershipFields({
  methods,
  numberOptional = false,
}: {
  methods: ReturnType<typeof useApiForm<MembershipUpdate, MembershipUpdate>>;
  numberOptional?: boolean;
}) {
  const errors = methods.formState.errors;
  return (
    <div className={form.grid}>
      <Field label={numberOptional ? 'Membership # (optional)' : 'Membership #'} error={errors.user_camnum?.message}>
        <input
          autoComplete="off"
          placeholder={numberOptional ? 'The next number if left blank' : undefined}
          {...methods.register('user_camnum')}
        />
      </Field>
      <Field label="Membership Type" error={errors.user_type?.message}>
        <select {...methods.register('user_type')}>
          {USER_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </Field>
      <Field label="Membership Expires" error={errors.user_expiration?.message}>
        <input type="date" {...methods.register('user_expiration')} />
      </Field>
      <Field label="Home domain" error={errors.id_location?.message}>
        <DomainSelect homes {...methods.register('id_location')} />
      </Field>
    </div>
  );
}

function EditMembershipDialog({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const update = useUpdateMembership();
  const methods = useApiForm<MembershipUpdate, MembershipUpdate>({
    schema: membershipUpdateSchema as never,
    defaultValues: {
      user_camnum: member.user_camnum,
      user_type: member.user_type,
      user_expiration: member.user_expiration ?? '',
      id_location: (member.id_location ?? '') as number,
    } as MembershipUpdate,
    // As the form was opened: a renewal or transfer since then is not written back over (409).
    submit: (values) =>
      update.mutateAsync({
        id_user: member.id_user,
        ...values,
        expected: {
          user_camnum: member.user_camnum,
          user_type: member.user_type,
          user_expiration: member.user_expiration,
          id_location: member.id_location,
        },
      }),
    success: 'The membership was updated successfully',
    failure: 'Failed to update the membership',
  });
  return (
    <FormDialog
      title={`Edit the membership of ${member.user_fname} ${member.user_lname}`}
      open
      onOpenChange={(open) => !open && onClose()}
      form={methods}
      submitLabel="Save changes"
      busyLabel="Saving…"
    >
      <MembershipFields methods={methods} />
    </FormDialog>
  );
}

/** The one-time set-password link to hand to the new member (embedded sign-in only). */
function LinkDialog({ shown, onClose }: { shown: Shown | null; onClose: () => void }) {
  const url = shown?.link.url;
  return (
    <SimpleDialog
      open={shown !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Set-password link for ${shown?.name ?? ''}`}
      description={
        url
          ? `Hand this link to the member. It works once and until ${formatDate(shown?.link.expires_at)} (72 hours).`
          : 'Members sign in through the society’s provider: they are linked on their first sign-in by their verified email.'
      }
    >
      {url ? (
        <Field label="Set-password link">
          <input readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="set-password-link" />
        </Field>
      ) : null}
      <div className={form.actions}>
        {url ? (
          <button
            type="button"
            className={form.secondary}
            onClick={() =>
              navigator.clipboard?.writeText(url).then(
                () => toast.success('The link was copied'),
                () => toast.error('Failed to copy the link'),
              )
            }
          >
            Copy link
          </button>
        ) : null}
        <DialogClose asChild>
          <button type="button" className={form.primary}>
            Done
          </button>
        </DialogClose>
      </div>
    </SimpleDialog>
  );
}
