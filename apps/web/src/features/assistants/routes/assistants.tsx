import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  approveAssistantSchema,
  type ApproveAssistant,
  type ApprovedAssistant,
  type Assistant,
} from '@parts-shop/shared/assistant';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { ListStatus } from '#web/components/ui/list-status.tsx';
import { ResponsiveTable } from '#web/components/ui/responsive-table.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { formatDateTime } from '#web/lib/format-date.ts';
import { showServerIssues } from '#web/lib/server-issues.ts';
import { toastError, toastSuccess } from '#web/lib/toast.ts';
import { useApproveAssistant } from '../api/approve-assistant.ts';
import { useAssistants } from '../api/get-assistants.ts';
import { useRevokeAssistant } from '../api/revoke-assistant.ts';

const FIELDS = ['profile', 'name'] as const;

function ApproveForm({ onApproved }: { onApproved: (approved: ApprovedAssistant) => void }) {
  const approve = useApproveAssistant();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ApproveAssistant, unknown, z.output<typeof approveAssistantSchema>>({
    resolver: zodResolver(approveAssistantSchema),
    defaultValues: { profile: '', name: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const approved = await approve.mutateAsync(input);
      reset();
      onApproved(approved);
    } catch (error) {
      const message = errorMessage(error, 'Could not approve the assistant.');
      if (!showServerIssues(error, FIELDS, setError)) setError('root.server', { type: 'server', message });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <FormField
        label="Profile address"
        hint="The address the assistant names in its UCP-Agent header, e.g. https://assistant.example/.well-known/ucp"
        error={errors.profile?.message}
        type="url"
        inputMode="url"
        required
        maxLength={2000}
        autoComplete="off"
        placeholder="https://"
        {...register('profile')}
      />
      <FormField
        label="Display name"
        hint="Shown here and as the origin of its orders in Manage Orders"
        error={errors.name?.message}
        type="text"
        required
        maxLength={100}
        autoComplete="off"
        {...register('name')}
      />
      {errors.root?.server ? (
        <p role="alert" className="text-sm text-error">
          {errors.root.server.message}
        </p>
      ) : null}
      <div>
        <SubmitButton pending={isSubmitting}>Approve</SubmitButton>
      </div>
    </form>
  );
}

/** The key of an approval, on screen until the owner says it is copied: the shop cannot show it again. */
function NewKey({ approved, onDone }: { approved: ApprovedAssistant; onDone: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [approved.apiKey]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(approved.apiKey);
      setCopied(true);
    } catch {
      field.current?.select();
      toastError('Could not copy; select the key and copy it yourself.');
    }
  };

  return (
    <section aria-labelledby="new-key-title" className="alert alert-warning flex flex-col items-stretch gap-3">
      <h3 id="new-key-title" className="text-lg font-semibold">
        API key for {approved.assistant.name}
      </h3>
      <p className="text-sm">
        Copy it now and give it to the assistant: the shop keeps only its hash and will not show it again.
      </p>
      <FormField
        ref={field}
        label="API key"
        readOnly
        value={approved.apiKey}
        controlClassName="font-mono"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy key'}
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </section>
  );
}

export function Component() {
  useDocumentTitle('Assistants');
  const list = useAssistants();
  const revoke = useRevokeAssistant();
  const [issued, setIssued] = useState<ApprovedAssistant | null>(null);
  const [pending, setPending] = useState<Assistant | null>(null);
  const table = useRef<HTMLElement>(null);
  const rows = list.data ?? [];

  const confirmRevoke = () => {
    if (!pending) return;
    revoke.mutate(pending.id, {
      onSuccess: () => toastSuccess(`${pending.name} revoked`),
      onError: (error) => toastError(errorMessage(error, 'Could not revoke the assistant.')),
      onSettled: () => setPending(null),
    });
  };

  return (
    <section aria-labelledby="assistants-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="assistants-title" className="text-2xl font-bold">
          Assistants
        </h2>
        <p className="text-sm text-base-content/70">
          AI shopping assistants that may buy here over the Universal Commerce Protocol. In production only the
          assistants listed here may call; each is limited to its own number of calls a minute.
        </p>
      </div>

      <section aria-labelledby="approve-title" className="flex max-w-xl flex-col gap-3">
        <h3 id="approve-title" className="text-lg font-semibold">
          Approve an assistant
        </h3>
        <ApproveForm
          onApproved={(approved) => {
            setIssued(approved);
            toastSuccess(`${approved.assistant.name} approved`);
          }}
        />
      </section>

      {issued ? <NewKey approved={issued} onDone={() => setIssued(null)} /> : null}

      <section aria-labelledby="approved-title" className="flex flex-col gap-3">
        <h3 id="approved-title" className="text-lg font-semibold">
          Approved assistants
        </h3>
        <ListStatus
          isPending={list.isPending}
          error={list.error}
          isEmpty={rows.length === 0}
          emptyText="No assistant is approved yet."
          onRetry={() => void list.refetch()}
        >
          <ResponsiveTable
            rows={rows}
            rowKey={(assistant) => assistant.id}
            labelledBy="approved-title"
            focusRef={table}
            columns={[
              { header: 'Name', rowHeader: true, cell: (assistant) => assistant.name },
              {
                header: 'Profile address',
                cell: (assistant) => <span className="break-all">{assistant.profile}</span>,
              },
              {
                header: 'Approved',
                cell: (assistant) => (
                  <time dateTime={assistant.approvedAt}>{formatDateTime(assistant.approvedAt)}</time>
                ),
              },
              { header: 'Orders', cell: (assistant) => assistant.orders, className: 'text-right' },
              {
                header: 'Last call',
                cell: (assistant) =>
                  assistant.lastCallAt ? (
                    <time dateTime={assistant.lastCallAt}>{formatDateTime(assistant.lastCallAt)}</time>
                  ) : (
                    <span className="text-base-content/60">Never</span>
                  ),
              },
              {
                header: 'Actions',
                cell: (assistant) => (
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm"
                    aria-label={`Revoke ${assistant.name}`}
                    disabled={revoke.isPending && revoke.variables === assistant.id}
                    onClick={() => setPending(assistant)}
                  >
                    Revoke
                  </button>
                ),
              },
            ]}
          />
        </ListStatus>
      </section>

      <ConfirmDialog
        open={pending !== null}
        busy={revoke.isPending}
        description={`Revoke ${pending?.name ?? ''}? Its profile address and its API key stop working at once.`}
        onConfirm={confirmRevoke}
        onCancel={() => setPending(null)}
        fallbackFocus={table}
      />
    </section>
  );
}
