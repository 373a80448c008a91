/**
 * The quote review's contract choice: no contract (the quote is accepted as
 * before) or one of the contract templates (the link opens a proposal the
 * client signs). Lists the templates from GET /api/settings/proposals.
 */
import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { proposalSettingsReply } from '@studio/domain';
import { api } from '../../../shared/lib/api';

/** The select's value for "no contract". */
export const NO_CONTRACT = '';

export function ContractPicker({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange(id: string): void;
  label: string;
}) {
  const [templates, setTemplates] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => {
    let alive = true;
    api.get('/api/settings/proposals', proposalSettingsReply).then(
      (r) => alive && setTemplates(r.templates),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value={NO_CONTRACT}>No contract</MenuItem>
      {templates.map((t) => (
        <MenuItem key={t.id} value={t.id}>
          {t.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
