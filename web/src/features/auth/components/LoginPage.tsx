/**
 * Admin login (spec §2 "Admin login", §5, §8): POST /api/auth/login, then sign
 * in to Firebase with the returned custom token for live reads.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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

/** `preloadNext` starts downloading the page shown after login (the dashboard) while the credentials are checked. */
export function LoginPage({ preloadNext }: { preloadNext?: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (data: LoginInput) => {
    // The dashboard's chunks download while the credentials are checked.
    preloadNext?.().catch(() => undefined);
    try {
      const r = await api.post('/api/auth/login', data, loginReply);
      await signInWithCustomToken(auth, r.customToken);
      toast({ title: 'Login successful', description: 'Welcome to the CRM dashboard' });
      navigate('/admin/dashboard');
    } catch (e) {
      // A lockout (429) or a sign-in the server cannot run (503) says so; anything else is the spec's "Invalid credentials".
      const known = e instanceof ApiError && (e.status === 429 || e.status === 503);
      toast({ title: 'Login failed', description: known ? e.serverMessage : 'Invalid credentials', severity: 'error' });
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
        <CardContent
          component="form"
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          sx={{ p: 4, display: 'grid', gap: 2 }}
        >
          <Logo />
          <Typography variant="h5" component="h1">
            Admin Login
          </Typography>
          <TextField
            label="Username"
            autoComplete="username"
            autoFocus
            {...register('username')}
            error={!!errors.username}
            helperText={errors.username?.message}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...register('password')}
            error={!!errors.password}
            helperText={errors.password?.message}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {isSubmitting ? 'Logging in...' : 'Login'}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
