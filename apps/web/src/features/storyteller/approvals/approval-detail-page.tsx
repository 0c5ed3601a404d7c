// SPEC §2 Approval detail, a full-screen modal over the list (deep link and reload work): item, player, venue,
// character, category, approval level and status (editable only as DESIGN §6 allows), the chain of approvers
// with the current level marked, the clock and the history, the texts, and Approve / Deny (comment required)
// / Remove — each shown only when the API says the caller may (`extra.abilities`).
import {
  APPROVAL_CATEGORIES,
  APPROVAL_STATUSES,
  type ApprovalCategory,
  type ApprovalLevel,
  type ApprovalStatus,
} from '@guildhall/shared/constants';
import { requiredLevelChoices } from '@guildhall/shared/rules/approval-workflow';
import { type ApprovalDetail, approvalDenySchema } from '@guildhall/shared/schemas/approvals';
import type { ApprovalAction } from '@guildhall/shared/rules/approval-workflow';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { ActionButton, useInFlight } from '../../../components/action-button';
import { ApprovalClockLine, ApprovalHistory } from '../../../components/approval-history';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field';
import form from '../../../components/form.module.css';
import { ModalRoute } from '../../../components/modal-route';
import { NotFoundPage } from '../../../components/not-found';
import { useApproval } from '../../../lib/queries';
import { useRouteId } from '../../../lib/route-id';
import { type ReviewAction, useReviewAction } from './api';
import styles from './approvals.module.css';

const DONE: Record<ReviewAction['action'], string> = {
  approve: 'The application was approved',
  deny: 'The application was denied',
  remove: 'The application was removed',
  update: 'The application was updated',
};

export function ApprovalDetailPage() {
  const { search } = useLocation();
  const approvalId = useRouteId();
  const detail = useApproval(approvalId);
  const closeTo = `/storyteller/approvals${search}`;

  return (
    <ModalRoute title={detail.data ? `Application ${detail.data.approval.app_number}` : 'Application'} closeTo={closeTo}>
      {approvalId === null ? (
        <NotFoundPage />
      ) : detail.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : detail.isError ? (
        <p role="alert">{detail.error.message}</p>
      ) : (
        <ApprovalView key={detail.data.approval.id} approval={detail.data.approval} abilities={detail.data.abilities} />
      )}
    </ModalRoute>
  );
}

