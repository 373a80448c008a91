/**
 * The quote review's contract choice: no contract (the quote is accepted as
 * before) or one of the contract templates (the link opens a proposal the
 * client signs). Lists the templates from GET /api/settings/proposals.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useAdminQuery } from '../../../shared/data/adminQuery';
import { proposalQueries } from '../queries';

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
  // The settings page's read, shared; without it (a failed read) only "No contract" is offered.
  const templates = useAdminQuery(proposalQueries.settings()).data?.templates ?? [];
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
