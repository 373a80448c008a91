/**
 * sx for text that is visually hidden but still read by screen readers (the
 * same rules as MUI's visuallyHidden; px strings, since in sx a bare 1 means 100%).
 */
export const srOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
