/**
 * Void or write off an admin's open invoice (POST
 * /api/billing/invoices/{id}/void or /write-off), after a confirmation that
 * names what follows: a void keeps its number and can no longer be paid; a
 * write-off records what is due as uncollectible in the ledger. Neither can
 * be undone.
 */
import { useState } from 'react';
import { formatUsd, successReply } from '@studio/domain';
import { ConfirmDialog } from '../../../shared/components/ConfirmDialog';
import { useToast } from '../../../shared/components/Toast';
import { api, errorMessage } from '../../../shared/lib/api';
import { useLastValue } from '../../../shared/lib/useLastValue';

/** The invoice to close: its id and number, the client, what is due (cents) and how. */
export interface CloseTarget {
  id: string;
  number: string | null;
  client: string;
  amountDueCents: number;
  action: 'void' | 'write-off';
}

export function CloseInvoiceDialog({ target: current, onClose }: { target: CloseTarget | null; onClose(): void }) {
  const target = useLastValue(current);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const name = target?.number ?? 'this invoice';
  const isVoid = target?.action === 'void';
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const reply = await api.post(
        `/api/billing/invoices/${encodeURIComponent(target.id)}/${target.action}`,
        {},
        successReply,
      );
      toast({ title: isVoid ? 'Invoice voided' : 'Written off', description: reply.message });
      onClose();
    } catch (e) {
      toast({
        title: isVoid ? 'Void failed' : 'Write-off failed',
        description: errorMessage(e, 'The invoice could not be closed'),
        severity: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={Boolean(current)}
      title={isVoid ? `Void ${name}?` : `Write off ${name}?`}
      consequences={
        isVoid
          ? [
              `${target?.client ?? 'The client'} no longer owes ${formatUsd(target?.amountDueCents ?? 0)} on it, and its payment link stops working.`,
              'It keeps its number, marked void.',
              'This cannot be undone.',
            ]
          : [
              `${formatUsd(target?.amountDueCents ?? 0)} still due is recorded in the ledger as written off (uncollectible).`,
              'Its payment link stops working; what was paid stays paid.',
              'This cannot be undone.',
            ]
      }
      confirmLabel={isVoid ? 'Void Invoice' : 'Write Off'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => !busy && onClose()}
    />
  );
}
