/** "Mark Lead as Dead" (spec §2, §4): a reason is required before "Mark as Dead" enables. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { DEAD_REASONS, type DeadReason } from '@studio/domain';
import type { BoardLead } from '../../../shared/data/hooks';

export function MarkDeadDialog({
  lead,
  onCancel,
  onConfirm,
}: {
  lead: BoardLead | null;
  onCancel(): void;
  onConfirm(reason: DeadReason): void;
}) {
  const [reason, setReason] = useState<DeadReason | ''>('');
  const close = () => {
    setReason('');
    onCancel();
  };
  return (
    <Dialog open={!!lead} onClose={close} aria-labelledby="mark-dead-title" fullWidth maxWidth="sm">
      <DialogTitle id="mark-dead-title">Mark Lead as Dead</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>Why is {lead?.name}'s lead dead?</Typography>
        <RadioGroup aria-label="Dead reason" value={reason} onChange={(e) => setReason(e.target.value as DeadReason)}>
          {DEAD_REASONS.map((r) => (
            <FormControlLabel key={r} value={r} control={<Radio />} label={r} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!reason}
          onClick={() => {
            if (!reason) return;
            onConfirm(reason);
            setReason('');
          }}
        >
          Mark as Dead
        </Button>
      </DialogActions>
    </Dialog>
  );
}
