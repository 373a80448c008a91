/**
 * An optional drawn signature (signature_pad, loaded on first render of the
 * signing form). Reports a PNG data URL after each stroke, or null when
 * cleared or too large to send (SIGNATURE_PNG_MAX_CHARS). The typed name is
 * the keyboard alternative: drawing is never required.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SIGNATURE_PNG_MAX_CHARS, SIGNING_MESSAGES } from '@studio/domain';
import type SignaturePad from 'signature_pad';

const HEIGHT = 160;

export function SignatureCanvas({ onChange, disabled }: { onChange(png: string | null): void; disabled?: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [tooLarge, setTooLarge] = useState(false);

  useEffect(() => {
    let pad: SignaturePad | null = null;
    let alive = true;
    const canvas = canvasRef.current;
    if (!canvas) return;
    // A sharp line on a phone without a heavy PNG: at most twice the CSS pixels.
    const size = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = HEIGHT * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad?.clear();
      onChangeRef.current(null);
    };
    void import('signature_pad').then(({ default: Pad }) => {
      if (!alive) return;
      size();
      pad = new Pad(canvas, { penColor: '#0f172a' });
      padRef.current = pad;
      pad.addEventListener('endStroke', () => {
        if (!pad || pad.isEmpty()) return onChangeRef.current(null);
        const png = pad.toDataURL('image/png');
        const over = png.length > SIGNATURE_PNG_MAX_CHARS;
        setTooLarge(over);
        onChangeRef.current(over ? null : png);
      });
    });
    window.addEventListener('resize', size);
    return () => {
      alive = false;
      window.removeEventListener('resize', size);
      pad?.off();
    };
  }, []);

  useEffect(() => {
    if (!padRef.current) return;
    if (disabled) padRef.current.off();
    else padRef.current.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setTooLarge(false);
    onChange(null);
  };

  return (
    <Box>
      <Typography id="signature-label" variant="body2" sx={{ mb: 0.5 }}>
        Draw your signature (optional: your typed name is your signature)
      </Typography>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-labelledby="signature-label"
        data-testid="signature-canvas"
        sx={{
          display: 'block',
          width: '100%',
          height: HEIGHT,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          touchAction: 'none',
        }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
        <Button size="small" onClick={clear} disabled={disabled}>
          Clear drawing
        </Button>
        {tooLarge && (
          <Typography variant="body2" color="error" role="alert">
            {SIGNING_MESSAGES.signature}: clear it and draw again.
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