function ApprovalView({ approval, abilities }: { approval: ApprovalDetail; abilities: ApprovalAction[] }) {
  const review = useReviewAction(approval.id);
  // Approve, Deny, Remove and Save changes send one request among them at a time (issue 23).
  const inFlight = useInFlight();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [category, setCategory] = useState<ApprovalCategory>(approval.category);
  const [level, setLevel] = useState<ApprovalLevel>(approval.required_approval);
  const [status, setStatus] = useState<ApprovalStatus>(approval.status);
  // When the status moved (another approver, or a refetch after a refused action), the selects start again from
  // the record, but a typed comment stays.
  const [shownStatus, setShownStatus] = useState(approval.status);
  if (shownStatus !== approval.status) {
    setShownStatus(approval.status);
    setCategory(approval.category);
    setLevel(approval.required_approval);
    setStatus(approval.status);
  }
  const can = (a: ApprovalAction) => abilities.includes(a);
  const expectedStatus = approval.status;

  const run = async (request: ReviewAction) => {
    try {
      await review.mutateAsync(request);
      toast.success(DONE[request.action]);
      setComment('');
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to update the application');
    }
  };
  const deny = () => {
    const parsed = approvalDenySchema.safeParse({ expectedStatus, comment });
    if (!parsed.success) {
      setCommentError(parsed.error.issues[0]?.message);
      return;
    }
    setCommentError(undefined);
    return run({ action: 'deny', input: { expectedStatus, comment } });
  };
  const statusChanged = status !== approval.status;
  const edited = category !== approval.category || level !== approval.required_approval || statusChanged;
  const save = () => {
    if (statusChanged && !comment.trim()) {
      setCommentError('comment is a required field');
      return;
    }
    setCommentError(undefined);
    return run({
      action: 'update',
      input: {
        expectedStatus,
        ...(category !== approval.category ? { category } : {}),
        ...(level !== approval.required_approval ? { required_approval: level } : {}),
        ...(statusChanged ? { status } : {}),
        ...(comment.trim() ? { comment } : {}),
      },
    });
  };
  const busy = review.isPending || inFlight.busy;
  const levels = requiredLevelChoices(approval.status, can('setStatus'));

  return (
    <div className={styles.detail}>
      <section aria-labelledby="approval-overview" className={styles.panel}>
        <h2 id="approval-overview">{approval.description}</h2>
        <dl className={styles.facts}>
          <div>
            <dt>Player</dt>
            <dd>
              {approval.player_name} ({approval.user_camnum})
            </dd>
          </div>
          <div>
            <dt>Venue</dt>
            <dd>{approval.venue_name ?? '—'}</dd>
          </div>
          <div>
            <dt>Character</dt>
            <dd>{approval.character_name}</dd>
          </div>
          <div>
            <dt>App Number</dt>
            <dd>{approval.app_number}</dd>
          </div>
        </dl>
        <div className={styles.editRow}>
          <Field label="Category">
            <select value={category} onChange={(e) => setCategory(e.target.value as ApprovalCategory)} disabled={!can('edit') || busy}>
              {APPROVAL_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </Field>
          <Field label="Approval level">
            <select value={level} onChange={(e) => setLevel(e.target.value as ApprovalLevel)} disabled={!can('edit') || busy}>
              {(can('edit') ? levels : [approval.required_approval]).map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </Field>
          <Field label="Status">
            <select value={status} onChange={(e) => setStatus(e.target.value as ApprovalStatus)} disabled={!can('setStatus') || busy}>
              {(can('setStatus') ? APPROVAL_STATUSES : [approval.status]).map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </Field>
          {can('edit') || can('setStatus') ? (
            <ActionButton className={form.secondary} onClick={save} disabled={!edited} pending={review.isPending} inFlight={inFlight}>
              Save changes
            </ActionButton>
          ) : null}
        </div>
        <ApprovalClockLine status={approval.status} clock={approval.clock} />
      </section>

      <section aria-labelledby="approval-chain" className={styles.panel}>
        <h2 id="approval-chain">Chain of storytellers</h2>
        <ol className={styles.chain}>
          {approval.chain.map((link) => (
            <li key={link.level} aria-current={link.current ? 'step' : undefined} className={link.current ? styles.current : undefined}>
              <span className={styles.level}>{link.level}</span>
              {link.name ? (
                <span>
                  {link.name} — {link.title} ({link.user_camnum})
                </span>
              ) : (
                <span className={styles.muted}>No approver</span>
              )}
              {link.current ? <span className={styles.currentTag}>current</span> : null}
            </li>
          ))}
        </ol>
      </section>

      {can('approve') || can('deny') || can('remove') || can('setStatus') || can('edit') ? (
        <section aria-labelledby="approval-review" className={styles.panel}>
          <h2 id="approval-review">Review</h2>
          <Field label="Comment" error={commentError} hint="Required to deny or to change the status.">
            <textarea rows={7} value={comment} onChange={(e) => setComment(e.target.value)} className={styles.textarea} />
          </Field>
          <div className={form.actions}>
            {can('approve') ? (
              <ActionButton
                className={form.primary}
                pending={review.isPending}
                inFlight={inFlight}
                onClick={() => run({ action: 'approve', input: { expectedStatus, ...(comment.trim() ? { comment } : {}) } })}
              >
                Approve
              </ActionButton>
            ) : null}
            {can('deny') ? (
              <ActionButton className={form.danger} pending={review.isPending} inFlight={inFlight} onClick={deny}>
                Deny
              </ActionButton>
            ) : null}
            {can('remove') ? (
              <button type="button" className={form.secondary} disabled={busy} onClick={() => setConfirmRemove(true)}>
                Remove
              </button>
            ) : null}
          </div>
          <ConfirmDialog
            open={confirmRemove}
            onOpenChange={setConfirmRemove}
            title="Remove this application?"
            description="A removed application leaves the review for good."
            confirmLabel="Remove"
            busy={busy}
            onConfirm={() => {
              setConfirmRemove(false);
              return inFlight.run(() => run({ action: 'remove', input: { expectedStatus, ...(comment.trim() ? { comment } : {}) } }));
            }}
          />
        </section>
      ) : null}

      <section aria-labelledby="approval-history" className={styles.panel}>
        <h2 id="approval-history">History</h2>
        <ApprovalHistory events={approval.events} label={`History of ${approval.app_number}`} />
      </section>

      <section aria-labelledby="approval-texts" className={styles.panel}>
        <h2 id="approval-texts">Application</h2>
        <h3>Character sheet</h3>
        <p className={styles.text}>{approval.character_sheet || '—'}</p>
        <h3>Current character background</h3>
        <p className={styles.text}>{approval.character_background || '—'}</p>
        <h3>Justification</h3>
        <p className={styles.text}>{approval.justification || '—'}</p>
        <h3>Mechanics</h3>
        <p className={styles.text}>{approval.mechanics || '—'}</p>
        <h3>Group name</h3>
        <p className={styles.text}>{approval.group_name || '—'}</p>
      </section>
    </div>
  );
}
