// The profile popup's form (SPEC §5): birthday, email, phone, street, city and state required; preferred name
// and pronouns optional. Validation is the shared schema the API also applies.
import { type ProfileUpdate, type ProfileUpdateInput, profileUpdateSchema } from '@guildhall/shared/schemas/profile';
import type { User } from '@guildhall/shared/schemas/user';
import { Field } from '../../components/field';
import { SubmitButton, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import styles from './profile.module.css';
import { useUpdateProfile } from './api';

export function profileDefaults(user: User): ProfileUpdateInput {
  return {
    id_user: user.id_user,
    user_nick: user.user_nick ?? '',
    user_prefix: user.user_prefix ?? '',
    user_bday: user.user_bday ?? '',
    tbl_user_email: { id_email: user.tbl_user_email?.id_email ?? null, email: user.tbl_user_email?.email ?? '' },
    tbl_user_phone: { id_phone: user.tbl_user_phone?.id_phone ?? null, phone_number: user.tbl_user_phone?.phone_number ?? '' },
    tbl_user_address: {
      id_address: user.tbl_user_address?.id_address ?? null,
      addr_line_1: user.tbl_user_address?.addr_line_1 ?? '',
      addr_city: user.tbl_user_address?.addr_city ?? '',
      addr_state: user.tbl_user_address?.addr_state ?? '',
    },
  };
}

export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateProfile(user.id_user);
  const {
    register,
    onSubmit,
    busy,
    formState: { errors },
  } = useApiForm<ProfileUpdateInput, ProfileUpdate>({
    schema: profileUpdateSchema,
    defaultValues: profileDefaults(user),
    submit: (values) => update.mutateAsync(values),
    success: 'Profile updated successfully',
    failure: 'Failed to update the profile',
    onSuccess: onDone,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit profile">
      <Field label="Preferred name" error={errors.user_nick?.message}>
        <input {...register('user_nick')} autoComplete="nickname" />
      </Field>
      <Field label="Pronouns" error={errors.user_prefix?.message}>
        <input {...register('user_prefix')} />
      </Field>
      <Field label="Birthday" error={errors.user_bday?.message}>
        <input type="date" {...register('user_bday')} autoComplete="bday" />
      </Field>
      <Field label="Email" error={errors.tbl_user_email?.email?.message}>
        <input type="email" {...register('tbl_user_email.email')} autoComplete="email" />
      </Field>
      <Field label="Phone" error={errors.tbl_user_phone?.phone_number?.message}>
        <input type="tel" {...register('tbl_user_phone.phone_number')} autoComplete="tel" />
      </Field>
      <Field label="Street" error={errors.tbl_user_address?.addr_line_1?.message}>
        <input {...register('tbl_user_address.addr_line_1')} autoComplete="address-line1" />
      </Field>
      <div className={form.grid}>
        <Field label="City" error={errors.tbl_user_address?.addr_city?.message}>
          <input {...register('tbl_user_address.addr_city')} autoComplete="address-level2" />
        </Field>
        <Field label="State" error={errors.tbl_user_address?.addr_state?.message}>
          <input {...register('tbl_user_address.addr_state')} autoComplete="address-level1" />
        </Field>
      </div>
      <div className={`${form.actions} ${styles.popupActions}`}>
        <button type="button" className={form.secondary} onClick={onDone}>
          Cancel
        </button>
        <SubmitButton busy={busy} label="Save" busyLabel="Saving…" />
      </div>
    </form>
  );
}
