// The form kit: the shared schema's messages under the fields, the API's field errors under theirs, SPEC §8's
// toasts, and a dialog that closes only when the API accepted the form.
import { requiredText } from '@guildhall/shared/schemas/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { Field } from './field';
import { FormDialog, useApiForm } from './form-kit';

const schema = z.object({ name: requiredText('name') });

function NameDialog({ submit }: { submit: (values: { name: string }) => Promise<unknown> }) {
  const nameForm = useApiForm({ schema, defaultValues: { name: '' }, submit, success: 'Saved it', failure: 'Failed to save it' });
  return (
    <>
      <ToastContainer />
      <FormDialog title="Name it" submitLabel="Save" form={nameForm} trigger={<button type="button">Open</button>}>
        <Field label="Name" error={nameForm.formState.errors.name?.message}>
          <input {...nameForm.register('name')} />
        </Field>
      </FormDialog>
    </>
  );
}

/** Opened from outside (as My characters opens Add Approval for the selected row), not by its own trigger. */
function ControlledNameDialog({ submit }: { submit: (values: { name: string }) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const nameForm = useApiForm({ schema, defaultValues: { name: '' }, submit, success: 'Saved it', failure: 'Failed to save it' });
  return (
    <>
      <ToastContainer />
      <button type="button" onClick={() => setOpen(true)}>
        Open from the page
      </button>
      <FormDialog title="Name it" submitLabel="Save" form={nameForm} open={open} onOpenChange={setOpen}>
        <Field label="Name" error={nameForm.formState.errors.name?.message}>
          <input {...nameForm.register('name')} />
        </Field>
      </FormDialog>
    </>
  );
}

describe('FormDialog with useApiForm', () => {
  it('shows the schema’s message under the field and sends nothing', async () => {
    const submit = vi.fn();
    render(<NameDialog submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('name is a required field')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('puts the API’s field errors under their fields, toasts the failure and stays open', async () => {
    const submit = vi.fn().mockRejectedValue(new ApiError(409, 'Taken', 'x.taken', [{ path: 'name', message: 'is taken' }]));
    render(<NameDialog submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('is taken')).toBeInTheDocument();
    expect(await screen.findByText('Failed to save it')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Name it' })).toBeInTheDocument();
  });

  it('toasts the success, closes, and opens again on a fresh form', async () => {
    const submit = vi.fn().mockResolvedValue(undefined);
    render(<NameDialog submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledWith({ name: 'Ada' });
    expect(await screen.findByText('Saved it')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('opened from outside after a submission, starts empty and sends nothing twice', async () => {
    const submit = vi.fn().mockResolvedValue(undefined);
    render(<ControlledNameDialog submit={submit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open from the page' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved it')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Open from the page' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('name is a required field')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('says why the API refused the form, under the failure text', async () => {
    const refusal = new ApiError(409, 'Applications can be submitted for active characters only.', 'approvals.inactive_character');
    render(<NameDialog submit={vi.fn().mockRejectedValue(refusal)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save it')).toBeInTheDocument();
    expect(screen.getByText('Applications can be submitted for active characters only.')).toBeInTheDocument();
  });

  it('never shows what a server error said, only the failure text', async () => {
    const internal = new ApiError(500, 'relation "tbl_venue" does not exist', 'internal');
    render(<NameDialog submit={vi.fn().mockRejectedValue(internal)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save it')).toBeInTheDocument();
    expect(screen.queryByText(/tbl_venue/)).toBeNull();
  });
});
