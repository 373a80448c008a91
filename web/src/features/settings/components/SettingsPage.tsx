/**
 * Settings (/admin/settings): the studio's business details used on invoices,
 * receipts and emails ("Studio" tab) and the automatic reminders
 * ("Automations" tab). Both read live from Firestore; saving goes through
 * PUT /api/settings/studio and /api/settings/automations with the version
 * the form was loaded from, whose field errors show on the fields. A save
 * refused because someone else saved first (409) keeps its message on the
 * page and reloads the form with the current settings from the server.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Loading } from '../../../shared/components/PageState';
import { useAutomationSettings, useStudioSettings } from '../hooks/useSettings';
import { StudioSettingsForm } from './StudioSettingsForm';
import { AutomationsForm } from './AutomationsForm';
import { ProposalSettingsPanel } from '../../proposals';

type TabKey = 'studio' | 'automations' | 'proposals';

export function SettingsPage() {
  const [tab, setTab] = useState<TabKey>('studio');
  const studio = useStudioSettings();
  const automations = useAutomationSettings();
  const current = tab === 'studio' ? studio : automations;
  // Why the last save was refused (someone else saved first); cleared by a save or a change of tab.
  const [notice, setNotice] = useState<string | null>(null);
  const onStale = (message: string) => {
    setNotice(message);
    current.reload().catch((e: unknown) => setNotice(`${message} (Could not reload: ${(e as Error).message})`));
  };
  const onSaved = () => setNotice(null);

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        Settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your business details for invoices, receipts and emails, and the automatic reminders.
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, v: TabKey) => {
          setTab(v);
          setNotice(null);
        }}
        aria-label="Settings sections"
        sx={{ mb: 2 }}
      >
        <Tab value="studio" label="Studio" id="settings-tab-studio" aria-controls="settings-panel-studio" />
        <Tab
          value="automations"
          label="Automations"
          id="settings-tab-automations"
          aria-controls="settings-panel-automations"
        />
        <Tab value="proposals" label="Proposals" id="settings-tab-proposals" aria-controls="settings-panel-proposals" />
      </Tabs>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, md: 3 } }}
        role="tabpanel"
        id={`settings-panel-${tab}`}
        aria-labelledby={`settings-tab-${tab}`}
      >
        {notice && (
          <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setNotice(null)} closeText="Dismiss">
            {notice}
          </Alert>
        )}
        {tab === 'proposals' ? (
          <ProposalSettingsPanel />
        ) : current.status === 'loading' ? (
          <Loading label="Loading settings..." />
        ) : current.status === 'error' || !current.data ? (
          <Alert severity="error">Could not load the settings: {current.error?.message ?? 'unknown error'}</Alert>
        ) : tab === 'studio' && studio.data ? (
          <StudioSettingsForm
            key={`${studio.version}:${JSON.stringify(studio.data)}`}
            settings={studio.data}
            version={studio.version}
            saved={studio.saved}
            onStale={onStale}
            onSaved={onSaved}
          />
        ) : automations.data ? (
          <AutomationsForm
            key={`${automations.version}:${JSON.stringify(automations.data)}`}
            settings={automations.data}
            version={automations.version}
            onStale={onStale}
            onSaved={onSaved}
          />
        ) : null}
      </Paper>
    </Box>
  );
}
