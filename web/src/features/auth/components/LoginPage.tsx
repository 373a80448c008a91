/**
 * Admin login (spec §2 "Admin login", §5, §8): POST /api/auth/login, then sign
 * in to Firebase with the returned custom token for live reads.
 *
 * Two fields checked with the domain's loginSchema on submit, then again as
 * they change, as the other forms do through react-hook-form. This form alone
 * does without it: the login page is the first admin JS the browser loads,
 * and react-hook-form with its zod resolver was 14.5 KB gzip of the admin's
 * 400 KB budget (bench "Admin JS after login"); the forms behind the login
 * load it when they open.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { signInWithCustomToken } from 'firebase/auth';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginReply, loginSchema, type LoginInput } from '@studio/domain';
import { api, ApiError } from '../../../shared/lib/api';
import { Logo } from '../../../shared/components/Logo';
import { useToast } from '../../../shared/components/Toast';
import { auth } from '../../../shared/data/firebase';

type FieldErrors = Partial<Record<keyof LoginInput, string>>;

/** The form's fields, in the order they are shown (loginSchema's). */
const FIELDS = Object.keys(loginSchema.shape) as (keyof LoginInput)[];

/** `values` checked with loginSchema: the parsed credentials, or the first message of each invalid field. */
function check(values: LoginInput): { data: LoginInput; errors: null } | { data: null; errors: FieldErrors } {
  const r = loginSchema.safeParse(values);
  if (r.success) return { data: r.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) errors[issue.path[0] as keyof LoginInput] ??= issue.message;
  return { data: null, errors };
}

/** `preloadNext` starts downloading the page shown after login (the dashboard) while the credentials are checked. */
export function LoginPage({ preloadNext }: { preloadNext?: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<keyof LoginInput, HTMLInputElement | null>>>({});

  const field = (name: keyof LoginInput) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      // After a first submit, as react-hook-form's default: errors follow the typing.
      if (errors) setErrors(check(next).errors ?? {});
    },
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    error: Boolean(errors?.[name]),
    helperText: errors?.[name],
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (isSubmitting) return;
    const { data, errors: found } = check(values);
    setErrors(found ?? {});
    if (!data) {
      // As react-hook-form does: the first field in error takes the focus, so the keyboard lands where to type.
      const first = FIELDS.find((name) => found[name]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setSubmitting(true);
    // The dashboard's chunks download while the credentials are checked.
    preloadNext?.().catch(() => undefined);
    try {
      const r = await api.post('/api/auth/login', data, loginReply);
      await signInWithCustomToken(auth, r.customToken);
      toast({ title: 'Login successful', description: 'Welcome to the CRM dashboard' });
      navigate('/admin/dashboard');
    } catch (e) {
      // A lockout (429: this API's or Firebase Auth's), a password the password policy refuses (403) or a sign-in
      // the server cannot run (503) says so; anything else is the spec's "Invalid credentials".
      const known = e instanceof ApiError && (e.status === 403 || e.status === 429 || e.status === 503);
      toast({ title: 'Login failed', description: known ? e.serverMessage : 'Invalid credentials', severity: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #1e1b4b, #0f172a)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: 4, display: 'grid', gap: 2 }}>
          <Logo />
          <Typography variant="h5" component="h1">
            Admin Login
          </Typography>
          <TextField label="Username" autoComplete="username" autoFocus {...field('username')} />
          <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? 'Logging in...' : 'Login'}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
