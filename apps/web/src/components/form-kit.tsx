// The form kit: useApiForm (react-hook-form + the shared zod schema + one submit path that toasts SPEC §8's
// success and failure texts, the failure with the API's reason when it refused, and puts the API's field errors
// under their fields) and FormDialog (a Radix dialog around such a form). Every form of the portal is built from these.
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useEffect, useState } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import type { z } from 'zod';
import { applyApiErrors, refusalMessage } from '../lib/api-errors';
import { useInFlight } from './action-button';
import dialog from './dialog.module.css';
import form from './form.module.css';
import { SidePanel, sidePanelParts } from './side-panel';

export interface ApiFormOptions<In extends FieldValues, Out> {
  schema: z.ZodType<Out, In>;
  defaultValues: DefaultValues<In>;
  /** Sends the parsed values; its rejection is the failure. */
  submit: (values: Out) => Promise<unknown>;
  /** SPEC §8's texts, e.g. 'Profile updated successfully' / 'Failed to update the profile'. */
  success: string;
  failure: string;
  onSuccess?: (values: Out) => void;
}

export type ApiForm<In extends FieldValues, Out> = UseFormReturn<In, unknown, Out> & {
  /** Validates, sends and reports; resolves true when the API accepted it. */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<boolean>;
  busy: boolean;
};

export function useApiForm<In extends FieldValues, Out>(options: ApiFormOptions<In, Out>): ApiForm<In, Out> {
  const methods = useForm<In, unknown, Out>({
    resolver: zodResolver(options.schema as never) as unknown as Resolver<In, unknown, Out>,
    defaultValues: options.defaultValues,
  });
  // One submission at a time: a double click on the submit button sends the form once (issue 23).
  const inFlight = useInFlight();
  const onSubmit = async (event?: React.BaseSyntheticEvent) => {
    event?.preventDefault();
    return (await inFlight.run(() => submitOnce(event))) ?? false;
  };
  const submitOnce = async (event?: React.BaseSyntheticEvent) => {
    let accepted = false;
    await methods.handleSubmit(async (values) => {
      try {
        await options.submit(values);
      } catch (error) {
        applyApiErrors(error, methods.setError);
        toast.error(<FailureText failure={options.failure} reason={refusalMessage(error)} />);
        return;
      }
      accepted = true;
      toast.success(options.success);
      options.onSuccess?.(values);
    })(event);
    return accepted;
  };
  return Object.assign(methods, { onSubmit, busy: methods.formState.isSubmitting || inFlight.busy });
}

/** SPEC §8's failure text, then on a line of its own why the API refused, when it said. */
export function FailureText({ failure, reason }: { failure: string; reason: string | null }) {
  if (!reason) return failure;
  return (
    <>
      <div>{failure}</div>
      <div>{reason}</div>
    </>
  );
}

/** A submit button that is disabled and says so while the form is saving. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel?: string }) {
  return (
    <button type="submit" className={form.primary} disabled={busy} aria-busy={busy}>
      {busy ? (busyLabel ?? `${label}…`) : label}
    </button>
  );
}

/**
 * A dialog (or with `panel`, a side panel) holding one form, opened by `trigger`: it starts from the form's defaults each time it opens and
 * closes when the API accepts the form. Pass open/onOpenChange to control it from outside instead.
 */
export function FormDialog<In extends FieldValues, Out>(props: {
  title: string;
  description?: string;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  form: ApiForm<In, Out>;
  submitLabel: string;
  busyLabel?: string;
  /** A side panel from the right (SPEC §2's side panels) instead of a centred dialog. */
  panel?: boolean;
  children: ReactNode;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const { reset } = props.form;
  useEffect(() => {
    // On each opening, by the trigger or by the page that controls `open`: never the last submission's text again.
    if (open) reset();
  }, [open, reset]);
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    props.onOpenChange?.(next);
  };
  const onSubmit = async (event: React.FormEvent) => {
    if (await props.form.onSubmit(event)) setOpen(false);
  };
  const actions = (
    <>
      <Dialog.Close asChild>
        <button type="button" className={form.secondary}>
          Cancel
        </button>
      </Dialog.Close>
      <SubmitButton busy={props.form.busy} label={props.submitLabel} busyLabel={props.busyLabel} />
    </>
  );
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {props.trigger ? <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger> : null}
      {props.panel ? (
        <SidePanel title={props.title} description={props.description}>
          <form onSubmit={onSubmit} noValidate aria-label={props.title}>
            <div className={sidePanelParts.fields}>{props.children}</div>
            <div className={`${form.actions} ${sidePanelParts.footer}`}>{actions}</div>
          </form>
        </SidePanel>
      ) : (
        <Dialog.Portal>
          <Dialog.Overlay className={dialog.overlay} />
          <Dialog.Content className={dialog.content} {...(props.description ? {} : { 'aria-describedby': undefined })}>
            <Dialog.Title className={dialog.title}>{props.title}</Dialog.Title>
            {props.description ? <Dialog.Description>{props.description}</Dialog.Description> : null}
            <form onSubmit={onSubmit} noValidate aria-label={props.title}>
              {props.children}
              <div className={form.actions}>{actions}</div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      )}
    </Dialog.Root>
  );
}
