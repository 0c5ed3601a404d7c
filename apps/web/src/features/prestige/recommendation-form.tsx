// SPEC §2/§5 recommendation form: general, regional, national, vip, category and justification, all required;
// numbers converted; for another member, or oneself for an administrator (issue 23). Staff only (DESIGN §5).
import { PRESTIGE_CATEGORIES } from '@guildhall/shared/constants';
import { type PrestigeAdd, type PrestigeAddInput, prestigeAddSchema } from '@guildhall/shared/schemas/prestige';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { Field } from '../../components/field';
import { SubmitButton, useApiForm } from '../../components/form-kit';
import form from '../../components/form.module.css';
import { type MemberMatch, useAddPrestige } from './api';
import { MemberPicker } from './member-picker';
import styles from './prestige.module.css';

/** No member chosen yet: oneself where the API allows it, else nobody (the form then asks for a member). */
const emptyForm = (selfId: number | undefined): PrestigeAddInput => ({
  id_user: selfId,
  prestige_general: '',
  prestige_regional: '',
  prestige_national: '',
  prestige_usable_general: '',
  prestige_category: '' as PrestigeAddInput['prestige_category'],
  prestige_description: '',
});

export function RecommendationForm({ selfId, maySelf }: { selfId: number; maySelf: boolean }) {
  const defaultMember = maySelf ? selfId : undefined;
  const add = useAddPrestige();
  const [member, setMember] = useState<MemberMatch | null>(null);
  /** The member last awarded, when the API says the caller may open their record. */
  const [lastAward, setLastAward] = useState<MemberMatch | null>(null);
  // A new picker after each award, back on 'Myself' (or an empty search).
  const [pickerKey, setPickerKey] = useState(0);
  const recommendation = useApiForm<PrestigeAddInput, PrestigeAdd>({
    schema: prestigeAddSchema,
    defaultValues: emptyForm(defaultMember),
    submit: async (values) => {
      const awarded = await add.mutateAsync(values);
      setLastAward(member && awarded.abilities.includes('view') ? member : null);
    },
    success: 'Submitted successfully',
    failure: 'Failed to submit',
    onSuccess: () => {
      setMember(null);
      setPickerKey((k) => k + 1);
      recommendation.reset(emptyForm(defaultMember));
    },
  });
  const {
    register,
    control,
    onSubmit,
    formState: { errors },
  } = recommendation;

  return (
    <section className={styles.panel} aria-labelledby="recommendation-heading">
      <h2 id="recommendation-heading">Recommend prestige</h2>
      <form onSubmit={onSubmit} noValidate aria-label="Recommend prestige">
        <Controller
          control={control}
          name="id_user"
          render={({ field, fieldState }) => (
            <MemberPicker
              key={pickerKey}
              selfId={selfId}
              maySelf={maySelf}
              value={member}
              error={fieldState.error?.message}
              onChange={(chosen) => {
                setMember(chosen);
                field.onChange(chosen?.id_user ?? defaultMember);
              }}
            />
          )}
        />
        <div className={form.grid}>
          <Field label="General" error={errors.prestige_general?.message}>
            <input type="number" inputMode="numeric" min={0} {...register('prestige_general')} />
          </Field>
          <Field label="Regional" error={errors.prestige_regional?.message}>
            <input type="number" inputMode="numeric" min={0} {...register('prestige_regional')} />
          </Field>
          <Field label="National" error={errors.prestige_national?.message}>
            <input type="number" inputMode="numeric" min={0} {...register('prestige_national')} />
          </Field>
          <Field label="VIP" error={errors.prestige_usable_general?.message}>
            <input type="number" inputMode="numeric" min={0} {...register('prestige_usable_general')} />
          </Field>
        </div>
        <Field label="Category" error={errors.prestige_category?.message}>
          <select {...register('prestige_category')}>
            {/* Required: a prompt, not a value ('Any' read as a choice already made). */}
            <option value="" disabled>
              Choose a category
            </option>
            {PRESTIGE_CATEGORIES.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>
        </Field>
        <Field label="Justification" error={errors.prestige_description?.message}>
          <textarea rows={7} {...register('prestige_description')} />
        </Field>
        <div className={form.actions}>
          {lastAward ? (
            <Link to={`/prestige-and-vip?member=${lastAward.id_user}`} className={styles.linkButton}>
              View {lastAward.user_fname}'s record
            </Link>
          ) : null}
          <SubmitButton busy={recommendation.busy} label="Submit" busyLabel="Submitting…" />
        </div>
      </form>
    </section>
  );
}
