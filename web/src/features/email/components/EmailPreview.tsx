import Box from '@mui/material/Box';

/**
 * Renders email `html` in an iframe with `sandbox=""`: no scripts, no forms,
 * no navigation of the admin page, and a unique origin, whatever the html holds.
 */
export function EmailPreview({
  html,
  title = 'Email preview',
  height = 480,
}: {
  html: string;
  title?: string;
  height?: number;
}) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={html}
      sx={{
        width: '100%',
        height,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: '#fff',
        display: 'block',
      }}
    />
  );
}
